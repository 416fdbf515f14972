# The implementations and their patterns.
#
# How each pattern reads in Crystal (what a caller writes), mapped to the seed benchmark's
# variants (/work/shared/seeds/003_*: sodium.cr BLAKE2b vs OpenSSL MD5):
#
# - `oneshot`: the library's one-call function: `Digest::MD5.digest(d)` (the
#   `Digest::ClassMethods` of the `Digest::*` classes), `Digest::CRC32.checksum(d)`,
#   libsodium's `crypto_generichash(buf, outlen, d, d.size, nil, 0)` with `buf` allocated
#   per call (`Bytes.new(outlen)`). `OpenSSL::Digest` takes the algorithm's name in its
#   constructor and has no class-level one-call function: omitted there.
# - `new` (the seed's "new object"): `h = X.new; h.update(d); h.final` per call; the
#   object is dropped (the GC frees it; OpenSSL::Digest's finalizer frees its EVP_MD_CTX).
# - `reuse` (the seed's "reset"): one object per request; per call `h.update(d)`,
#   `r = h.final` (a new `Bytes` per call), then the library's own `h.reset`.
# - `prealloc` (the seed's "reused output" / "finish"): one object and one output buffer
#   per request; per call `h.update(d)`, `h.final(dst)` (`Digest#final(dst : Bytes)`,
#   in Crystal 1.6: "Faster than the Bytes allocating version. Use when hashing in
#   loops."), `h.reset`.
# - `hex`: hex text per call, as callers print it: `Digest::MD5.hexdigest(d)` where the
#   class has the one-call form, else the `new` path ending in `hexfinal`
#   (`OpenSSL::Digest.new("MD5").update(d).hexfinal`, `SodiumBlake2b.new(64)...`).
#
# In Crystal 1.6 `Digest::MD5`, `Digest::SHA1`, `Digest::SHA256` and `Digest::SHA512` are
# subclasses of `OpenSSL::Digest` (EVP, by name): the `crystal:digest` ids are OpenSSL
# underneath and labelled so. The standard library's pure-Crystal MD5 and SHA-1 are
# `Crystal::Digest::MD5` / `Crystal::Digest::SHA1` (its fallback without OpenSSL), listed
# as `crystal:crystal-digest`.

require "digest/md5"
require "digest/sha1"
require "digest/sha256"
require "digest/sha512"
require "digest/crc32"
require "digest/adler32"
require "crystal/digest/md5"
require "crystal/digest/sha1"
require "openssl"

record Pattern, name : String, splits : Bool, make : Proc(Instance)
record Impl, id : String, algorithm : String, provider : String, backend : String,
  patterns : Array(Pattern)

# The patterns of a `::Digest` object. `make` is an expression making a fresh object;
# `oneshot` and `hex` (optional) are one-call expressions of the input `d`. A macro, so
# that every call is written with the concrete class, as a caller's code is.
macro digest_patterns(make, oneshot = nil, hex = nil)
  begin
    %pats = [] of Pattern
    {% if oneshot %}
      %pats << Pattern.new("oneshot", false, ->{
        CallInstance.new(->(d : Bytes) { {{oneshot}} }).as(Instance)
      })
    {% end %}
    %pats << Pattern.new("new", true, ->{
      CallInstance.new(
        ->(d : Bytes) { h = {{make}}; h.update(d); h.final },
        ->(pieces : Array(Bytes)) { h = {{make}}; pieces.each { |p| h.update(p) }; h.final }
      ).as(Instance)
    })
    %pats << Pattern.new("reuse", true, ->{
      h = {{make}}
      CallInstance.new(
        ->(d : Bytes) { h.update(d); r = h.final; h.reset; r },
        ->(pieces : Array(Bytes)) { pieces.each { |p| h.update(p) }; r = h.final; h.reset; r }
      ).as(Instance)
    })
    %pats << Pattern.new("prealloc", false, ->{
      h = {{make}}
      dst = Bytes.new(h.digest_size)
      CallInstance.new(->(d : Bytes) { h.update(d); h.final(dst); h.reset; dst }).as(Instance)
    })
    {% if hex %}
      %pats << Pattern.new("hex", false, ->{ CallInstance.new(->(d : Bytes) { {{hex}} }).as(Instance) })
    {% else %}
      %pats << Pattern.new("hex", false, ->{
        CallInstance.new(->(d : Bytes) { {{make}}.update(d).hexfinal }).as(Instance)
      })
    {% end %}
    %pats
  end
end

# The protocol version this adapter speaks (docs/adapters.md): hello reports it.
PROTOCOL = 1
RUNTIME  = "crystal"
NOP_ID   = "nop/crystal"

def runtime_version : String
  "Crystal #{Crystal::VERSION} (LLVM #{Crystal::LLVM_VERSION})"
end

# The nop: the same loop and the same indirect call, returning the input's first byte
# (or 0) instead of hashing.
NOP_PATTERN = Pattern.new("oneshot", false, ->{
  CallInstance.new(->(d : Bytes) { d.empty? ? 0_u8 : d[0] }).as(Instance)
})

