package main

// The implementations and their patterns, each written as a Go caller writes it.
//
// Every call is spelled out per implementation (no generic wrapper and no constructor passed
// as a func value), so that the compiler sees the same direct calls, concrete types, inlining
// and escape analysis as in a caller's code; only the outer callFn is an indirect call, and
// the nop pays it too.
//
// Patterns:
//   - oneshot: the package's one-call function (sha256.Sum256, crc32.ChecksumIEEE,
//     xxh3.Hash, ...); a returned array or integer is stored into the caller's out buffer.
//   - new: the constructor per call (sha256.New(), crc32.New(tab), xxh3.New(), ...), one
//     Write, then the digest: Sum(nil) for digests (a fresh slice, what callers write),
//     Sum32/Sum64/Sum128 for integer checksums (the value, what callers use).
//   - reuse: one hasher made outside the timing; per call Write, the digest as in `new`
//     (Sum(nil), which allocates the result; or SumNN), then the library's Reset.
//   - prealloc (digests only): as `reuse`, but Sum(out[:0]) appends the digest into the
//     caller's buffer (allocated once, large enough), so the call allocates nothing. Both are
//     honest and they differ: `reuse` is the common h.Sum(nil) idiom and pays the result's
//     allocation, `prealloc` is what an allocation-conscious caller writes. Integer checksums
//     have no `prealloc`: their SumNN already returns the value without allocating.
//   - hex: hex.EncodeToString of the one-call result (for integer checksums, of its
//     big-endian bytes, the digest byte order of vectors/README.md): one encoder for every
//     package, as in hashbench's own `hex` pattern.

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"encoding/binary"
	"encoding/hex"
	"hash/adler32"
	"hash/crc32"
	"hash/crc64"
	"runtime"
	"runtime/debug"

	"github.com/cespare/xxhash/v2"
	"github.com/zeebo/blake3"
	"github.com/zeebo/xxh3"
	"golang.org/x/crypto/blake2b"
	"golang.org/x/crypto/blake2s"
)

// Tables built once, as callers keep them in a package variable.
var (
	castagnoliTable = crc32.MakeTable(crc32.Castagnoli)
	ecmaTable       = crc64.MakeTable(crc64.ECMA)
	// CRC-64/NVME: polynomial 0xad93d23594c93659, reflected (hash/crc64 takes the reversed
	// polynomial, 0x9a6c9329ac4bc9b5), init and xorout all ones, which hash/crc64 applies
	// to every table (the same parameters as CRC-64/XZ, whose reversed polynomial is
	// crc64.ECMA). hash/crc64 has no constant for it: a caller makes the table like this.
	nvmeTable = crc64.MakeTable(0x9a6c9329ac4bc9b5)
)

// moduleVersions: the modules linked into this binary and their versions, from the build
// information the Go toolchain embeds in it.
var moduleVersions = func() map[string]string {
	m := map[string]string{}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			v := d.Version
			if d.Replace != nil {
				v = d.Replace.Path + " " + d.Replace.Version + " (replacing " + d.Version + ")"
			}
			m[d.Path] = v
		}
	}
	return m
}()

func stdProvider(pkg string) string { return pkg + " (Go standard library " + runtime.Version() + ")" }

func modProvider(module, pkg string) string {
	v, ok := moduleVersions[module]
	if !ok {
		v = "(version not in the build information)"
	}
	return pkg + " " + v
}

type namedPattern struct {
	name string
	p    pattern
}

func same(f callFn) func() callFn { return func() callFn { return f } }

func oneshotP(f callFn) namedPattern { return namedPattern{"oneshot", pattern{make: same(f)}} }
func newP(f callFn) namedPattern     { return namedPattern{"new", pattern{make: same(f), splits: true}} }
func reuseP(m func() callFn) namedPattern {
	return namedPattern{"reuse", pattern{make: m, splits: true}}
}
func preallocP(m func() callFn) namedPattern {
	// docs/adapters.md: splits are for new and reuse; prealloc is checked as one call.
	return namedPattern{"prealloc", pattern{make: m}}
}
func hexP(f callFn) namedPattern { return namedPattern{"hex", pattern{make: same(f), hex: true}} }

