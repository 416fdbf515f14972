'use strict'
// hashbench runtime adapter for Node.js: the JSON-lines protocol of docs/adapters.md
// (hello / digest / time) over stdin/stdout. Standard error carries free-text messages.
//
// Implementations (ids `<algorithm>/node:<library>`):
//   node:crypto          md5, sha1, sha2-*, sha3-*, blake2b-512, blake2s-256 (OpenSSL EVP)
//   node:sodium-native   blake2b-512, blake2b-256 (libsodium crypto_generichash)
//   node:napi-rs-blake-hash  blake3, blake2b-512, blake2s-256 (npm @napi-rs/blake-hash: Rust
//                        crates through napi-rs)
//   node:node-rs-xxhash  xxh32, xxh64, xxh3-64, xxh3-128 (npm @node-rs/xxhash: Rust
//                        xxhash-rust through napi-rs)
//   node:xxhash-wasm     xxh32, xxh64 (xxHash compiled to WebAssembly)
// The library part of an id has no '/' (adapters/check.py requires [^/\s]+), so the scoped
// npm names are spelled without '@' and '/'; `provider` carries the exact npm name.
// Every pattern is written the way a caller of that library writes it; see `pattern`
// comments below. A package that fails to load is left out (with a message on stderr).

const crypto = require('crypto')
const fs = require('fs')
const path = require('path')
const readline = require('readline')

// ---------------------------------------------------------------------------------------
// Package metadata, read at run time.

function pkgVersion (name) {
  try {
    return require(`${name}/package.json`).version
  } catch (_) {
    // Packages whose "exports" hide package.json: walk up from the resolved entry point.
    let dir = path.dirname(require.resolve(name))
    for (;;) {
      const file = path.join(dir, 'package.json')
      if (fs.existsSync(file)) {
        const meta = JSON.parse(fs.readFileSync(file, 'utf8'))
        if (meta.name === name) return meta.version
      }
      const up = path.dirname(dir)
      if (up === dir) throw new Error(`no package.json found for ${name}`)
      dir = up
    }
  }
}

function tryLoad (name) {
  try {
    const mod = require(name)
    return { mod, version: pkgVersion(name) }
  } catch (e) {
    process.stderr.write(`node adapter: ${name} unavailable, its implementations are left out: ${String(e && e.message).split('\n')[0]}\n`)
    return null
  }
}

// ---------------------------------------------------------------------------------------
// Result kinds: how a call's result becomes digest hex, and how the timed loop folds it
// into the sink (the expression is spliced into the generated loop, `r` is the result).

const KINDS = {
  bytes: { hex: (r) => Buffer.from(r.buffer, r.byteOffset, r.byteLength).toString('hex'), fold: 'r[0]' },
  hex: { hex: (r) => decodeHexText(r), fold: 'r.charCodeAt(0)' },
  u32: { hex: (r) => (r >>> 0).toString(16).padStart(8, '0'), fold: '(r & 255)' },
  u64: { hex: (r) => BigInt.asUintN(64, r).toString(16).padStart(16, '0'), fold: 'Number(r & 255n)' },
  u128: { hex: (r) => BigInt.asUintN(128, r).toString(16).padStart(32, '0'), fold: 'Number(r & 255n)' },
  byte: { hex: (r) => (r & 255).toString(16).padStart(2, '0'), fold: '(r & 255)' }
}

// `hex` replies are the text decoded: reject anything that is not lowercase hex.
function decodeHexText (s) {
  if (typeof s !== 'string' || s.length % 2 !== 0 || !/^[0-9a-f]*$/.test(s)) {
    throw new Error(`hex pattern returned non-lowercase-hex text: ${JSON.stringify(String(s).slice(0, 80))}`)
  }
  return s
}

// ---------------------------------------------------------------------------------------
// The implementations. Each pattern is { kind, make } where make() builds, outside any
// timing, whatever the pattern reuses and returns:
//   one(data)     -> result: one timed call of the pattern
//   parts(chunks) -> result: the same with the message cut into several updates
//                    (only patterns that update an object: `new`, `reuse`)

