/* Not C: the compiler's first lines of standard error are the reason. */
#include "crypto_hash.h"

int crypto_hash(unsigned char *out, const unsigned char *in, unsigned long long inlen)
{
    return this_is_not_declared;
}
