/* eBASH/SUPERCOP's api.h: the digest length. */
#define CRYPTO_BYTES 8
