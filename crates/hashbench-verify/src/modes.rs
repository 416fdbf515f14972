//! The ways a message is fed to a hasher. A correct implementation gives the same digest
//! in every mode; each mode exists because some real bug shows only in it.

use std::fmt;

use hashbench_catalog::Hasher;

/// Bytes that are absorbed and then discarded by the reset and reuse modes: long enough
/// to leave a partial block, a full block and buffered state behind.
const JUNK: &[u8] = b"state that must not leak into the next message: 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallMode {
    /// The library's one-call function.
    Oneshot,
    /// One `update` with the whole message, then finalize.
    Update,
    /// `update` in chunks of this many bytes (the last may be shorter).
    Chunks(usize),
    /// `update` at pseudo-random split points drawn from this seed.
    RandomSplits(u64),
    /// Junk absorbed, `reset`, then the message.
    AfterReset,
    /// Another message finalized on the same state first (finalize must reset).
    Reuse,
}

impl fmt::Display for CallMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CallMode::Oneshot => f.write_str("oneshot"),
            CallMode::Update => f.write_str("update"),
            CallMode::Chunks(n) => write!(f, "chunks of {n}"),
            CallMode::RandomSplits(seed) => write!(f, "random splits (seed {seed})"),
            CallMode::AfterReset => f.write_str("after reset"),
            CallMode::Reuse => f.write_str("state reuse"),
        }
    }
}

/// Every mode the known-answer check runs, in report order.
pub fn all_modes() -> Vec<CallMode> {
    let mut modes = vec![CallMode::Oneshot, CallMode::Update];
    modes.extend((1..=17).map(CallMode::Chunks));
    modes.extend([1, 2, 3].map(CallMode::RandomSplits));
    modes.extend([CallMode::AfterReset, CallMode::Reuse]);
    modes
}

/// A small deterministic generator for split points (xorshift64*), so a failure in a
/// random-split mode reproduces from its seed.
struct Splits(u64);

impl Splits {
    fn next_len(&mut self, remaining: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let r = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D);
        // Mostly short pieces (they exercise buffering), sometimes long ones (they
        // exercise the multi-block path), sometimes empty updates.
        let cap = match r % 4 {
            0 => 0,
            1 | 2 => 130,
            _ => 5000,
        };
        ((r >> 8) as usize % (cap + 1)).min(remaining)
    }
}

/// Feeds `message` to `h` in `mode` and writes the digest into `out`.
pub fn run(mode: CallMode, h: &mut dyn Hasher, message: &[u8], out: &mut [u8]) {
    match mode {
        CallMode::Oneshot => h.oneshot(message, out),
        CallMode::Update => {
            h.update(message);
            h.finalize_reset(out);
        }
        CallMode::Chunks(n) => {
            for chunk in message.chunks(n.max(1)) {
                h.update(chunk);
            }
            h.finalize_reset(out);
        }
        CallMode::RandomSplits(seed) => {
            let mut splits = Splits(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
            let mut rest = message;
            while !rest.is_empty() {
                let (piece, tail) = rest.split_at(splits.next_len(rest.len()));
                h.update(piece);
                rest = tail;
            }
            h.finalize_reset(out);
        }
        CallMode::AfterReset => {
            h.update(JUNK);
            h.reset();
            h.update(message);
            h.finalize_reset(out);
        }
        CallMode::Reuse => {
            let mut scratch = vec![0u8; out.len()];
            h.update(JUNK);
            h.finalize_reset(&mut scratch);
            h.update(message);
            h.finalize_reset(out);
        }
    }
}

/// Feeds `message` to `h` in the pieces between consecutive `points` (sorted offsets
/// within the message; equal points make empty updates), then finalizes into `out`. The
/// fuzzer's streaming path: its split points are drawn per case and printed, so a
/// failing split can be read and replayed exactly.
pub fn run_pieces(h: &mut dyn Hasher, message: &[u8], points: &[usize], out: &mut [u8]) {
    let mut start = 0;
    for &point in points {
        let end = point.clamp(start, message.len());
        h.update(&message[start..end]);
        start = end;
    }
    h.update(&message[start..]);
    h.finalize_reset(out);
}
