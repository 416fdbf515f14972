// Writes ../vectors.json: FNV-1a 64 of hashbench's vector inputs (vectors/README.md),
// computed by Go's standard library hash/fnv, an implementation independent of the
// plugin's C. Run from this folder: go run main.go > ../vectors.json
package main

import (
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"strings"
)

func pattern251(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i % 251)
	}
	return b
}

func xorshift(n int, seed uint64) []byte {
	b := make([]byte, 0, n+8)
	x := seed
	for len(b) < n {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		for i := 0; i < 8; i++ {
			b = append(b, byte(x>>(8*i)))
		}
	}
	return b[:n]
}

func digest(b []byte) string {
	h := fnv.New64a()
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil)) // big-endian, as the catalogue writes integers
}

func main() {
	var lines []string
	for _, s := range []string{"", "a", "foobar", "123456789"} {
		lines = append(lines, fmt.Sprintf(`    {"source": "go-hash-fnv", "input": {"ascii": %q}, "digest": "%s"}`, s, digest([]byte(s))))
	}
	for _, n := range []int{0, 1, 2, 3, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 127, 128, 255, 256, 1023, 1024, 4095, 4096, 65536} {
		lines = append(lines, fmt.Sprintf(`    {"source": "go-hash-fnv", "input": {"pattern251": %d}, "digest": "%s"}`, n, digest(pattern251(n))))
	}
	for _, n := range []int{1, 17, 1000, 100003} {
		lines = append(lines, fmt.Sprintf(`    {"source": "go-hash-fnv", "input": {"xorshift": %d, "seed": 1}, "digest": "%s"}`, n, digest(xorshift(n, 1))))
	}
	fmt.Println("{")
	fmt.Println(`  "algorithm": "fnv1a-64",`)
	fmt.Println(`  "sources": {`)
	fmt.Println(`    "go-hash-fnv": "Go's standard library hash/fnv (New64a), through examples/plugins/fnv1a-64/generate/main.go; the empty string, \"a\" and \"foobar\" match the FNV-1a 64 test vectors of draft-eastlake-fnv"`)
	fmt.Println(`  },`)
	fmt.Println(`  "vectors": [`)
	fmt.Println(strings.Join(lines, ",\n"))
	fmt.Println(`  ]`)
	fmt.Println("}")
}
