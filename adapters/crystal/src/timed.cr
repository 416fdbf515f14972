# The timed loop, shared by every implementation, pattern and the nop.
#
# A pattern's call is a `Proc(Bytes, T)`: it hashes the input and returns the result as
# its caller gets it (`Bytes` for a digest, `String` for hex text, `UInt32` for a
# checksum, `UInt8` for the nop). `Timed.run_batches` is instantiated once per result
# type and marked `@[NoInline]`; the Proc arrives as an argument read from a heap object
# at run time, so every timed call (the nop's included) is the same indirect call that
# LLVM cannot inline, hoist or drop. Each result is folded into `acc` (its first byte),
# which goes into the class variable `@@sink` after the batches; `@@sink` is written to
# standard error when the adapter exits, so the fold and hence the calls are observable.
module Timed
  @@sink = 0_u8

  def self.sink : UInt8
    @@sink
  end

  # The first byte of a result: a digest's first byte, hex text's first character, a
  # checksum's low byte, the nop's byte.
  @[AlwaysInline]
  def self.fold(r : Bytes) : UInt8
    r[0]
  end

  @[AlwaysInline]
  def self.fold(r : String) : UInt8
    r.to_unsafe[0]
  end

  @[AlwaysInline]
  def self.fold(r : UInt32) : UInt8
    r.to_u8!
  end

  @[AlwaysInline]
  def self.fold(r : UInt8) : UInt8
    r
  end

  # `batches` batches of `iterations` calls of `fn` on `data`, each batch timed with
  # `Time.monotonic` (CLOCK_MONOTONIC) around the whole batch. Returns the elapsed
  # nanoseconds of each batch and the last call's result.
  @[NoInline]
  def self.run_batches(fn : Proc(Bytes, T), data : Bytes, iterations : Int64, batches : Int32) forall T
    ns = Array(Int64).new(batches)
    acc = 0_u8
    r = uninitialized T # iterations >= 1: assigned before it is read
    batches.times do
      t0 = Time.monotonic
      i = 0_i64
      while i < iterations
        r = fn.call(data)
        acc ^= fold(r)
        i &+= 1
      end
      span = Time.monotonic - t0
      ns << span.to_i &* 1_000_000_000 &+ span.nanoseconds
    end
    @@sink ^= acc
    {ns, r}
  end

  # The same calls, untimed, between two readings of the GC's cumulative allocation
  # counter (`GC.stats.total_bytes`, Boehm's GC_get_heap_usage_safe: every byte the GC
  # heap handed out, rounded to its size classes). Returns the bytes allocated.
  @[NoInline]
  def self.alloc_batch(fn : Proc(Bytes, T), data : Bytes, iterations : Int64) : UInt64 forall T
    acc = 0_u8
    before = GC.stats.total_bytes
    i = 0_i64
    while i < iterations
      acc ^= fold(fn.call(data))
      i &+= 1
    end
    after = GC.stats.total_bytes
    @@sink ^= acc
    after &- before
  end

  # At least ALLOC_MIN_CALLS calls or ALLOC_MAX_TIME of extra batches (and at least one):
  # Boehm's thread-local free lists refill (and count) a whole block of objects at a time,
  # so a count over few calls is coarse; over 10,000 calls the error is below one byte
  # per call.
  ALLOC_MIN_CALLS = 10_000_i64
  ALLOC_MAX_TIME  = 50.milliseconds

  def self.bytes_allocated_per_call(fn : Proc(Bytes, T), data : Bytes, iterations : Int64) : Float64 forall T
    bytes = 0_u64
    calls = 0_i64
    t0 = Time.monotonic
    loop do
      bytes &+= alloc_batch(fn, data, iterations)
      calls &+= iterations
      break if calls >= ALLOC_MIN_CALLS || Time.monotonic - t0 >= ALLOC_MAX_TIME
    end
    bytes.to_f64 / calls
  end

  # A result as digest bytes (the reply's `digest`): checksums big-endian
  # (vectors/README.md), hex text decoded.
  def self.digest_bytes(r : Bytes) : Bytes
    r.dup
  end

  def self.digest_bytes(r : String) : Bytes
    bytes = r.hexbytes? if r.each_byte.none? { |c| 'A'.ord <= c <= 'F'.ord }
    bytes || raise "the hex result #{r.inspect} is not lowercase hex"
  end

  def self.digest_bytes(r : UInt32) : Bytes
    b = Bytes.new(4)
    IO::ByteFormat::BigEndian.encode(r, b)
    b
  end

  def self.digest_bytes(r : UInt8) : Bytes
    Bytes[r]
  end
end

# What one request works with: the pattern's call, with any object or buffer it reuses
# already made (outside the timing), and for `new`/`reuse` the same library fed several
# updates (`digest` with splits).
abstract class Instance
  abstract def time(data : Bytes, iterations : Int64, batches : Int32) : {Array(Int64), Bytes}
  abstract def bytes_allocated_per_call(data : Bytes, iterations : Int64) : Float64
  abstract def stream(pieces : Array(Bytes)) : Bytes
end

class CallInstance(T) < Instance
  def initialize(@fn : Proc(Bytes, T), @streamer : Proc(Array(Bytes), Bytes)? = nil)
  end

  def time(data : Bytes, iterations : Int64, batches : Int32) : {Array(Int64), Bytes}
    ns, r = Timed.run_batches(@fn, data, iterations, batches)
    {ns, Timed.digest_bytes(r)}
  end

  def bytes_allocated_per_call(data : Bytes, iterations : Int64) : Float64
    Timed.bytes_allocated_per_call(@fn, data, iterations)
  end

  def stream(pieces : Array(Bytes)) : Bytes
    streamer = @streamer
    raise "this pattern is one call: it cannot take splits" unless streamer
    streamer.call(pieces)
  end
end
