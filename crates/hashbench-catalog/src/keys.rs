//! The `keys:*` patterns: a hash table's call, `BuildHasher::hash_one(&key)`, over a
//! typed key made from the cell's input ([`KeyKind`]), and what std's `Hash` writes for
//! that key, which verification and the untimed checks hash through the byte API.
//!
//! The key of a cell: `keys:u64` reads the input's 8 bytes little-endian, `keys:id16`
//! takes its 16 bytes as `[u8; 16]`, `keys:str` takes its bytes with each top bit
//! cleared, so that the text is ASCII (valid UTF-8 at every length a range cuts it to).
//! In latency mode the previous call's hash is XORed into the key's first 8 bytes (for
//! strings with each top bit cleared, so the text stays ASCII): the key of each call
//! depends on the hash of the one before. The timed loops are [`crate::hasher`]'s
//! (`run_keys`, `feed_keys`), compiled per adapter as every pattern's are.

pub(crate) use hashbench_model::{KeyKind, MAX_STR_KEY};

/// What a `keys:str` chain may XOR into the text and keep it ASCII.
pub(crate) const ASCII_LINK: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The `Hasher::write` calls std's `Hash` makes for the key of `kind` made from `input`,
/// in order, through a `Hasher` that overrides only `write` (every `write_*` default
/// reduces to `write` of the value's native-endian bytes):
///
/// - `u64`: `write_u64(k)`, one write of `k.to_ne_bytes()`;
/// - `[u8; 16]`: an array hashes as its slice, `write_length_prefix(16)` (the default
///   is `write_usize(16)`: 16 as `usize.to_ne_bytes()`), then `write(&bytes)` (a `u8`
///   slice writes its bytes at once, `u8::hash_slice`);
/// - `&str`: `write_str(s)`, whose default is `write(s.as_bytes())` then
///   `write_u8(0xff)`.
///
/// # Panics
///
/// When `input` is shorter than a fixed-length key.
#[must_use]
pub fn writes(kind: KeyKind, input: &[u8]) -> Vec<Vec<u8>> {
    match kind {
        KeyKind::U64 => vec![u64_key(input).to_ne_bytes().to_vec()],
        KeyKind::Id16 => vec![16usize.to_ne_bytes().to_vec(), id16_key(input).to_vec()],
        KeyKind::Str => vec![ascii(input), vec![0xff]],
    }
}

/// [`writes`] as one message: what a hasher whose `write`s stream into one message (as
/// SipHash's, xxHash's and HighwayHash's do) hashes for the key.
#[must_use]
pub fn message(kind: KeyKind, input: &[u8]) -> Vec<u8> {
    writes(kind, input).concat()
}

/// The `u64` key of `input`: its first 8 bytes, little-endian.
#[inline(always)]
pub(crate) fn u64_key(input: &[u8]) -> u64 {
    u64::from_le_bytes(
        *input
            .first_chunk::<8>()
            .expect("keys:u64 cells are 8 bytes"),
    )
}

/// The `[u8; 16]` key of `input`: its first 16 bytes.
#[inline(always)]
pub(crate) fn id16_key(input: &[u8]) -> [u8; 16] {
    *input
        .first_chunk::<16>()
        .expect("keys:id16 cells are 16 bytes")
}

/// The `keys:str` text of `input`: each byte with its top bit cleared.
#[must_use]
pub fn ascii(input: &[u8]) -> Vec<u8> {
    input.iter().map(|b| b & 0x7f).collect()
}

/// [`ascii`] into a buffer on the stack; the text, at most [`MAX_STR_KEY`] bytes.
#[inline(always)]
pub(crate) fn ascii_into<'a>(
    input: &[u8],
    buf: &'a mut [u8; MAX_STR_KEY as usize],
) -> &'a mut [u8] {
    let n = input.len().min(buf.len());
    for (b, &i) in buf.iter_mut().zip(&input[..n]) {
        *b = i & 0x7f;
    }
    &mut buf[..n]
}

/// The text of ASCII bytes.
#[inline(always)]
pub(crate) fn text(bytes: &[u8]) -> &str {
    debug_assert!(bytes.is_ascii());
    // SAFETY: every caller passes bytes made by `ascii_into` and changed since only by
    // XORs of words with each top bit clear: ASCII, so valid UTF-8, at every length.
    unsafe { std::str::from_utf8_unchecked(bytes) }
}

#[cfg(test)]
mod tests;