def build_impls : Array(Impl)
  # Versions as the process finds them: Crystal::VERSION is the standard library compiled
  # into this binary; OpenSSL, libsodium and zlib are asked at run time (the shared
  # libraries actually loaded).
  crystal = "Crystal #{Crystal::VERSION}"
  openssl = String.new(LibCryptoVersion.openssl_version(LibCryptoVersion::OPENSSL_VERSION_TEXT))
  sodium = "libsodium #{String.new(LibSodium.sodium_version_string)}"
  zlib = "zlib #{String.new(LibZ.zlibVersion)}"
  impls = [] of Impl

  # libsodium crypto_generichash (BLAKE2b), unkeyed, 64- or 32-byte output.
  SodiumBlake2b.check_state_size
  sodium_backend = "libsodium crypto_generichash (#{String.new(LibSodium.crypto_generichash_primitive)})"
  sodium_provider = "crystal:libsodium (#{sodium}, lib LibSodium binding)"
  {"blake2b-512" => 64, "blake2b-256" => 32}.each do |algorithm, outlen|
    impls << Impl.new("#{algorithm}/crystal:libsodium", algorithm, sodium_provider, sodium_backend,
      digest_patterns(SodiumBlake2b.new(outlen),
        oneshot: (buf = Bytes.new(outlen); LibSodium.crypto_generichash(buf, outlen, d, d.bytesize, nil, 0); buf)))
  end

  # OpenSSL::Digest (Crystal's stdlib binding of OpenSSL's EVP), by name.
  openssl_provider = "crystal:openssl (#{crystal} OpenSSL::Digest, #{openssl})"
  {"md5" => "MD5", "sha1" => "SHA1", "sha2-256" => "SHA256", "sha2-512" => "SHA512",
   "blake2b-512" => "BLAKE2b512"}.each do |algorithm, name|
    impls << Impl.new("#{algorithm}/crystal:openssl", algorithm, openssl_provider, "OpenSSL EVP",
      digest_patterns(OpenSSL::Digest.new(name)))
  end

  # Digest::MD5/SHA1/SHA256/SHA512: in 1.6, OpenSSL::Digest subclasses with the one-call
  # class methods.
  digest_provider = "crystal:digest (#{crystal} Digest::*, #{openssl})"
  digest_backend = "OpenSSL EVP (Crystal #{Crystal::VERSION}: Digest::* < OpenSSL::Digest)"
  impls << Impl.new("md5/crystal:digest", "md5", digest_provider, digest_backend,
    digest_patterns(Digest::MD5.new, oneshot: Digest::MD5.digest(d), hex: Digest::MD5.hexdigest(d)))
  impls << Impl.new("sha1/crystal:digest", "sha1", digest_provider, digest_backend,
    digest_patterns(Digest::SHA1.new, oneshot: Digest::SHA1.digest(d), hex: Digest::SHA1.hexdigest(d)))
  impls << Impl.new("sha2-256/crystal:digest", "sha2-256", digest_provider, digest_backend,
    digest_patterns(Digest::SHA256.new, oneshot: Digest::SHA256.digest(d), hex: Digest::SHA256.hexdigest(d)))
  impls << Impl.new("sha2-512/crystal:digest", "sha2-512", digest_provider, digest_backend,
    digest_patterns(Digest::SHA512.new, oneshot: Digest::SHA512.digest(d), hex: Digest::SHA512.hexdigest(d)))

  # Crystal::Digest::MD5/SHA1: the standard library's own Crystal code.
  pure_provider = "crystal:crystal-digest (#{crystal} Crystal::Digest::*)"
  pure_backend = "pure Crystal (stdlib fallback without OpenSSL, built --release)"
  impls << Impl.new("md5/crystal:crystal-digest", "md5", pure_provider, pure_backend,
    digest_patterns(Crystal::Digest::MD5.new, oneshot: Crystal::Digest::MD5.digest(d),
      hex: Crystal::Digest::MD5.hexdigest(d)))
  impls << Impl.new("sha1/crystal:crystal-digest", "sha1", pure_provider, pure_backend,
    digest_patterns(Crystal::Digest::SHA1.new, oneshot: Crystal::Digest::SHA1.digest(d),
      hex: Crystal::Digest::SHA1.hexdigest(d)))

  # Digest::CRC32 / Digest::Adler32: module functions over zlib returning UInt32; no
  # object (so no new/reuse/prealloc) and no hex text.
  zlib_provider = "crystal:digest (#{crystal} Digest::CRC32/Adler32, #{zlib})"
  impls << Impl.new("crc32/crystal:digest", "crc32", zlib_provider, "zlib C library",
    [Pattern.new("oneshot", false, ->{ CallInstance.new(->(d : Bytes) { Digest::CRC32.checksum(d) }).as(Instance) })])
  impls << Impl.new("adler32/crystal:digest", "adler32", zlib_provider, "zlib C library",
    [Pattern.new("oneshot", false, ->{ CallInstance.new(->(d : Bytes) { Digest::Adler32.checksum(d) }).as(Instance) })])

  impls
end
