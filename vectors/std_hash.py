"""What Rust's std `Hash` writes into a `Hasher` for the keys of hashbench's `keys:*`
patterns, and the `Hasher` methods a hasher need not override, pure Python.

A hash map hashes a key with `BuildHasher::hash_one(&key)`: a fresh `Hasher`, the key's
`Hash::hash`, then `finish()`. On a stable Rust toolchain (x86-64, little-endian, 64-bit
`usize`) the writes are, per key kind (hashbench `crates/hashbench-catalog/src/keys.rs`):

- `keys:u64`: the input's first 8 bytes read little-endian, `write_u64(k)`;
- `keys:id16`: `[u8; 16]` hashes as its slice: `write_length_prefix(16)` (whose default
  is `write_usize(16)`), then one `write` of the 16 bytes;
- `keys:str`: the input with each top bit cleared (ASCII), `write_str(s)`, whose default
  is `write(s.as_bytes())` then `write_u8(0xff)`.

`write_str` and `write_length_prefix` can be overridden only on a nightly toolchain, so on
stable every hasher gets these defaults; a hasher may override `write_u8`, `write_u64`
and `write_usize`, whose defaults are one `write` of the value's native-endian bytes.
"""

KINDS = ("u64", "id16", "str")


def ascii_text(data):
    """The `keys:str` text of `data`: each byte with its top bit cleared."""
    return bytes(b & 0x7F for b in data)


class DefaultWrites:
    """The provided methods of `std::hash::Hasher` on x86-64: each `write_*` is one
    `write` of the value's little-endian bytes. Subclasses define `write` and `finish`
    and override what their crate overrides."""

    def write_u8(self, value):
        self.write(value.to_bytes(1, "little"))

    def write_u64(self, value):
        self.write(value.to_bytes(8, "little"))

    def write_usize(self, value):
        self.write(value.to_bytes(8, "little"))


def hash_one(hasher, kind, data):
    """`hash_one` of the key of `kind` made from `data`, through a fresh `hasher`."""
    if kind == "u64":
        hasher.write_u64(int.from_bytes(data[:8], "little"))
    elif kind == "id16":
        if len(data) != 16:
            raise ValueError(f"an id16 key is made from 16 bytes, not {len(data)}")
        hasher.write_usize(16)
        hasher.write(bytes(data))
    elif kind == "str":
        hasher.write(ascii_text(data))
        hasher.write_u8(0xFF)
    else:
        raise ValueError(f"unknown key kind {kind!r} (one of {', '.join(KINDS)})")
    return hasher.finish()


def typed(make_hasher):
    """(kind, data) -> the catalogue's form of `hash_one`: the value written big-endian."""
    return lambda kind, data: format(hash_one(make_hasher(), kind, data), "016x")
