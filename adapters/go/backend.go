package main

// Backends: which code path each package's own dispatch picks on this CPU.
//
// None of these packages reports what it runs (the standard library registers its choices
// in crypto/internal/impl, which cannot be imported), so each string below repeats the
// package's dispatch rule, read from its source, and evaluates it with the CPU features
// that golang.org/x/sys/cpu reports (the same CPUID and OS-support checks as the runtime's
// internal/cpu, and golang.org/x/crypto's own detector). x/sys/cpu has no bit for the
// x86 SHA extensions, so that one comes from github.com/klauspost/cpuid/v2, the detector
// zeebo/blake3 and zeebo/xxh3 use themselves.
//
// The rules are those of Go 1.26's standard library and of the module versions in go.mod;
// under another Go release, or off amd64, the standard-library backends are "" (not
// known) rather than guessed. GODEBUG=cpu.X=off is honoured by x/sys/cpu as by the runtime.

import (
	"os"
	"runtime"
	"strings"

	"github.com/klauspost/cpuid/v2"
	"golang.org/x/sys/cpu"
)

var (
	onAMD64 = runtime.GOARCH == "amd64"
	// stdRules: the standard library's dispatch rules below were read from Go 1.26.
	stdRules = onAMD64 && strings.HasPrefix(runtime.Version(), "go1.26")
	x        = cpu.X86
	hasSHA   = cpuid.CPU.Supports(cpuid.SHA)
)

var getenv = os.Getenv

func pick(ok bool, s string) string {
	if ok {
		return s
	}
	return ""
}

// crypto/md5: md5block_amd64.s, no feature dispatch.
func backMD5() string { return pick(stdRules, "amd64 assembly") }

// crypto/sha1 (sha1block_amd64.go): SHA-NI if AVX, SHA, SSE4.1 and SSSE3; else AVX2 (with
// BMI1, BMI2) for inputs of at least 256 bytes; else the generic Go code.
func backSHA1() string {
	switch {
	case !stdRules:
		return ""
	case x.HasAVX && hasSHA && x.HasSSE41 && x.HasSSSE3:
		return "SHA-NI"
	case x.HasAVX && x.HasAVX2 && x.HasBMI1 && x.HasBMI2:
		return "AVX2 (from 256 bytes), generic Go below"
	default:
		return "generic Go"
	}
}

// crypto/sha256 (crypto/internal/fips140/sha256/sha256block_amd64.go): SHA-NI if AVX, SHA,
// SSE4.1 and SSSE3; else AVX2 if AVX, AVX2 and BMI2; else generic Go.
func backSHA256() string {
	switch {
	case !stdRules:
		return ""
	case x.HasAVX && hasSHA && x.HasSSE41 && x.HasSSSE3:
		return "SHA-NI"
	case x.HasAVX && x.HasAVX2 && x.HasBMI2:
		return "AVX2"
	default:
		return "generic Go"
	}
}

// crypto/sha512 (crypto/internal/fips140/sha512/sha512block_amd64.go): AVX2 if AVX, AVX2
// and BMI2; else generic Go.
func backSHA512() string {
	switch {
	case !stdRules:
		return ""
	case x.HasAVX && x.HasAVX2 && x.HasBMI2:
		return "AVX2"
	default:
		return "generic Go"
	}
}

// crypto/sha3 (crypto/internal/fips140/sha3/sha3_amd64.go): Keccak-f[1600] in amd64
// assembly, no feature dispatch.
func backSHA3() string { return pick(stdRules, "amd64 assembly (Keccak-f)") }

// hash/crc32 IEEE (crc32_amd64.go, crc32_amd64.s): PCLMULQDQ folding if PCLMULQDQ and
// SSE4.1, for the inputs' first multiple of 16 bytes when there are at least 64, with the
// AVX-512 VPCLMULQDQ loop from 1024 bytes; slicing-by-8 for the rest.
func backCRC32() string {
	switch {
	case !stdRules:
		return ""
	case x.HasPCLMULQDQ && x.HasSSE41 && x.HasAVX512VPCLMULQDQ:
		return "AVX-512 VPCLMULQDQ (from 1024 bytes), PCLMULQDQ (from 64 bytes), slicing-by-8"
	case x.HasPCLMULQDQ && x.HasSSE41:
		return "PCLMULQDQ (from 64 bytes), slicing-by-8"
	default:
		return "slicing-by-8"
	}
}

