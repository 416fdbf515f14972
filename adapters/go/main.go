// The hashbench Go adapter: one long-lived process speaking the JSON-lines protocol of
// docs/adapters.md (hello / digest / time) on stdin/stdout. Messages go to stderr.
//
// Layout: main.go (protocol, input generator, timed loop), impls.go (the implementations
// and their patterns), backend.go (what each package dispatches to on this CPU).
package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"
)

// callFn is one call of a pattern: it hashes d and writes the digest (for `hex`, the hex
// text) into out, returning its length. Every implementation's patterns and the nop are
// values of this type, built by their pattern's make() and called through a func value
// by runBatches, so every timed call pays the same indirect call.
type callFn func(d, out []byte) int

// outCap holds the longest result: the 128 hex characters of a 64-byte digest.
const outCap = 128

type pattern struct {
	// make builds whatever the pattern keeps across calls (a hasher for `reuse` and
	// `prealloc`), outside any timing, and returns the call.
	make func() callFn
	// splits: the pattern updates an object, so a `digest` request may cut the message.
	splits bool
	// hex: the call writes hex text; its digest is that text decoded.
	hex bool
}

type impl struct {
	id, algorithm, provider, backend string
	order                            []string // pattern names, default first
	patterns                         map[string]pattern
	// stream returns a fresh streaming hasher of the same library, used for `digest`
	// requests with splits (the update patterns, cut into several Write calls).
	stream func() hashHash
}

// hashHash is the subset of hash.Hash the split path needs.
type hashHash interface {
	io.Writer
	Sum([]byte) []byte
	Reset()
}

const nopID = "nop/go"

// protocolVersion is the version of docs/adapters.md this adapter speaks: hello reports it.
const protocolVersion = 1

// sink receives the fold of every timed call's first result byte, after the batches. It is
// a package-level variable, so the compiler must keep the stores and hence the calls.
var sink byte

// nopCall does everything a timed call does except hashing: it writes the input's first
// byte (or 0) as its "digest". It is a named function marked //go:noinline; the hash calls
// are function literals stored in the same way (values of callFn) and reached through the
// same indirect call in runBatches, which the compiler cannot inline either. The directive
// keeps nop from ever being cheaper than a real call because of inlining (e.g. a future
// devirtualisation of a func value whose target is known).
//
//go:noinline
func nopCall(d, out []byte) int {
	if len(d) == 0 {
		out[0] = 0
	} else {
		out[0] = d[0]
	}
	return 1
}

// runBatches is the timed loop: `batches` batches of `iters` calls of fn on data, each
// batch timed with time.Now/time.Since (the monotonic clock). Each call's first result byte
// is folded into acc, which goes to the package-level sink after the batches.
//
//go:noinline
func runBatches(fn callFn, data, out []byte, iters, batches int) (ns []int64, n int) {
	ns = make([]int64, batches)
	var acc byte
	for b := 0; b < batches; b++ {
		t0 := time.Now()
		for i := 0; i < iters; i++ {
			n = fn(data, out)
			acc ^= out[0]
		}
		ns[b] = time.Since(t0).Nanoseconds()
	}
	sink ^= acc
	return ns, n
}

// xorshift makes `size` bytes of the xorshift64 stream of vectors/README.md.
func xorshift(size int, seed uint64) []byte {
	buf := make([]byte, (size+7)/8*8)
	x := seed
	for i := 0; i < len(buf); i += 8 {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		binary.LittleEndian.PutUint64(buf[i:], x)
	}
	return buf[:size]
}

// inputFold is the XOR of the input's little-endian 64-bit words, the last zero-padded.
func inputFold(d []byte) string {
	var f uint64
	for i := 0; i < len(d); i += 8 {
		var w [8]byte
		copy(w[:], d[i:])
		f ^= binary.LittleEndian.Uint64(w[:])
	}
	return fmt.Sprintf("%016x", f)
}

