/*
 * FNV-1a, 64 bits (Fowler, Noll and Vo): an algorithm hashbench's catalogue does not
 * have, defined beside it by this folder's hashbench-plugin.toml and held to the known
 * answers in vectors.json before it is timed:
 *
 *     hashbench verify --plugin examples/plugins/fnv1a-64
 *     hashbench run xxh3-64/twox-hash --plugin examples/plugins/fnv1a-64 --sizes 16,64,4k
 *
 * One byte per step: XOR the byte into the state, multiply by the 64-bit FNV prime.
 * The digest is the state as a big-endian integer, the byte order of hashbench's known
 * answers for integer-valued hashes (vectors/README.md).
 */
#include "crypto_hash.h"

#define FNV64_OFFSET_BASIS 0xcbf29ce484222325ull
#define FNV64_PRIME 0x100000001b3ull

int crypto_hash(unsigned char *out, const unsigned char *in, unsigned long long inlen)
{
    unsigned long long h = FNV64_OFFSET_BASIS;
    for (unsigned long long i = 0; i < inlen; i++) {
        h ^= in[i];
        h *= FNV64_PRIME;
    }
    for (int i = 0; i < 8; i++)
        out[i] = (unsigned char)(h >> (56 - 8 * i));
    return 0;
}
