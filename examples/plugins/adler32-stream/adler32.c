/*
 * Adler-32 (RFC 1950) through hashbench's own plugin header, with both a one-call
 * function and init/update/final, so hashbench verifies and times it as `oneshot`, `new`
 * and `reuse`:
 *
 *     hashbench run adler32/adler2 --plugin examples/plugins/adler32-stream \
 *         --pattern oneshot,new,reuse --sizes 64,4k
 *
 * hashbench compiles this folder (it has no api.h, so no eBASH shim) with the header
 * beside it. The digest is the checksum as a big-endian integer (vectors/README.md).
 */
#include "hashbench_plugin.h"

#define MOD 65521u
/* The most bytes before the sums must be reduced: 255 n (n+1) / 2 + (n+1)(MOD-1) fits
 * in 32 bits up to n = 5552 (zlib's NMAX). */
#define NMAX 5552

struct adler_state {
    uint32_t a, b;
};

static int adler_init(void *state)
{
    struct adler_state *s = state;
    s->a = 1;
    s->b = 0;
    return 0;
}

static int adler_update(void *state, const unsigned char *in, size_t len)
{
    struct adler_state *s = state;
    uint32_t a = s->a, b = s->b;
    while (len > 0) {
        size_t n = len < NMAX ? len : NMAX;
        len -= n;
        while (n--) {
            a += *in++;
            b += a;
        }
        a %= MOD;
        b %= MOD;
    }
    s->a = a;
    s->b = b;
    return 0;
}

static int adler_final(void *state, unsigned char *out)
{
    struct adler_state *s = state;
    uint32_t v = (s->b << 16) | s->a;
    out[0] = (unsigned char)(v >> 24);
    out[1] = (unsigned char)(v >> 16);
    out[2] = (unsigned char)(v >> 8);
    out[3] = (unsigned char)v;
    return 0;
}

static int adler_oneshot(unsigned char *out, const unsigned char *in, size_t len)
{
    struct adler_state s;
    adler_init(&s);
    adler_update(&s, in, len);
    return adler_final(&s, out);
}

static const struct hashbench_plugin descriptor = {
    .abi = HASHBENCH_PLUGIN_ABI,
    .digest_bytes = 4,
    .name = "adler32-stream",
    .algorithm = "adler32",
    .backend = "scalar, reduced every 5552 bytes",
    .oneshot = adler_oneshot,
    .state_bytes = sizeof(struct adler_state),
    .init = adler_init,
    .update = adler_update,
    .final = adler_final,
};

const struct hashbench_plugin *hashbench_plugin_v1(void)
{
    return &descriptor;
}
