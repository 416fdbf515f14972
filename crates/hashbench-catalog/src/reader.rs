//! The digest of everything a reader yields (a file, standard input), streamed through
//! a [`Hasher`] in fixed-size reads: `hashbench sum`.

use std::io::{self, Read};

use crate::Hasher;

/// Read size: large enough that per-call overhead vanishes, small enough that a 10 GiB
/// file needs no more memory than this.
pub const BUFFER: usize = 256 * 1024;

/// Feeds everything `reader` yields to `h` and writes the digest to `out`; `h` is reset
/// either way, ready for the next input. A read interrupted by a signal is retried.
///
/// # Errors
///
/// A read failed (what was fed so far is dropped).
pub fn digest_reader(h: &mut dyn Hasher, mut reader: impl Read, out: &mut [u8]) -> io::Result<()> {
    let mut buf = vec![0u8; BUFFER];
    loop {
        match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => h.update(&buf[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => {
                h.reset();
                return Err(e);
            }
        }
    }
    h.finalize_reset(out);
    Ok(())
}

#[cfg(test)]
mod tests;
