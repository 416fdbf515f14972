/* A right CRC-32 that returns 3: the call says it failed. */
#include "crypto_hash.h"

static unsigned int crc(const unsigned char *in, unsigned long long n)
{
    unsigned int c = 0xFFFFFFFFu;
    while (n--) {
        c ^= *in++;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    }
    return c ^ 0xFFFFFFFFu;
}

static void put(unsigned char *out, unsigned int c)
{
    out[0] = c >> 24; out[1] = c >> 16; out[2] = c >> 8; out[3] = c;
}

int crypto_hash(unsigned char *out, const unsigned char *in, unsigned long long inlen)
{
    put(out, crc(in, inlen));
    return 3;
}