const impls = new Map() // id -> { id, algorithm, provider, backend, patterns: Map }

function addImpl (algorithm, library, provider, backend, patterns) {
  const id = `${algorithm}/node:${library}`
  impls.set(id, { id, algorithm, provider, backend, patterns: new Map(Object.entries(patterns)) })
}

// node:crypto ----------------------------------------------------------------------------
{
  const available = new Set(crypto.getHashes())
  const provider = `node:crypto (OpenSSL ${process.versions.openssl})`
  const algs = [
    ['md5', 'md5'], ['sha1', 'sha1'],
    ['sha2-224', 'sha224'], ['sha2-256', 'sha256'], ['sha2-384', 'sha384'], ['sha2-512', 'sha512'],
    ['sha2-512-256', 'sha512-256'],
    ['sha3-224', 'sha3-224'], ['sha3-256', 'sha3-256'], ['sha3-384', 'sha3-384'], ['sha3-512', 'sha3-512'],
    ['blake2b-512', 'blake2b512'], ['blake2s-256', 'blake2s256']
  ]
  const hasOneshot = typeof crypto.hash === 'function' // Node >= 20.12 / 21.7
  for (const [algorithm, name] of algs) {
    if (!available.has(name)) {
      process.stderr.write(`node adapter: node:crypto has no '${name}', ${algorithm} left out\n`)
      continue
    }
    const patterns = {}
    if (hasOneshot) {
      // crypto.hash(alg, data, 'buffer'): the one-call function.
      patterns.oneshot = { kind: 'bytes', make: () => ({ one: (d) => crypto.hash(name, d, 'buffer') }) }
    }
    // createHash per call, one update, digest (no reset exists, so no `reuse`).
    patterns.new = {
      kind: 'bytes',
      make: () => ({
        one: (d) => crypto.createHash(name).update(d).digest(),
        parts: (chunks) => {
          const h = crypto.createHash(name)
          for (const c of chunks) h.update(c)
          return h.digest()
        }
      })
    }
    // createHash per call, digest('hex'): the seed's "no prealloc, digest".
    patterns.hex = { kind: 'hex', make: () => ({ one: (d) => crypto.createHash(name).update(d).digest('hex') }) }
    addImpl(algorithm, 'crypto', provider, 'OpenSSL EVP', patterns)
  }
}

// sodium-native --------------------------------------------------------------------------
{
  const pkg = tryLoad('sodium-native')
  if (pkg) {
    const s = pkg.mod
    const provider = `sodium-native ${pkg.version}`
    const backend = `libsodium crypto_generichash (${s.crypto_generichash_PRIMITIVE})`
    const STATEBYTES = s.crypto_generichash_STATEBYTES
    for (const [algorithm, outLen] of [['blake2b-512', 64], ['blake2b-256', 32]]) {
      addImpl(algorithm, 'sodium-native', provider, backend, {
        // The one-call function into a fresh output Buffer per call (the seed's "no prealloc").
        oneshot: {
          kind: 'bytes',
          make: () => ({
            one: (d) => {
              const out = Buffer.allocUnsafe(outLen)
              s.crypto_generichash(out, d)
              return out
            }
          })
        },
        // The one-call function into an output Buffer allocated once (the seed's "prealloc").
        prealloc: {
          kind: 'bytes',
          make: () => {
            const out = Buffer.alloc(outLen)
            return {
              one: (d) => {
                s.crypto_generichash(out, d)
                return out
              }
            }
          }
        },
        // A fresh state Buffer per call: init, update, final (the seed's "state no reuse").
        new: {
          kind: 'bytes',
          make: () => ({
            one: (d) => {
              const state = Buffer.allocUnsafe(STATEBYTES)
              const out = Buffer.allocUnsafe(outLen)
              s.crypto_generichash_init(state, null, outLen)
              s.crypto_generichash_update(state, d)
              s.crypto_generichash_final(state, out)
              return out
            },
            parts: (chunks) => {
              const state = Buffer.allocUnsafe(STATEBYTES)
              const out = Buffer.allocUnsafe(outLen)
              s.crypto_generichash_init(state, null, outLen)
              for (const c of chunks) s.crypto_generichash_update(state, c)
              s.crypto_generichash_final(state, out)
              return out
            }
          })
        },
        // One state Buffer (and output Buffer) allocated once, re-`init`ed on every call
        // (the seed's "state reuse").
        reuse: {
          kind: 'bytes',
          make: () => {
            const state = Buffer.alloc(STATEBYTES)
            const out = Buffer.alloc(outLen)
            return {
              one: (d) => {
                s.crypto_generichash_init(state, null, outLen)
                s.crypto_generichash_update(state, d)
                s.crypto_generichash_final(state, out)
                return out
              },
              parts: (chunks) => {
                s.crypto_generichash_init(state, null, outLen)
                for (const c of chunks) s.crypto_generichash_update(state, c)
                s.crypto_generichash_final(state, out)
                return out
              }
            }
          }
        },
        // The seed's "prealloc, digest": the one-call function into the reused output
        // Buffer, turned into hex text per call.
        hex: {
          kind: 'hex',
          make: () => {
            const out = Buffer.alloc(outLen)
            return {
              one: (d) => {
                s.crypto_generichash(out, d)
                return out.toString('hex')
              }
            }
          }
        }
      })
    }
  }
}