func mkImpl(algorithm, library, provider, backend string, stream func() hashHash, ps ...namedPattern) *impl {
	im := &impl{
		id:        algorithm + "/go:" + library,
		algorithm: algorithm,
		provider:  provider,
		backend:   backend,
		patterns:  map[string]pattern{},
		stream:    stream,
	}
	for _, np := range ps {
		im.order = append(im.order, np.name)
		im.patterns[np.name] = np.p
	}
	return im
}

func be32(out []byte, v uint32) int { binary.BigEndian.PutUint32(out, v); return 4 }
func be64(out []byte, v uint64) int { binary.BigEndian.PutUint64(out, v); return 8 }

func hex32(out []byte, v uint32) int {
	var b [4]byte
	binary.BigEndian.PutUint32(b[:], v)
	return copy(out, hex.EncodeToString(b[:]))
}

func hex64(out []byte, v uint64) int {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], v)
	return copy(out, hex.EncodeToString(b[:]))
}

func implementations() []*impl {
	x3 := modProvider("github.com/zeebo/xxh3", "github.com/zeebo/xxh3")
	return []*impl{
		// ---- crypto/md5, crypto/sha1, crypto/sha256, crypto/sha512, crypto/sha3 ----
		mkImpl("md5", "crypto/md5", stdProvider("crypto/md5"), backMD5(),
			func() hashHash { return md5.New() },
			oneshotP(func(d, out []byte) int { s := md5.Sum(d); return copy(out, s[:]) }),
			newP(func(d, out []byte) int { h := md5.New(); h.Write(d); return copy(out, h.Sum(nil)) }),
			reuseP(func() callFn {
				h := md5.New()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(nil); h.Reset(); return copy(out, s) }
			}),
			preallocP(func() callFn {
				h := md5.New()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(out[:0]); h.Reset(); return len(s) }
			}),
			hexP(func(d, out []byte) int { s := md5.Sum(d); return copy(out, hex.EncodeToString(s[:])) }),
		),
		mkImpl("sha1", "crypto/sha1", stdProvider("crypto/sha1"), backSHA1(),
			func() hashHash { return sha1.New() },
			oneshotP(func(d, out []byte) int { s := sha1.Sum(d); return copy(out, s[:]) }),
			newP(func(d, out []byte) int { h := sha1.New(); h.Write(d); return copy(out, h.Sum(nil)) }),
			reuseP(func() callFn {
				h := sha1.New()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(nil); h.Reset(); return copy(out, s) }
			}),
			preallocP(func() callFn {
				h := sha1.New()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(out[:0]); h.Reset(); return len(s) }
			}),
			hexP(func(d, out []byte) int { s := sha1.Sum(d); return copy(out, hex.EncodeToString(s[:])) }),
		),
		mkImpl("sha2-224", "crypto/sha256", stdProvider("crypto/sha256"), backSHA256(),
			func() hashHash { return sha256.New224() },
			oneshotP(func(d, out []byte) int { s := sha256.Sum224(d); return copy(out, s[:]) }),
			newP(func(d, out []byte) int { h := sha256.New224(); h.Write(d); return copy(out, h.Sum(nil)) }),
			reuseP(func() callFn {
				h := sha256.New224()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(nil); h.Reset(); return copy(out, s) }
			}),
			preallocP(func() callFn {
				h := sha256.New224()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(out[:0]); h.Reset(); return len(s) }
			}),
			hexP(func(d, out []byte) int { s := sha256.Sum224(d); return copy(out, hex.EncodeToString(s[:])) }),
		),
		mkImpl("sha2-256", "crypto/sha256", stdProvider("crypto/sha256"), backSHA256(),
			func() hashHash { return sha256.New() },
			oneshotP(func(d, out []byte) int { s := sha256.Sum256(d); return copy(out, s[:]) }),
			newP(func(d, out []byte) int { h := sha256.New(); h.Write(d); return copy(out, h.Sum(nil)) }),
			reuseP(func() callFn {
				h := sha256.New()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(nil); h.Reset(); return copy(out, s) }
			}),
			preallocP(func() callFn {
				h := sha256.New()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(out[:0]); h.Reset(); return len(s) }
			}),
			hexP(func(d, out []byte) int { s := sha256.Sum256(d); return copy(out, hex.EncodeToString(s[:])) }),
		),
		mkImpl("sha2-384", "crypto/sha512", stdProvider("crypto/sha512"), backSHA512(),
			func() hashHash { return sha512.New384() },
			oneshotP(func(d, out []byte) int { s := sha512.Sum384(d); return copy(out, s[:]) }),
			newP(func(d, out []byte) int { h := sha512.New384(); h.Write(d); return copy(out, h.Sum(nil)) }),
			reuseP(func() callFn {
				h := sha512.New384()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(nil); h.Reset(); return copy(out, s) }
			}),
			preallocP(func() callFn {
				h := sha512.New384()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(out[:0]); h.Reset(); return len(s) }
			}),
			hexP(func(d, out []byte) int { s := sha512.Sum384(d); return copy(out, hex.EncodeToString(s[:])) }),
		),
		mkImpl("sha2-512", "crypto/sha512", stdProvider("crypto/sha512"), backSHA512(),
			func() hashHash { return sha512.New() },
			oneshotP(func(d, out []byte) int { s := sha512.Sum512(d); return copy(out, s[:]) }),
			newP(func(d, out []byte) int { h := sha512.New(); h.Write(d); return copy(out, h.Sum(nil)) }),
			reuseP(func() callFn {
				h := sha512.New()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(nil); h.Reset(); return copy(out, s) }
			}),
			preallocP(func() callFn {
				h := sha512.New()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(out[:0]); h.Reset(); return len(s) }
			}),
			hexP(func(d, out []byte) int { s := sha512.Sum512(d); return copy(out, hex.EncodeToString(s[:])) }),
		),
		mkImpl("sha2-512-256", "crypto/sha512", stdProvider("crypto/sha512"), backSHA512(),
			func() hashHash { return sha512.New512_256() },
			oneshotP(func(d, out []byte) int { s := sha512.Sum512_256(d); return copy(out, s[:]) }),
			newP(func(d, out []byte) int { h := sha512.New512_256(); h.Write(d); return copy(out, h.Sum(nil)) }),
			reuseP(func() callFn {
				h := sha512.New512_256()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(nil); h.Reset(); return copy(out, s) }
			}),
			preallocP(func() callFn {
				h := sha512.New512_256()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(out[:0]); h.Reset(); return len(s) }
			}),
			hexP(func(d, out []byte) int { s := sha512.Sum512_256(d); return copy(out, hex.EncodeToString(s[:])) }),
		),
		mkImpl("sha3-224", "crypto/sha3", stdProvider("crypto/sha3"), backSHA3(),
			func() hashHash { return sha3.New224() },
			oneshotP(func(d, out []byte) int { s := sha3.Sum224(d); return copy(out, s[:]) }),
			newP(func(d, out []byte) int { h := sha3.New224(); h.Write(d); return copy(out, h.Sum(nil)) }),
			reuseP(func() callFn {
				h := sha3.New224()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(nil); h.Reset(); return copy(out, s) }
			}),
			preallocP(func() callFn {
				h := sha3.New224()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(out[:0]); h.Reset(); return len(s) }
			}),
			hexP(func(d, out []byte) int { s := sha3.Sum224(d); return copy(out, hex.EncodeToString(s[:])) }),
		),
		mkImpl("sha3-256", "crypto/sha3", stdProvider("crypto/sha3"), backSHA3(),
			func() hashHash { return sha3.New256() },
			oneshotP(func(d, out []byte) int { s := sha3.Sum256(d); return copy(out, s[:]) }),
			newP(func(d, out []byte) int { h := sha3.New256(); h.Write(d); return copy(out, h.Sum(nil)) }),
			reuseP(func() callFn {
				h := sha3.New256()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(nil); h.Reset(); return copy(out, s) }
			}),
			preallocP(func() callFn {
				h := sha3.New256()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(out[:0]); h.Reset(); return len(s) }
			}),
			hexP(func(d, out []byte) int { s := sha3.Sum256(d); return copy(out, hex.EncodeToString(s[:])) }),
		),
		mkImpl("sha3-384", "crypto/sha3", stdProvider("crypto/sha3"), backSHA3(),
			func() hashHash { return sha3.New384() },
			oneshotP(func(d, out []byte) int { s := sha3.Sum384(d); return copy(out, s[:]) }),
			newP(func(d, out []byte) int { h := sha3.New384(); h.Write(d); return copy(out, h.Sum(nil)) }),
			reuseP(func() callFn {
				h := sha3.New384()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(nil); h.Reset(); return copy(out, s) }
			}),
			preallocP(func() callFn {
				h := sha3.New384()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(out[:0]); h.Reset(); return len(s) }
			}),
			hexP(func(d, out []byte) int { s := sha3.Sum384(d); return copy(out, hex.EncodeToString(s[:])) }),
		),
		mkImpl("sha3-512", "crypto/sha3", stdProvider("crypto/sha3"), backSHA3(),
			func() hashHash { return sha3.New512() },
			oneshotP(func(d, out []byte) int { s := sha3.Sum512(d); return copy(out, s[:]) }),
			newP(func(d, out []byte) int { h := sha3.New512(); h.Write(d); return copy(out, h.Sum(nil)) }),
			reuseP(func() callFn {
				h := sha3.New512()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(nil); h.Reset(); return copy(out, s) }
			}),
			preallocP(func() callFn {
				h := sha3.New512()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(out[:0]); h.Reset(); return len(s) }
			}),
			hexP(func(d, out []byte) int { s := sha3.Sum512(d); return copy(out, hex.EncodeToString(s[:])) }),
		),

		// ---- golang.org/x/crypto: blake2b, blake2s (unkeyed: key nil) ----
		mkImpl("blake2b-256", "x/crypto/blake2b", modProvider("golang.org/x/crypto", "golang.org/x/crypto/blake2b"), backBLAKE2b(),
			func() hashHash { h, _ := blake2b.New256(nil); return h },
			oneshotP(func(d, out []byte) int { s := blake2b.Sum256(d); return copy(out, s[:]) }),
			newP(func(d, out []byte) int { h, _ := blake2b.New256(nil); h.Write(d); return copy(out, h.Sum(nil)) }),
			reuseP(func() callFn {
				h, _ := blake2b.New256(nil)
				return func(d, out []byte) int { h.Write(d); s := h.Sum(nil); h.Reset(); return copy(out, s) }
			}),
			preallocP(func() callFn {
				h, _ := blake2b.New256(nil)
				return func(d, out []byte) int { h.Write(d); s := h.Sum(out[:0]); h.Reset(); return len(s) }
			}),
			hexP(func(d, out []byte) int { s := blake2b.Sum256(d); return copy(out, hex.EncodeToString(s[:])) }),
		),
		mkImpl("blake2b-512", "x/crypto/blake2b", modProvider("golang.org/x/crypto", "golang.org/x/crypto/blake2b"), backBLAKE2b(),
			func() hashHash { h, _ := blake2b.New512(nil); return h },
			oneshotP(func(d, out []byte) int { s := blake2b.Sum512(d); return copy(out, s[:]) }),
			newP(func(d, out []byte) int { h, _ := blake2b.New512(nil); h.Write(d); return copy(out, h.Sum(nil)) }),
			reuseP(func() callFn {
				h, _ := blake2b.New512(nil)
				return func(d, out []byte) int { h.Write(d); s := h.Sum(nil); h.Reset(); return copy(out, s) }
			}),
			preallocP(func() callFn {
				h, _ := blake2b.New512(nil)
				return func(d, out []byte) int { h.Write(d); s := h.Sum(out[:0]); h.Reset(); return len(s) }
			}),
			hexP(func(d, out []byte) int { s := blake2b.Sum512(d); return copy(out, hex.EncodeToString(s[:])) }),
		),
		mkImpl("blake2s-256", "x/crypto/blake2s", modProvider("golang.org/x/crypto", "golang.org/x/crypto/blake2s"), backBLAKE2s(),
			func() hashHash { h, _ := blake2s.New256(nil); return h },
			oneshotP(func(d, out []byte) int { s := blake2s.Sum256(d); return copy(out, s[:]) }),
			newP(func(d, out []byte) int { h, _ := blake2s.New256(nil); h.Write(d); return copy(out, h.Sum(nil)) }),
			reuseP(func() callFn {
				h, _ := blake2s.New256(nil)
				return func(d, out []byte) int { h.Write(d); s := h.Sum(nil); h.Reset(); return copy(out, s) }
			}),
			preallocP(func() callFn {
				h, _ := blake2s.New256(nil)
				return func(d, out []byte) int { h.Write(d); s := h.Sum(out[:0]); h.Reset(); return len(s) }
			}),
			hexP(func(d, out []byte) int { s := blake2s.Sum256(d); return copy(out, hex.EncodeToString(s[:])) }),
		),

		// ---- github.com/zeebo/blake3 ----
		mkImpl("blake3", "zeebo/blake3", modProvider("github.com/zeebo/blake3", "github.com/zeebo/blake3"), backBLAKE3(),
			func() hashHash { return blake3.New() },
			oneshotP(func(d, out []byte) int { s := blake3.Sum256(d); return copy(out, s[:]) }),
			newP(func(d, out []byte) int { h := blake3.New(); h.Write(d); return copy(out, h.Sum(nil)) }),
			reuseP(func() callFn {
				h := blake3.New()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(nil); h.Reset(); return copy(out, s) }
			}),
			preallocP(func() callFn {
				h := blake3.New()
				return func(d, out []byte) int { h.Write(d); s := h.Sum(out[:0]); h.Reset(); return len(s) }
			}),
			hexP(func(d, out []byte) int { s := blake3.Sum256(d); return copy(out, hex.EncodeToString(s[:])) }),
		),

		// ---- hash/crc32, hash/crc64, hash/adler32: integer checksums ----
		mkImpl("crc32", "hash/crc32", stdProvider("hash/crc32"), backCRC32(),
			func() hashHash { return crc32.NewIEEE() },
			oneshotP(func(d, out []byte) int { return be32(out, crc32.ChecksumIEEE(d)) }),
			newP(func(d, out []byte) int { h := crc32.NewIEEE(); h.Write(d); return be32(out, h.Sum32()) }),
			reuseP(func() callFn {
				h := crc32.NewIEEE()
				return func(d, out []byte) int { h.Write(d); v := h.Sum32(); h.Reset(); return be32(out, v) }
			}),
			hexP(func(d, out []byte) int { return hex32(out, crc32.ChecksumIEEE(d)) }),
		),
		mkImpl("crc32c", "hash/crc32", stdProvider("hash/crc32"), backCRC32C(),
			func() hashHash { return crc32.New(castagnoliTable) },
			oneshotP(func(d, out []byte) int { return be32(out, crc32.Checksum(d, castagnoliTable)) }),
			newP(func(d, out []byte) int { h := crc32.New(castagnoliTable); h.Write(d); return be32(out, h.Sum32()) }),
			reuseP(func() callFn {
				h := crc32.New(castagnoliTable)
				return func(d, out []byte) int { h.Write(d); v := h.Sum32(); h.Reset(); return be32(out, v) }
			}),
			hexP(func(d, out []byte) int { return hex32(out, crc32.Checksum(d, castagnoliTable)) }),
		),
		mkImpl("crc64-xz", "hash/crc64", stdProvider("hash/crc64"), backCRC64ECMA(),
			func() hashHash { return crc64.New(ecmaTable) },
			oneshotP(func(d, out []byte) int { return be64(out, crc64.Checksum(d, ecmaTable)) }),
			newP(func(d, out []byte) int { h := crc64.New(ecmaTable); h.Write(d); return be64(out, h.Sum64()) }),
			reuseP(func() callFn {
				h := crc64.New(ecmaTable)
				return func(d, out []byte) int { h.Write(d); v := h.Sum64(); h.Reset(); return be64(out, v) }
			}),
			hexP(func(d, out []byte) int { return hex64(out, crc64.Checksum(d, ecmaTable)) }),
		),
		mkImpl("crc64-nvme", "hash/crc64", stdProvider("hash/crc64"), backCRC64Other(),
			func() hashHash { return crc64.New(nvmeTable) },
			oneshotP(func(d, out []byte) int { return be64(out, crc64.Checksum(d, nvmeTable)) }),
			newP(func(d, out []byte) int { h := crc64.New(nvmeTable); h.Write(d); return be64(out, h.Sum64()) }),
			reuseP(func() callFn {
				h := crc64.New(nvmeTable)
				return func(d, out []byte) int { h.Write(d); v := h.Sum64(); h.Reset(); return be64(out, v) }
			}),
			hexP(func(d, out []byte) int { return hex64(out, crc64.Checksum(d, nvmeTable)) }),
		),
		mkImpl("adler32", "hash/adler32", stdProvider("hash/adler32"), backAdler32(),
			func() hashHash { return adler32.New() },
			oneshotP(func(d, out []byte) int { return be32(out, adler32.Checksum(d)) }),
			newP(func(d, out []byte) int { h := adler32.New(); h.Write(d); return be32(out, h.Sum32()) }),
			reuseP(func() callFn {
				h := adler32.New()
				return func(d, out []byte) int { h.Write(d); v := h.Sum32(); h.Reset(); return be32(out, v) }
			}),
			hexP(func(d, out []byte) int { return hex32(out, adler32.Checksum(d)) }),
		),

		// ---- github.com/zeebo/xxh3, github.com/cespare/xxhash/v2 (seed 0) ----
		mkImpl("xxh3-64", "zeebo/xxh3", x3, backXXH3(),
			func() hashHash { return xxh3.New() },
			oneshotP(func(d, out []byte) int { return be64(out, xxh3.Hash(d)) }),
			newP(func(d, out []byte) int { h := xxh3.New(); h.Write(d); return be64(out, h.Sum64()) }),
			reuseP(func() callFn {
				h := xxh3.New()
				return func(d, out []byte) int { h.Write(d); v := h.Sum64(); h.Reset(); return be64(out, v) }
			}),
			hexP(func(d, out []byte) int { return hex64(out, xxh3.Hash(d)) }),
		),
		// Uint128.Bytes() is the canonical form: high 64 bits then low, each big-endian.
		mkImpl("xxh3-128", "zeebo/xxh3", x3, backXXH3(),
			func() hashHash { return xxh3.New128() },
			oneshotP(func(d, out []byte) int { s := xxh3.Hash128(d).Bytes(); return copy(out, s[:]) }),
			newP(func(d, out []byte) int {
				h := xxh3.New128()
				h.Write(d)
				s := h.Sum128().Bytes()
				return copy(out, s[:])
			}),
			reuseP(func() callFn {
				h := xxh3.New128()
				return func(d, out []byte) int { h.Write(d); s := h.Sum128().Bytes(); h.Reset(); return copy(out, s[:]) }
			}),
			hexP(func(d, out []byte) int { s := xxh3.Hash128(d).Bytes(); return copy(out, hex.EncodeToString(s[:])) }),
		),
		mkImpl("xxh64", "cespare/xxhash", modProvider("github.com/cespare/xxhash/v2", "github.com/cespare/xxhash/v2"), backXXH64(),
			func() hashHash { return xxhash.New() },
			oneshotP(func(d, out []byte) int { return be64(out, xxhash.Sum64(d)) }),
			newP(func(d, out []byte) int { h := xxhash.New(); h.Write(d); return be64(out, h.Sum64()) }),
			reuseP(func() callFn {
				h := xxhash.New()
				return func(d, out []byte) int { h.Write(d); v := h.Sum64(); h.Reset(); return be64(out, v) }
			}),
			hexP(func(d, out []byte) int { return hex64(out, xxhash.Sum64(d)) }),
		),
	}
}