type request struct {
	Op         string  `json:"op"`
	ID         string  `json:"id"`
	Pattern    string  `json:"pattern"`
	Data       *string `json:"data"`
	Splits     []int64 `json:"splits"`
	Size       *int64  `json:"size"`
	Seed       *uint64 `json:"seed"`
	Iterations *int64  `json:"iterations"`
	Batches    *int64  `json:"batches"`
}

type errReply struct {
	OK    bool   `json:"ok"`
	Error string `json:"error"`
}

type implInfo struct {
	ID        string   `json:"id"`
	Algorithm string   `json:"algorithm"`
	Provider  string   `json:"provider"`
	Backend   string   `json:"backend"`
	Patterns  []string `json:"patterns"`
}

type helloReply struct {
	OK              bool       `json:"ok"`
	Protocol        int        `json:"protocol"`
	Runtime         string     `json:"runtime"`
	Version         string     `json:"version"`
	Nop             string     `json:"nop"`
	Implementations []implInfo `json:"implementations"`
}

type digestReply struct {
	OK     bool   `json:"ok"`
	Digest string `json:"digest"`
}

type timeReply struct {
	OK        bool    `json:"ok"`
	InputFold string  `json:"input_fold"`
	BatchesNs []int64 `json:"batches_ns"`
	Digest    string  `json:"digest"`
}

type adapter struct {
	impls map[string]*impl
	list  []*impl
}

func (a *adapter) hello() any {
	infos := make([]implInfo, 0, len(a.list))
	for _, im := range a.list {
		infos = append(infos, implInfo{im.id, im.algorithm, im.provider, im.backend, im.order})
	}
	return helloReply{true, protocolVersion, "go", runtime.Version(), nopID, infos}
}

// lookup finds the implementation and pattern of a request (an empty pattern means the
// default one). The nop has only `oneshot`.
func (a *adapter) lookup(req *request) (pattern, error) {
	if req.ID == "" {
		return pattern{}, fmt.Errorf("missing id")
	}
	if req.ID == nopID {
		if req.Pattern != "" && req.Pattern != "oneshot" {
			return pattern{}, fmt.Errorf("%s has only the pattern oneshot, not %q", nopID, req.Pattern)
		}
		return pattern{make: func() callFn { return nopCall }}, nil
	}
	im, ok := a.impls[req.ID]
	if !ok {
		return pattern{}, fmt.Errorf("unknown implementation %q", req.ID)
	}
	name := req.Pattern
	if name == "" {
		name = im.order[0]
	}
	p, ok := im.patterns[name]
	if !ok {
		return pattern{}, fmt.Errorf("%s does not support the pattern %q (it has %s)", im.id, name, strings.Join(im.order, ", "))
	}
	return p, nil
}

func result(p pattern, out []byte) ([]byte, error) {
	if !p.hex {
		return out, nil
	}
	b, err := hex.DecodeString(string(out))
	if err != nil {
		return nil, fmt.Errorf("hex result %q does not decode: %v", out, err)
	}
	return b, nil
}

