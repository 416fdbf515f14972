# A direct binding of the libsodium functions the adapter uses (libsodium-dev's
# <sodium/core.h>, <sodium/version.h>, <sodium/crypto_generichash.h>). The sodium.cr
# shard the seed benchmark used comes from GitHub, which cannot be fetched here, so the
# adapter binds the C library itself, as that shard does.
require "digest/digest"

@[Link("sodium")]
lib LibSodium
  fun sodium_init : LibC::Int
  fun sodium_version_string : LibC::Char*

  # crypto_generichash is BLAKE2b (crypto_generichash_primitive() says "blake2b").
  fun crypto_generichash_primitive : LibC::Char*
  fun crypto_generichash_statebytes : LibC::SizeT
  fun crypto_generichash(out : UInt8*, outlen : LibC::SizeT, input : UInt8*, inlen : UInt64,
                         key : UInt8*, keylen : LibC::SizeT) : LibC::Int
  fun crypto_generichash_init(state : Void*, key : UInt8*, keylen : LibC::SizeT,
                              outlen : LibC::SizeT) : LibC::Int
  fun crypto_generichash_update(state : Void*, input : UInt8*, inlen : UInt64) : LibC::Int
  fun crypto_generichash_final(state : Void*, out : UInt8*, outlen : LibC::SizeT) : LibC::Int
end

# The version of the libcrypto the process loaded (OpenSSL >= 1.1.0): Crystal 1.6's
# LibCrypto only has OPENSSL_VERSION, the pkg-config version seen at compile time.
@[Link("crypto")]
lib LibCryptoVersion
  OPENSSL_VERSION_TEXT = 0 # OpenSSL_version(OPENSSL_VERSION)
  fun openssl_version = OpenSSL_version(t : LibC::Int) : LibC::Char*
end

# Unkeyed BLAKE2b through libsodium's crypto_generichash_init/update/final, as a
# `::Digest` of Crystal's standard library (the shape of the sodium.cr shard's
# `Sodium::Digest::Blake2b`), so that the patterns read the same as for
# `OpenSSL::Digest`: `new`, `update`, `final`, `final(dst)`, `hexfinal`, `reset`.
class SodiumBlake2b < ::Digest
  # libsodium's crypto_generichash_state is `CRYPTO_ALIGN(64) unsigned char opaque[384]`;
  # the state lives inside the object (one GC allocation per object), aligned by hand.
  STATE_BYTES = 384
  @buf = uninitialized StaticArray(UInt8, 448) # STATE_BYTES + 64 for the alignment

  def self.check_state_size : Nil
    n = LibSodium.crypto_generichash_statebytes
    raise "libsodium crypto_generichash_statebytes() is #{n}, more than #{STATE_BYTES}" if n > STATE_BYTES
  end

  def initialize(@size : Int32)
    reset_impl
  end

  private def state : Void*
    Pointer(Void).new((pointerof(@buf).address &+ 63) & ~63_u64)
  end

  private def reset_impl : Nil
    if LibSodium.crypto_generichash_init(state, nil, 0, @size) != 0
      raise "crypto_generichash_init failed"
    end
  end

  private def update_impl(data : Bytes) : Nil
    LibSodium.crypto_generichash_update(state, data.to_unsafe, data.bytesize.to_u64)
  end

  private def final_impl(dst : Bytes) : Nil
    raise ArgumentError.new("dst has #{dst.bytesize} bytes, expected #{@size}") unless dst.bytesize == @size
    if LibSodium.crypto_generichash_final(state, dst.to_unsafe, @size) != 0
      raise "crypto_generichash_final failed"
    end
  end

  def digest_size : Int32
    @size
  end
end
