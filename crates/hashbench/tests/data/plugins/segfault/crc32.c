/* Writes to address 16 on every call: the worker dies of SIGSEGV. The address is read
 * through a volatile, so the compiler cannot see it is invalid and turn the store into
 * a trap of another kind. */
#include <stdint.h>
#include "crypto_hash.h"

static volatile uintptr_t address = 16;

int crypto_hash(unsigned char *out, const unsigned char *in, unsigned long long inlen)
{
    (void)out;
    (void)in;
    (void)inlen;
    *(volatile unsigned char *)address = 1;
    return 0;
}
