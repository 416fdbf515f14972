//! The digest of everything a reader yields (a file, standard input), streamed through
//! a [`Hasher`] in fixed-size reads: `hashbench sum`.
//!
//! A hasher that streams needs no more memory than one read, whatever the input. One
//! that cannot (a one-call library: its `update` keeps every byte until the end, see
//! [`crate::Pattern::Streaming`]) holds the whole input, so it is given at most
//! [`HELD_WHOLE_LIMIT`] bytes and the input is refused past that, never read to the end
//! of a device or an endless pipe.

use std::io::{self, Read};

use crate::{Hasher, Pattern};

/// Read size: large enough that per-call overhead vanishes, small enough that a 10 GiB
/// file needs no more memory than this.
pub const BUFFER: usize = 256 * 1024;

/// The most input a hasher that cannot stream is given (64 MiB, as a vector's input):
/// it holds all of it in memory until the digest.
pub const HELD_WHOLE_LIMIT: u64 = 64 << 20;

/// Feeds everything `reader` yields to `h` and writes the digest to `out`; `h` is reset
/// either way, ready for the next input. A read interrupted by a signal is retried. A
/// hasher that cannot stream gets at most [`HELD_WHOLE_LIMIT`] bytes.
///
/// # Errors
///
/// A read failed, or the input passed the limit of a hasher that cannot stream
/// ([`io::ErrorKind::FileTooLarge`], saying why); what was fed so far is dropped.
pub fn digest_reader(h: &mut dyn Hasher, reader: impl Read, out: &mut [u8]) -> io::Result<()> {
    let limit = if h.supports(Pattern::Streaming(BUFFER)).is_ok() {
        None
    } else {
        Some(HELD_WHOLE_LIMIT)
    };
    digest_reader_within(h, reader, out, limit)
}

/// [`digest_reader`] with the bound `limit` on the bytes fed (none: any number).
///
/// # Errors
///
/// As [`digest_reader`].
pub fn digest_reader_within(
    h: &mut dyn Hasher,
    mut reader: impl Read,
    out: &mut [u8],
    limit: Option<u64>,
) -> io::Result<()> {
    let mut buf = vec![0u8; BUFFER];
    let mut fed: u64 = 0;
    loop {
        match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                fed = fed.saturating_add(n as u64);
                if let Some(limit) = limit.filter(|&l| fed > l) {
                    h.reset();
                    return Err(io::Error::new(
                        io::ErrorKind::FileTooLarge,
                        format!(
                            "more than {}, which this implementation would hold whole: it \
                             cannot stream (the library hashes one buffer in one call); \
                             choose one that streams",
                            hashbench_model::format::size(limit)
                        ),
                    ));
                }
                h.update(&buf[..n]);
            }
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