func (a *adapter) digest(req *request) (any, error) {
	p, err := a.lookup(req)
	if err != nil {
		return nil, err
	}
	if req.Data == nil {
		return nil, fmt.Errorf("digest needs data (hex)")
	}
	data, err := hex.DecodeString(*req.Data)
	if err != nil {
		return nil, fmt.Errorf("data is not hex: %v", err)
	}
	out := make([]byte, outCap)
	if len(req.Splits) > 0 {
		if !p.splits {
			return nil, fmt.Errorf("the pattern %q is one call: it cannot take splits", req.Pattern)
		}
		prev := int64(0)
		for _, s := range req.Splits {
			if s < prev || s > int64(len(data)) {
				return nil, fmt.Errorf("splits must be ascending offsets within the data (0..%d)", len(data))
			}
			prev = s
		}
		im := a.impls[req.ID]
		h := im.stream()
		write := func() {
			prev := int64(0)
			for _, s := range req.Splits {
				h.Write(data[prev:s])
				prev = s
			}
			h.Write(data[prev:])
		}
		write()
		sum := h.Sum(nil)
		if req.Pattern == "reuse" {
			// The same object again after the library's reset: the second digest is the answer.
			h.Reset()
			write()
			sum = h.Sum(make([]byte, 0, outCap))
		}
		return digestReply{true, hex.EncodeToString(sum)}, nil
	}
	fn := p.make()
	n := fn(data, out)
	if req.Pattern == "reuse" || req.Pattern == "prealloc" {
		// Hash twice on the one object the pattern keeps: the answer checks its reset.
		n = fn(data, out)
	}
	d, err := result(p, out[:n])
	if err != nil {
		return nil, err
	}
	return digestReply{true, hex.EncodeToString(d)}, nil
}

func (a *adapter) time(req *request) (any, error) {
	p, err := a.lookup(req)
	if err != nil {
		return nil, err
	}
	if req.Size == nil || *req.Size < 0 {
		return nil, fmt.Errorf("time needs size >= 0")
	}
	if req.Seed == nil || *req.Seed == 0 {
		return nil, fmt.Errorf("time needs a nonzero seed")
	}
	if req.Iterations == nil || *req.Iterations < 1 {
		return nil, fmt.Errorf("time needs iterations >= 1")
	}
	if req.Batches == nil || *req.Batches < 1 {
		return nil, fmt.Errorf("time needs batches >= 1")
	}
	if len(req.Splits) > 0 {
		return nil, fmt.Errorf("time takes no splits")
	}
	data := xorshift(int(*req.Size), *req.Seed)
	out := make([]byte, outCap)
	fn := p.make()
	runtime.GC() // start the batches without garbage from parsing the request
	// out holds the last call's result: runBatches passes the same buffer to every call.
	ns, n := runBatches(fn, data, out, int(*req.Iterations), int(*req.Batches))
	d, err := result(p, out[:n])
	if err != nil {
		return nil, err
	}
	return timeReply{true, inputFold(data), ns, hex.EncodeToString(d)}, nil
}

func (a *adapter) handle(line []byte) any {
	var req request
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := dec.Decode(&req); err != nil {
		return errReply{false, "malformed request: " + oneLine(err.Error())}
	}
	if dec.More() {
		return errReply{false, "malformed request: more than one JSON value on the line"}
	}
	var rep any
	var err error
	switch req.Op {
	case "hello":
		rep = a.hello()
	case "digest":
		rep, err = a.digest(&req)
	case "time":
		rep, err = a.time(&req)
	case "":
		err = fmt.Errorf("missing op")
	default:
		err = fmt.Errorf("unknown op %q", req.Op)
	}
	if err != nil {
		return errReply{false, oneLine(err.Error())}
	}
	return rep
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }

func main() {
	a := &adapter{impls: map[string]*impl{}}
	for _, im := range implementations() {
		a.impls[im.id] = im
		a.list = append(a.list, im)
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	w := bufio.NewWriter(os.Stdout)
	for {
		line, err := in.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 || (err == nil && len(line) > 0) {
			rep := func() (rep any) {
				defer func() {
					if r := recover(); r != nil {
						rep = errReply{false, oneLine(fmt.Sprintf("internal error: %v", r))}
					}
				}()
				return a.handle(bytes.TrimSpace(line))
			}()
			b, merr := json.Marshal(rep)
			if merr != nil {
				b, _ = json.Marshal(errReply{false, "cannot encode the reply: " + oneLine(merr.Error())})
			}
			w.Write(b)
			w.WriteByte('\n')
			w.Flush()
		}
		if err != nil {
			if err != io.EOF {
				fmt.Fprintln(os.Stderr, "go adapter: reading stdin:", err)
				os.Exit(1)
			}
			return
		}
	}
}