// @napi-rs/blake-hash --------------------------------------------------------------------
{
  const pkg = tryLoad('@napi-rs/blake-hash')
  if (pkg) {
    const b = pkg.mod
    const provider = `@napi-rs/blake-hash ${pkg.version}`
    const LIB_BLAKE = 'napi-rs-blake-hash'
    addImpl('blake3', LIB_BLAKE, provider, 'Rust blake3 crate (napi-rs)', {
      oneshot: { kind: 'bytes', make: () => ({ one: (d) => b.blake3(d) }) },
      new: {
        kind: 'bytes',
        make: () => ({
          one: (d) => new b.Blake3Hasher().update(d).digestBuffer(),
          parts: (chunks) => {
            const h = new b.Blake3Hasher()
            for (const c of chunks) h.update(c)
            return h.digestBuffer()
          }
        })
      },
      // One hasher, update, digest, then the library's reset().
      reuse: {
        kind: 'bytes',
        make: () => {
          const h = new b.Blake3Hasher()
          return {
            one: (d) => {
              h.update(d)
              const r = h.digestBuffer()
              h.reset()
              return r
            },
            parts: (chunks) => {
              for (const c of chunks) h.update(c)
              const r = h.digestBuffer()
              h.reset()
              return r
            }
          }
        }
      },
      hex: { kind: 'hex', make: () => ({ one: (d) => b.blake3(d).toString('hex') }) }
    })
    // BLAKE2 hashers have no reset: no `reuse`.
    for (const [algorithm, fn, Hasher, crate] of [
      ['blake2b-512', b.blake2b, b.Blake2BHasher, 'blake2b_simd'],
      ['blake2s-256', b.blake2s, b.Blake2SHasher, 'blake2s_simd']
    ]) {
      addImpl(algorithm, LIB_BLAKE, provider, `Rust ${crate} crate (napi-rs)`, {
        oneshot: { kind: 'bytes', make: () => ({ one: (d) => fn(d) }) },
        new: {
          kind: 'bytes',
          make: () => ({
            one: (d) => new Hasher().update(d).digestBuffer(),
            parts: (chunks) => {
              const h = new Hasher()
              for (const c of chunks) h.update(c)
              return h.digestBuffer()
            }
          })
        },
        hex: { kind: 'hex', make: () => ({ one: (d) => fn(d).toString('hex') }) }
      })
    }
  }
}

