# hashbench's Crystal adapter: one long-lived process speaking the JSON-lines protocol of
# docs/adapters.md (hello / digest / time) on stdin/stdout; messages go to stderr.
#
# Layout: adapter.cr (protocol, input generator), timed.cr (the timed loop, the sink,
# bytes allocated per call), impls.cr (implementations, patterns and their mapping to the
# seed benchmark), lib_sodium.cr (the libsodium binding and its `::Digest` class).
#
# Beyond docs/adapters.md, the `time` reply carries "bytes_allocated_per_call": the GC
# heap bytes (GC.stats.total_bytes) allocated per call over untimed extra batches of the
# same calls (Timed.bytes_allocated_per_call), what the seed's Benchmark.ips printed as
# "B/op". Memory that C libraries malloc themselves (OpenSSL's EVP_MD_CTX) is not in it.

require "json"
require "./lib_sodium"
require "./timed"
require "./impls"

class BadRequest < Exception
end

# The fields of a request. Integers are read from their JSON text, so that a seed up to
# 2^64 - 1 is exact (Crystal's JSON.parse reads integers as Int64).
class Request
  property op : String? = nil
  property id : String? = nil
  property pattern : String? = nil
  property data : String? = nil
  property splits : Array(String)? = nil
  property size : String? = nil
  property seed : String? = nil
  property iterations : String? = nil
  property batches : String? = nil

  def self.parse(line : String) : Request
    pull = JSON::PullParser.new(line)
    raise BadRequest.new("a request must be a JSON object") unless pull.kind.begin_object?
    req = new
    pull.read_object do |key|
      case key
      when "op"         then req.op = string(pull, key)
      when "id"         then req.id = string(pull, key)
      when "pattern"    then req.pattern = string(pull, key)
      when "data"       then req.data = string(pull, key)
      when "size"       then req.size = integer(pull, key)
      when "seed"       then req.seed = integer(pull, key)
      when "iterations" then req.iterations = integer(pull, key)
      when "batches"    then req.batches = integer(pull, key)
      when "splits"
        raise BadRequest.new("field \"splits\" must be a list of integers") unless pull.kind.begin_array?
        list = [] of String
        pull.read_array { list << integer(pull, "splits") }
        req.splits = list
      else
        pull.skip
      end
    end
    raise BadRequest.new("malformed JSON: text after the object") unless pull.kind.eof?
    req
  end

  private def self.string(pull, key) : String
    raise BadRequest.new("field #{key.inspect} must be a string") unless pull.kind.string?
    pull.read_string
  end

  private def self.integer(pull, key) : String
    raise BadRequest.new("field #{key.inspect} must be an integer") unless pull.kind.int?
    raw = pull.raw_value
    pull.read_next
    raw
  end
end

def need(value : T?, name : String) : T forall T
  value.nil? ? raise BadRequest.new("missing field #{name.inspect}") : value
end

def int_field(raw : String?, name : String, min : Int64, max : Int64) : Int64
  v = need(raw, name).to_i64?
  raise BadRequest.new("field #{name.inspect} must be an integer in #{min}..#{max}") unless v && min <= v <= max
  v
end

# ---------------------------------------------------------------------------
# Inputs (vectors/README.md, docs/adapters.md)
# ---------------------------------------------------------------------------

