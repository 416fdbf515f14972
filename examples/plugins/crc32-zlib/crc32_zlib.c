/*
 * zlib's own crc32() through hashbench's plugin header: the same C function as the
 * catalogue's `crc32/zlib` row, so that the two figures show what the plugin path
 * costs (docs/plugins.md, "Fairness"). It links the system's zlib:
 *
 *     hashbench run crc32/zlib --plugin examples/plugins/crc32-zlib --cflags=-lz \
 *         --sizes 64,4k,64k
 *
 * The catalogue's row is the zlib that libz-sys builds (its version is in `hashbench
 * list crc32/zlib`); the system's may be another release of the same code.
 */
#include <zlib.h>

#include "hashbench_plugin.h"

static int crc32_oneshot(unsigned char *out, const unsigned char *in, size_t len)
{
    /* zlib takes a uInt length: longer inputs go in pieces, as a caller would. */
    uLong crc = crc32(0L, Z_NULL, 0);
    while (len > 0) {
        uInt n = len > 0x40000000u ? 0x40000000u : (uInt)len;
        crc = crc32(crc, in, n);
        in += n;
        len -= n;
    }
    out[0] = (unsigned char)(crc >> 24);
    out[1] = (unsigned char)(crc >> 16);
    out[2] = (unsigned char)(crc >> 8);
    out[3] = (unsigned char)crc;
    return 0;
}

static const struct hashbench_plugin descriptor = {
    .abi = HASHBENCH_PLUGIN_ABI,
    .digest_bytes = 4,
    .name = "zlib-system",
    .algorithm = "crc32",
    .backend = "system zlib crc32()",
    .oneshot = crc32_oneshot,
};

const struct hashbench_plugin *hashbench_plugin_v1(void)
{
    return &descriptor;
}
