//! Buffers a plugin writes into, with guard bytes after them: a plugin is C, and a
//! write past its output or its state is the bug that corrupts a benchmark silently. The
//! guard is checked after every call outside the timing and after every timed batch.

/// Bytes of guard after a buffer.
pub const GUARD: usize = 64;

/// A block of the buffer: 64-byte alignment for a plugin's state (a C struct of any
/// members) and for its output.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Block([u8; 64]);

/// `len` bytes for the plugin, then [`GUARD`] bytes of a known pattern.
pub struct Guarded {
    blocks: Vec<Block>,
    len: usize,
}

/// The guard's byte at `i`: not one repeated value, so that a plugin that happens to
/// write the same byte past its end is still seen.
fn pattern(i: usize) -> u8 {
    (i as u8).wrapping_mul(37) ^ 0xA5
}

impl Guarded {
    #[must_use]
    pub fn new(len: usize) -> Guarded {
        let blocks = (len + GUARD).div_ceil(64);
        let mut g = Guarded {
            blocks: vec![Block([0; 64]); blocks],
            len,
        };
        g.rearm();
        g
    }

    fn bytes(&mut self) -> &mut [u8] {
        let total = self.blocks.len() * 64;
        // SAFETY: the blocks are `total` contiguous, initialised bytes owned by `self`.
        unsafe { std::slice::from_raw_parts_mut(self.blocks.as_mut_ptr().cast::<u8>(), total) }
    }

    /// The plugin's part, `len` bytes.
    pub fn body(&mut self) -> &mut [u8] {
        let len = self.len;
        &mut self.bytes()[..len]
    }

    /// The plugin's part as a pointer, for a C call.
    pub fn ptr(&mut self) -> *mut u8 {
        self.blocks.as_mut_ptr().cast::<u8>()
    }

    /// Writes the pattern into the guard again.
    pub fn rearm(&mut self) {
        let len = self.len;
        for (i, b) in self.bytes()[len..len + GUARD].iter_mut().enumerate() {
            *b = pattern(i);
        }
    }

    /// The first guard byte that changed (0 is the byte right after the buffer), the
    /// guard rearmed for the next call; `None` when it is intact.
    pub fn breach(&mut self) -> Option<usize> {
        let len = self.len;
        let at = self.bytes()[len..len + GUARD]
            .iter()
            .enumerate()
            .position(|(i, &b)| b != pattern(i));
        if at.is_some() {
            self.rearm();
        }
        at
    }
}

#[cfg(test)]
mod tests;