# `size` bytes of the xorshift64 (13, 7, 17) stream, each state little-endian.
def xorshift(size : Int32, seed : UInt64) : Bytes
  buf = Bytes.new((size + 7) // 8 * 8)
  x = seed
  i = 0
  while i < buf.size
    x ^= x << 13
    x ^= x >> 7
    x ^= x << 17
    IO::ByteFormat::LittleEndian.encode(x, buf[i, 8])
    i += 8
  end
  buf[0, size]
end

# XOR of the input's 64-bit little-endian words, the last zero-padded, as 16 hex digits.
def input_fold(data : Bytes) : String
  fold = 0_u64
  i = 0
  while i < data.size
    word = StaticArray(UInt8, 8).new(0_u8)
    n = Math.min(8, data.size - i)
    data[i, n].copy_to(word.to_slice)
    fold ^= IO::ByteFormat::LittleEndian.decode(UInt64, word.to_slice)
    i += 8
  end
  fold.to_s(16).rjust(16, '0')
end

# Lowercase hex of even length, decoded.
def decode_hex(text : String) : Bytes
  bad = text.bytesize.odd? || text.each_byte.any? { |c| !(('0'.ord <= c <= '9'.ord) || ('a'.ord <= c <= 'f'.ord)) }
  raise BadRequest.new("field \"data\" must be lowercase hex of even length") if bad
  text.hexbytes
end

# ---------------------------------------------------------------------------
# Requests
# ---------------------------------------------------------------------------

class Adapter
  @impls = {} of String => Impl
  @list : Array(Impl)
  @input_key = {-1, 0_u64}
  @input = Bytes.empty
  # Bytes allocated per call, by (id, pattern, size): counted on a cell's first `time`
  # request only. The count takes up to 10,000 untimed calls or 50 ms, and a run sends a
  # cell dozens of requests (every sample of every round), which made the Crystal
  # runtime's cells the slowest part of a `--runtime all` run; the count is the same
  # calls on the same size every time.
  @allocated = {} of {String, String, Int32} => Float64

  def initialize
    @list = build_impls
    @list.each { |i| @impls[i.id] = i }
  end

  # The input of a `time` request; the last one is kept (later rounds time the same cell).
  def input(size : Int32, seed : UInt64) : Bytes
    unless @input_key == {size, seed}
      @input = xorshift(size, seed)
      @input_key = {size, seed}
    end
    @input
  end

  def lookup(req : Request, allow_nop : Bool) : {Impl?, Pattern}
    id = need(req.id, "id")
    if allow_nop && id == NOP_ID
      name = req.pattern || "oneshot"
      raise BadRequest.new("#{NOP_ID} has only the pattern oneshot, not #{name.inspect}") unless name == "oneshot"
      return {nil, NOP_PATTERN}
    end
    impl = @impls[id]? || raise BadRequest.new("unknown implementation #{id.inspect}")
    name = req.pattern || impl.patterns[0].name
    pattern = impl.patterns.find { |p| p.name == name }
    unless pattern
      raise BadRequest.new("#{id} does not support pattern #{name.inspect} (it has #{impl.patterns.join(", ", &.name)})")
    end
    {impl, pattern}
  end

  def hello(json : JSON::Builder) : Nil
    json.field "protocol", PROTOCOL
    json.field "runtime", RUNTIME
    json.field "version", runtime_version
    json.field "nop", NOP_ID
    json.field "implementations" do
      json.array do
        @list.each do |i|
          json.object do
            json.field "id", i.id
            json.field "algorithm", i.algorithm
            json.field "provider", i.provider
            json.field "backend", i.backend
            json.field "patterns", i.patterns.map(&.name)
          end
        end
      end
    end
  end

  def digest(req : Request, json : JSON::Builder) : Nil
    _, pattern = lookup(req, allow_nop: false)
    data = decode_hex(need(req.data, "data"))
    splits = (req.splits || [] of String).map do |s|
      s.to_i64? || raise BadRequest.new("splits must be integer offsets")
    end
    instance = pattern.make.call
    if splits.empty?
      # The timed code itself: two calls (a reused object digests twice, the second
      # result checks the reset), one batch.
      _, r = instance.time(data, 2_i64, 1)
    else
      raise BadRequest.new("pattern #{pattern.name.inspect} is one call: it cannot take splits") unless pattern.splits
      if splits.first < 0 || splits.last > data.size || (1...splits.size).any? { |k| splits[k] < splits[k - 1] }
        raise BadRequest.new("splits must be ascending integer offsets within the data")
      end
      cuts = [0_i64] + splits + [data.size.to_i64]
      pieces = (1...cuts.size).map { |k| data[cuts[k - 1].to_i32, (cuts[k] - cuts[k - 1]).to_i32] }
      r = instance.stream(pieces)
      r = instance.stream(pieces) if pattern.name == "reuse" # the second message on one object
    end
    json.field "digest", r.hexstring
  end

  def time(req : Request, json : JSON::Builder) : Nil
    _, pattern = lookup(req, allow_nop: true)
    size = int_field(req.size, "size", 0, Int32::MAX.to_i64 - 8).to_i32
    seed = need(req.seed, "seed").to_u64?
    raise BadRequest.new("field \"seed\" must be an integer in 1..2^64-1") unless seed && seed != 0
    iterations = int_field(req.iterations, "iterations", 1, Int64::MAX)
    batches = int_field(req.batches, "batches", 1, 1_000_000).to_i32
    data = input(size, seed)
    instance = pattern.make.call # objects and buffers the pattern reuses, outside the timing
    ns, r = instance.time(data, iterations, batches)
    key = {need(req.id, "id"), pattern.name, size}
    per_call = @allocated[key] ||= instance.bytes_allocated_per_call(data, iterations)
    json.field "input_fold", input_fold(data)
    json.field "batches_ns", ns
    json.field "digest", r.hexstring
    json.field "bytes_allocated_per_call", per_call
  end

  # One reply line (a JSON object) for one request line; never raises.
  def handle(line : String) : String
    req = begin
      Request.parse(line)
    rescue e : JSON::ParseException
      return error_reply("malformed JSON: #{e.message}")
    rescue e : BadRequest
      return error_reply(e.message)
    end
    begin
      op = req.op
      # Built into a String: an error raised half-way leaves no partial reply.
      JSON.build do |json|
        json.object do
          json.field "ok", true
          case op
          when "hello"  then hello(json)
          when "digest" then digest(req, json)
          when "time"   then time(req, json)
          else
            raise BadRequest.new("unknown op #{op.inspect} (known: hello, digest, time)")
          end
        end
      end
    rescue e : BadRequest
      error_reply(e.message)
    rescue e : Exception # a library error is an answer too, never an exit
      error_reply("#{e.class}: #{e.message}")
    end
  end

  def error_reply(message : String?) : String
    {ok: false, error: (message || "error").gsub(/\s*\n\s*/, " ")}.to_json
  end
end

# sodium_init first: it picks libsodium's BLAKE2b code for this CPU.
if LibSodium.sodium_init < 0
  STDERR.puts "adapters/crystal: sodium_init() failed"
  exit 1
end
adapter = Adapter.new
while line = STDIN.gets(chomp: true)
  STDOUT << adapter.handle(line) << '\n'
  STDOUT.flush
end
STDERR.puts "adapters/crystal: stdin closed (sink #{Timed.sink})"