// hash/crc32 Castagnoli: the SSE4.2 CRC32 instruction if SSE4.2; else slicing-by-8.
func backCRC32C() string {
	switch {
	case !stdRules:
		return ""
	case x.HasSSE42:
		return "SSE4.2 CRC32 instruction"
	default:
		return "slicing-by-8"
	}
}

// hash/crc64 has no assembly. crc64.ECMA tables get slicing-by-8 from 64 bytes (after
// comparing the 2 KiB table with the ECMA one); any other polynomial (crc64-nvme here) is
// byte-at-a-time below 2048 bytes, and from 2048 bytes slicing-by-8 with an 8-table set
// (16 KiB) built again on every call.
func backCRC64ECMA() string {
	return pick(strings.HasPrefix(runtime.Version(), "go1.26"), "generic Go, slicing-by-8 (from 64 bytes)")
}
func backCRC64Other() string {
	return pick(strings.HasPrefix(runtime.Version(), "go1.26"), "generic Go, byte-wise table; slicing-by-8 from 2048 bytes with tables built per call")
}

// hash/adler32: generic Go only.
func backAdler32() string { return pick(strings.HasPrefix(runtime.Version(), "go1.26"), "generic Go") }

// golang.org/x/crypto/blake2b (blake2bAVX2_amd64.go): AVX2, else AVX, else SSE4.1, else
// generic Go, each from x/sys/cpu.
func backBLAKE2b() string {
	switch {
	case !onAMD64:
		return ""
	case x.HasAVX2:
		return "AVX2"
	case x.HasAVX:
		return "AVX"
	case x.HasSSE41:
		return "SSE4.1"
	default:
		return "generic Go"
	}
}

// golang.org/x/crypto/blake2s (blake2s_amd64.go): SSE4.1, else SSSE3, else SSE2.
func backBLAKE2s() string {
	switch {
	case !onAMD64:
		return ""
	case x.HasSSE41:
		return "SSE4.1"
	case x.HasSSSE3:
		return "SSSE3"
	default:
		return "SSE2"
	}
}

// github.com/zeebo/blake3 (internal/consts/cpu.go, internal/alg): AVX2 to hash eight
// chunks at once when the input has more than two chunks (2 KiB), SSE4.1 for the
// compression function, both off when BLAKE3_PUREGO is set (or BLAKE3_DISABLE_AVX2 /
// BLAKE3_DISABLE_SSE41), detected with klauspost/cpuid.
func backBLAKE3() string {
	if !onAMD64 {
		return ""
	}
	avx2 := cpuid.CPU.Has(cpuid.AVX2) && getenv("BLAKE3_DISABLE_AVX2") == "" && getenv("BLAKE3_PUREGO") == ""
	sse41 := cpuid.CPU.Has(cpuid.SSE4) && getenv("BLAKE3_DISABLE_SSE41") == "" && getenv("BLAKE3_PUREGO") == ""
	var parts []string
	if avx2 {
		parts = append(parts, "AVX2 (8 chunks at once, above 2 KiB)")
	}
	if sse41 {
		parts = append(parts, "SSE4.1 compression")
	} else {
		parts = append(parts, "generic Go compression")
	}
	return strings.Join(parts, ", ")
}

// github.com/zeebo/xxh3 (accum_stubs_amd64.go, hash64.go): for inputs above 240 bytes the
// accumulate loop is AVX-512 (from avx512Switch bytes) if AVX512F, else AVX2, else SSE2,
// detected with klauspost/cpuid; shorter inputs are scalar Go.
func backXXH3() string {
	switch {
	case !onAMD64:
		return ""
	case cpuid.CPU.Has(cpuid.AVX512F):
		return "AVX-512 accumulate (from 1 KiB), AVX2 above 240 bytes, scalar Go up to 240 bytes"
	case cpuid.CPU.Has(cpuid.AVX2):
		return "AVX2 accumulate (above 240 bytes), scalar Go below"
	default:
		return "SSE2 accumulate (above 240 bytes), scalar Go below"
	}
}

// github.com/cespare/xxhash/v2: amd64 assembly (xxhash_amd64.s), no feature dispatch.
func backXXH64() string { return pick(onAMD64, "amd64 assembly") }