// xxHash: integers; `hex` is the caller's toString(16).padStart (big-endian text).
function xxPatterns (kind, oneshot, Ctor, hasReset, width) {
  const p = {
    oneshot: { kind, make: () => ({ one: oneshot }) }
  }
  if (Ctor) {
    p.new = {
      kind,
      make: () => ({
        one: (d) => Ctor().update(d).digest(),
        parts: (chunks) => {
          const h = Ctor()
          for (const c of chunks) h.update(c)
          return h.digest()
        }
      })
    }
    if (hasReset) {
      p.reuse = {
        kind,
        make: () => {
          const h = Ctor()
          return {
            one: (d) => {
              h.update(d)
              const r = h.digest()
              h.reset()
              return r
            },
            parts: (chunks) => {
              for (const c of chunks) h.update(c)
              const r = h.digest()
              h.reset()
              return r
            }
          }
        }
      }
    }
  }
  p.hex = {
    kind: 'hex',
    make: kind === 'u32'
      ? () => ({ one: (d) => (oneshot(d) >>> 0).toString(16).padStart(width, '0') })
      : () => ({ one: (d) => oneshot(d).toString(16).padStart(width, '0') })
  }
  return p
}

// @node-rs/xxhash ------------------------------------------------------------------------
{
  const pkg = tryLoad('@node-rs/xxhash')
  if (pkg) {
    const x = pkg.mod
    const provider = `@node-rs/xxhash ${pkg.version}`
    const backend = 'Rust xxhash-rust crate (napi-rs)'
    const lib = 'node-rs-xxhash'
    addImpl('xxh32', lib, provider, backend,
      xxPatterns('u32', (d) => x.xxh32(d, 0), () => new x.Xxh32(0), true, 8))
    addImpl('xxh64', lib, provider, backend,
      xxPatterns('u64', (d) => x.xxh64(d, 0n), () => new x.Xxh64(0n), true, 16))
    addImpl('xxh3-64', lib, provider, backend,
      xxPatterns('u64', (d) => x.xxh3.xxh64(d, 0n), () => x.xxh3.Xxh3.withSeed(0n), true, 16))
    // No streaming XXH3-128 in this package: oneshot and hex only.
    addImpl('xxh3-128', lib, provider, backend,
      xxPatterns('u128', (d) => x.xxh3.xxh128(d, 0n), null, false, 32))
  }
}

// xxhash-wasm (instantiated asynchronously before the first request is read) -------------
async function loadXxhashWasm () {
  const pkg = tryLoad('xxhash-wasm')
  if (!pkg) return
  let api
  try {
    api = await pkg.mod()
  } catch (e) {
    process.stderr.write(`node adapter: xxhash-wasm failed to instantiate: ${e && e.message}\n`)
    return
  }
  const provider = `xxhash-wasm ${pkg.version}`
  const backend = 'xxHash compiled to WebAssembly'
  // create32/create64 have no reset: no `reuse`.
  addImpl('xxh32', 'xxhash-wasm', provider, backend,
    xxPatterns('u32', (d) => api.h32Raw(d, 0), () => api.create32(0), false, 8))
  addImpl('xxh64', 'xxhash-wasm', provider, backend,
    xxPatterns('u64', (d) => api.h64Raw(d, 0n), () => api.create64(0n), false, 16))
}

// The protocol version this adapter speaks (docs/adapters.md): hello reports it.
const PROTOCOL = 1

// The nop: the same loop, a call returning the input's first byte (or 0).
const NOP_ID = 'nop/node'
const NOP = { kind: 'byte', make: () => ({ one: (d) => (d.length > 0 ? d[0] : 0) }) }

// ---------------------------------------------------------------------------------------
// Input generator and fold (vectors/README.md, docs/adapters.md), on 32-bit halves.

function xorshiftInput (size, seed) {
  const buf = Buffer.alloc(size)
  let hi = Number(BigInt.asUintN(64, seed) >> 32n) >>> 0
  let lo = Number(BigInt.asUintN(32, seed)) >>> 0
  let t
  for (let off = 0; off < size; off += 8) {
    // x ^= x << 13
    hi = (hi ^ ((hi << 13) | (lo >>> 19))) >>> 0
    lo = (lo ^ (lo << 13)) >>> 0
    // x ^= x >> 7
    lo = (lo ^ ((lo >>> 7) | (hi << 25))) >>> 0
    hi = (hi ^ (hi >>> 7)) >>> 0
    // x ^= x << 17
    t = (hi ^ ((hi << 17) | (lo >>> 15))) >>> 0
    lo = (lo ^ (lo << 17)) >>> 0
    hi = t
    if (off + 8 <= size) {
      buf.writeUInt32LE(lo, off)
      buf.writeUInt32LE(hi, off + 4)
    } else {
      const tail = Buffer.alloc(8)
      tail.writeUInt32LE(lo, 0)
      tail.writeUInt32LE(hi, 4)
      tail.copy(buf, off, 0, size - off)
    }
  }
  return buf
}

