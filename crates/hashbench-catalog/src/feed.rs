//! What each call of a latency or varying-length batch is given: the loop that hands
//! each call its input (a length in turn, the last digest chained in), apart from what
//! the call does, which [`crate::hasher`] decides per pattern.

use crate::barrier::opaque;

/// What the calls of a latency or varying-length batch are given ([`crate::hasher::run_feed`]).
///
/// `buf` is the input; `lengths`, when given, are the lengths the calls take in turn
/// (call `i` hashes `buf[..lengths[i % lengths.len()]]`, every length at most
/// `buf.len()`); `chained` XORs each call's digest (its first 8 bytes, as a little-endian
/// word) into the first 8 bytes of `buf` before the next call, so that no call can start
/// before the one before it has finished. The caller restores `buf` afterwards.
pub struct Feed<'a> {
    pub buf: &'a mut [u8],
    pub lengths: Option<&'a [u32]>,
    pub chained: bool,
}

/// The first 8 bytes of `digest` (fewer when it is shorter) as a little-endian word: what
/// a chained call passes on to the next.
#[inline(always)]
pub fn link(digest: &[u8]) -> u64 {
    if digest.len() >= 8 {
        let mut w = [0u8; 8];
        w.copy_from_slice(&digest[..8]);
        u64::from_le_bytes(w)
    } else {
        digest
            .iter()
            .enumerate()
            .fold(0, |acc, (i, &b)| acc | u64::from(b) << (8 * i))
    }
}

/// XORs `link` into the first 8 bytes of the input at `ptr` (fewer when it is shorter).
///
/// # Safety
/// `ptr` must point to `len` bytes the caller may write.
#[inline(always)]
unsafe fn chain(ptr: *mut u8, len: usize, link: u64) {
    if len >= 8 {
        // SAFETY: 8 bytes at `ptr` are in bounds; unaligned access is allowed.
        unsafe {
            let p = ptr.cast::<u64>();
            p.write_unaligned(p.read_unaligned() ^ link.to_le());
        }
    } else {
        for i in 0..len {
            // SAFETY: `i < len`.
            unsafe { *ptr.add(i) ^= (link >> (8 * i)) as u8 };
        }
    }
}

/// The loop of [`crate::hasher::run_feed`], compiled once per (chained, lengths) pair so that neither
/// costs anything when off. `call` hashes one input and returns its [`link`].
#[inline(always)]
fn drive<const CHAINED: bool, const LENGTHS: bool>(
    buf: &mut [u8],
    lengths: &[u32],
    iters: u64,
    mut call: impl FnMut(&[u8]) -> u64,
) {
    let (ptr, full) = (buf.as_mut_ptr(), buf.len());
    let mut next = 0usize;
    for _ in 0..iters {
        let len = if LENGTHS {
            let len = (lengths[next] as usize).min(full);
            next += 1;
            if next == lengths.len() {
                next = 0;
            }
            len
        } else {
            full
        };
        // SAFETY: `ptr` and `len <= full` come from `buf`, which outlives the loop and is
        // written only through `ptr` (in `chain`) between calls.
        let link = call(unsafe { std::slice::from_raw_parts(opaque(ptr.cast_const()), len) });
        if CHAINED {
            // SAFETY: `full` bytes at `ptr` belong to `buf`.
            unsafe { chain(ptr, full, link) };
        }
    }
}

/// The loop of a [`Feed`]: `iters` calls of `call` (which hashes one input and returns its
/// [`link`]), with the feed's flags chosen once, outside the loop.
#[inline(always)]
pub fn drive_feed(feed: &mut Feed<'_>, iters: u64, call: impl FnMut(&[u8]) -> u64) {
    let lengths = feed.lengths.unwrap_or(&[]);
    match (feed.chained, feed.lengths.is_some() && !lengths.is_empty()) {
        (true, true) => drive::<true, true>(feed.buf, lengths, iters, call),
        (true, false) => drive::<true, false>(feed.buf, lengths, iters, call),
        (false, true) => drive::<false, true>(feed.buf, lengths, iters, call),
        (false, false) => drive::<false, false>(feed.buf, lengths, iters, call),
    }
}
