module hashbench/adapters/go

go 1.26.0

require (
	github.com/cespare/xxhash/v2 v2.3.0
	github.com/klauspost/cpuid/v2 v2.2.10
	github.com/zeebo/blake3 v0.2.4
	github.com/zeebo/xxh3 v1.1.0
	golang.org/x/crypto v0.58.0
	golang.org/x/sys v0.49.0
)