// The input of a `time` request and its fold, kept for the cell's later requests (every
// sample of every round is one): making and folding 1 MiB here took about 10 ms a
// request, ten times the hashing it was made for.
let lastInput = null
function cellInput (size, seed) {
  if (lastInput === null || lastInput.size !== size || lastInput.seed !== seed) {
    const data = xorshiftInput(size, seed)
    lastInput = { size, seed, data, fold: inputFold(data) }
  }
  return lastInput
}

function inputFold (buf) {
  let lo = 0
  let hi = 0
  const full = buf.length - (buf.length % 8)
  for (let off = 0; off < full; off += 8) {
    lo ^= buf.readUInt32LE(off)
    hi ^= buf.readUInt32LE(off + 4)
  }
  if (full < buf.length) {
    const tail = Buffer.alloc(8)
    buf.copy(tail, 0, full)
    lo ^= tail.readUInt32LE(0)
    hi ^= tail.readUInt32LE(4)
  }
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0')
}

// ---------------------------------------------------------------------------------------
// The timed loop. One loop function is compiled per `time` request (unique source text),
// so that its call site sees only this pattern's function and V8's feedback from other
// implementations never makes it polymorphic; every result is folded into `sink`, which
// is written to a global after the batches.

let loopCounter = 0
globalThis.__hashbenchNodeSink = 0

function compileLoop (foldExpr, label) {
  loopCounter += 1
  const src = `// hashbench timed loop #${loopCounter}: ${label.replace(/[\r\n]/g, ' ')}
return function timedLoop (call, data, iterations, batches) {
  const out = new Array(batches)
  let sink = 0
  let r
  for (let b = 0; b < batches; b++) {
    const t0 = process.hrtime.bigint()
    for (let i = 0; i < iterations; i++) {
      r = call(data)
      sink ^= ${foldExpr}
    }
    const t1 = process.hrtime.bigint()
    out[b] = Number(t1 - t0)
  }
  return { out, sink, last: r }
}`
  // eslint-disable-next-line no-new-func
  return new Function('process', src)(process)
}

// ---------------------------------------------------------------------------------------
// Requests.

class RequestError extends Error {}

function lookup (req, allowNop) {
  if (typeof req.id !== 'string') throw new RequestError('missing or non-string "id"')
  if (typeof req.pattern !== 'string') throw new RequestError('missing or non-string "pattern"')
  if (allowNop && req.id === NOP_ID) {
    if (req.pattern !== 'oneshot') throw new RequestError(`${NOP_ID} has only the pattern oneshot, not ${JSON.stringify(req.pattern)}`)
    return NOP
  }
  const impl = impls.get(req.id)
  if (!impl) throw new RequestError(`unknown implementation ${JSON.stringify(req.id)}`)
  const pat = impl.patterns.get(req.pattern)
  if (!pat) {
    throw new RequestError(`${req.id} does not express the pattern ${JSON.stringify(req.pattern)} (it has: ${[...impl.patterns.keys()].join(', ')})`)
  }
  return pat
}

function opHello () {
  return {
    ok: true,
    protocol: PROTOCOL,
    runtime: 'node',
    version: process.version,
    nop: NOP_ID,
    implementations: [...impls.values()].map((i) => ({
      id: i.id,
      algorithm: i.algorithm,
      provider: i.provider,
      backend: i.backend,
      patterns: [...i.patterns.keys()]
    }))
  }
}

