/* A right CRC-32 that dies of SIGSEGV on an input of 7777 bytes, a length no known
 * answer has: it passes verification and crashes while it is timed. */
#include <stdint.h>
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
    static volatile uintptr_t address = 16;
    if (inlen == 7777)
        *(volatile unsigned char *)address = 1;
    put(out, crc(in, inlen));
    return 0;
}
