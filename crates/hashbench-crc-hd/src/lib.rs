//! A CRC's Hamming distance (HD) profile, computed: for each HD, the longest data word at
//! which every error of fewer bits is detected (Philip Koopman's `{HD3, HD4, ...}`
//! lengths, his CRC Zoo's notation), by exhaustive search for the lightest undetected
//! error pattern. The catalogue stores the figures for the CRCs whose published profile
//! could not be found; the tests hold this program to Koopman's published profiles.
//!
//! Each level is exact or a proven lower bound (the search stopped at a limit): the
//! weight-2 length comes from the order of x modulo G, weights 3 to about 10 from a
//! meet-in-the-middle search over single-bit syndromes, and the short lengths from
//! every data word of up to a few dozen bits.

pub mod factor;
pub mod gf2;
pub mod profile;
pub mod search;
pub mod short;

pub use profile::{full_from_koopman, profile, Level, Limits, Profile};

#[cfg(test)]
mod tests;