function opDigest (req) {
  const pat = lookup(req, false)
  if (typeof req.data !== 'string' || req.data.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(req.data)) {
    throw new RequestError('"data" must be a string of hex digits of even length')
  }
  const data = Buffer.from(req.data, 'hex')
  let splits = []
  if (req.splits !== undefined && req.splits !== null) {
    if (!Array.isArray(req.splits)) throw new RequestError('"splits" must be an array of byte offsets')
    splits = req.splits
    let prev = 0
    for (const s of splits) {
      if (!Number.isSafeInteger(s) || s < prev || s > data.length) {
        throw new RequestError(`"splits" must be ascending byte offsets within the data (0..${data.length}): ${JSON.stringify(req.splits)}`)
      }
      prev = s
    }
  }
  const h = pat.make()
  const kind = KINDS[pat.kind]
  if (splits.length > 0) {
    if (!h.parts) throw new RequestError(`the pattern ${req.pattern} is one call and cannot split the message`)
    const chunks = []
    let prev = 0
    for (const s of splits) {
      chunks.push(data.subarray(prev, s))
      prev = s
    }
    chunks.push(data.subarray(prev))
    if (req.pattern === 'reuse') kind.hex(h.parts(chunks))
    return { ok: true, digest: kind.hex(h.parts(chunks)) }
  }
  if (req.pattern === 'reuse') kind.hex(h.one(data))
  return { ok: true, digest: kind.hex(h.one(data)) }
}

function positiveInt (req, field, min) {
  const v = req[field]
  if (!Number.isSafeInteger(v) || v < min) throw new RequestError(`"${field}" must be an integer >= ${min}`)
  return v
}

function opTime (req, raw) {
  const pat = lookup(req, true)
  const size = positiveInt(req, 'size', 0)
  const iterations = positiveInt(req, 'iterations', 1)
  const batches = positiveInt(req, 'batches', 1)
  // The seed is a u64: JSON numbers above 2^53 lose precision in JS, so take its digits
  // from the request text when they are not a safe integer.
  let seed
  if (Number.isSafeInteger(req.seed)) {
    seed = BigInt(req.seed)
  } else if (typeof req.seed === 'number' && Number.isInteger(req.seed)) {
    const m = /"seed"\s*:\s*(\d+)/.exec(raw)
    if (!m) throw new RequestError('"seed" must be a nonzero unsigned 64-bit integer')
    seed = BigInt(m[1])
  } else {
    throw new RequestError('"seed" must be a nonzero unsigned 64-bit integer')
  }
  if (seed <= 0n || seed >= (1n << 64n)) throw new RequestError('"seed" must be a nonzero unsigned 64-bit integer')

  const { data, fold } = cellInput(size, seed)
  const h = pat.make()
  const kind = KINDS[pat.kind]
  const loop = compileLoop(kind.fold, `${req.id}@${req.pattern}`)
  const res = loop(h.one, data, iterations, batches)
  globalThis.__hashbenchNodeSink ^= res.sink
  return { ok: true, input_fold: fold, batches_ns: res.out, digest: kind.hex(res.last) }
}

function handle (line) {
  let req
  try {
    req = JSON.parse(line)
  } catch (e) {
    return { ok: false, error: `malformed JSON: ${e.message}` }
  }
  try {
    if (req === null || typeof req !== 'object' || Array.isArray(req)) throw new RequestError('a request must be a JSON object')
    switch (req.op) {
      case 'hello': return opHello()
      case 'digest': return opDigest(req)
      case 'time': return opTime(req, line)
      default: throw new RequestError(`unknown op ${JSON.stringify(req.op)}`)
    }
  } catch (e) {
    const msg = e instanceof RequestError ? e.message : `${req && req.id ? req.id + ': ' : ''}${e && e.message}`
    return { ok: false, error: String(msg).replace(/\s*\n\s*/g, ' ') }
  }
}

async function main () {
  await loadXxhashWasm()
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false })
  rl.on('line', (line) => {
    process.stdout.write(JSON.stringify(handle(line)) + '\n')
  })
  rl.on('close', () => {
    if (globalThis.__hashbenchNodeSink === 0x7fffffff) process.stderr.write('\n') // keep the sink observable
  })
}

module.exports = { xorshiftInput, inputFold, handle, impls, loadXxhashWasm }

if (require.main === module) {
  main().catch((e) => {
    process.stderr.write(`node adapter: ${e && e.stack}\n`)
    process.exit(1)
  })
}
