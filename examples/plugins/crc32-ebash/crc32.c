/*
 * CRC-32 (ISO-HDLC, as zlib and Ethernet compute it) in the eBASH/SUPERCOP layout: a
 * plain table-driven loop, one byte per step, to time beside hashbench's catalogue:
 *
 *     hashbench run crc32/crc32fast --plugin examples/plugins/crc32-ebash --sizes 64,4k
 *
 * The reflected polynomial 0xEDB88320, initial value and final XOR 0xFFFFFFFF. The
 * digest is the CRC as a big-endian integer, the byte order of hashbench's known
 * answers (vectors/README.md).
 */
#include "crypto_hash.h"

static unsigned int table[256];
static int table_ready;

/* The table of each byte's remainder, made on the first call: the plugin stays one
 * file with no generated data. */
static void make_table(void)
{
    for (unsigned int n = 0; n < 256; n++) {
        unsigned int c = n;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[n] = c;
    }
    table_ready = 1;
}

int crypto_hash(unsigned char *out, const unsigned char *in, unsigned long long inlen)
{
    if (!table_ready)
        make_table();
    unsigned int c = 0xFFFFFFFFu;
    for (unsigned long long i = 0; i < inlen; i++)
        c = table[(c ^ in[i]) & 0xFF] ^ (c >> 8);
    c ^= 0xFFFFFFFFu;
    out[0] = (unsigned char)(c >> 24);
    out[1] = (unsigned char)(c >> 16);
    out[2] = (unsigned char)(c >> 8);
    out[3] = (unsigned char)c;
    return 0;
}
