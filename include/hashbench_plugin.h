/*
 * hashbench_plugin.h: the C ABI through which `hashbench run --plugin PATH` times an
 * implementation of yours beside hashbench's catalogue (docs/plugins.md).
 *
 * ABI version 1. A plugin is a shared library that exports
 *
 *     const struct hashbench_plugin *hashbench_plugin_v1(void);
 *
 * returning a descriptor that lives as long as the library is loaded (a static const
 * object). hashbench loads it in a worker process of its own, so a crash in the plugin
 * ends that plugin's measurements, never the run.
 *
 * Rules hashbench checks when it loads the library (a plugin that breaks one is refused,
 * with the rule named):
 *   - `abi` is HASHBENCH_PLUGIN_ABI (1);
 *   - `name` is 1 to 64 characters of letters, digits, '.', '_', '-' or '+': the library
 *     part of the implementation id, `<algorithm>/plugin:<name>`;
 *   - `algorithm` is a catalogue algorithm id (`hashbench list` shows them: `crc32`,
 *     `sha2-256`, ...), and `digest_bytes` is that algorithm's output length (1 to 64);
 *   - `backend` is free text (what kernel runs; may be NULL);
 *   - at least one way to hash: `oneshot`, or the streaming trio `init`, `update`,
 *     `final` (all three) with `state_bytes` from 1 to 1 MiB. Give both if the library
 *     has both: each is verified and timed as its own pattern.
 *
 * Every function returns 0 on success; any other value is a failure, which hashbench
 * reports (naming the function and the value) instead of using the digest. The digest
 * is written in the byte order of the catalogue's known answers (vectors/README.md:
 * integer checksums such as CRC-32 as big-endian integers, other digests as bytes).
 * `out` has room for exactly `digest_bytes` bytes: hashbench checks the bytes after it
 * and refuses a plugin that writes past them. `state` is `state_bytes` bytes aligned to
 * 64 bytes, owned by hashbench; `init` is called before the first `update` and after
 * each `final`.
 */
#ifndef HASHBENCH_PLUGIN_H
#define HASHBENCH_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#define HASHBENCH_PLUGIN_ABI 1

#ifdef __cplusplus
extern "C" {
#endif

struct hashbench_plugin {
    /* HASHBENCH_PLUGIN_ABI. */
    uint32_t abi;
    /* Digest length in bytes: the algorithm's output length. */
    uint32_t digest_bytes;
    /* Library name: the implementation id is `<algorithm>/plugin:<name>`. */
    const char *name;
    /* The catalogue algorithm this implements (`crc32`, `sha2-256`, ...). */
    const char *algorithm;
    /* What runs, free text (`table-driven, 1 byte per step`); may be NULL. */
    const char *backend;
    /* One call: the digest of in[0..len) into out. NULL if the library has none. */
    int (*oneshot)(unsigned char *out, const unsigned char *in, size_t len);
    /* Streaming: the size of the state hashbench allocates, then init / update (any
     * number of times) / final. All NULL (and state_bytes 0) if the library has none. */
    size_t state_bytes;
    int (*init)(void *state);
    int (*update)(void *state, const unsigned char *in, size_t len);
    int (*final)(void *state, unsigned char *out);
};

/* The one symbol hashbench looks up. */
const struct hashbench_plugin *hashbench_plugin_v1(void);

#ifdef __cplusplus
}
#endif

#endif /* HASHBENCH_PLUGIN_H */
