//! Generated text: words built from syllables (onset, vowel, optional coda), so that
//! string keys look like identifiers and dictionary words (short, from a small alphabet,
//! sharing prefixes and suffixes) without a word list or the network.

use crate::rng::SplitMix64;

const ONSETS: [&str; 20] = [
    "b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "st",
    "th", "ch",
];
const VOWELS: [&str; 8] = ["a", "e", "i", "o", "u", "ea", "ou", "y"];
const CODAS: [&str; 8] = ["", "", "", "n", "r", "s", "t", "ng"];

fn pick<'a>(rng: &mut SplitMix64, from: &[&'a str]) -> &'a str {
    from[rng.below(from.len() as u64) as usize]
}

/// One word of one to four syllables, shorter words likelier (as in English text).
pub(crate) fn word(rng: &mut SplitMix64) -> String {
    let syllables = [1, 2, 2, 2, 3, 3, 4][rng.below(7) as usize];
    let mut w = String::new();
    for _ in 0..syllables {
        w.push_str(pick(rng, &ONSETS));
        w.push_str(pick(rng, &VOWELS));
        w.push_str(pick(rng, &CODAS));
    }
    w
}

/// A host name: a word or two and a common top-level domain.
pub(crate) fn host(rng: &mut SplitMix64) -> String {
    let tld = pick(rng, &["com", "org", "net", "io"]);
    if rng.below(2) == 0 {
        format!("{}.{tld}", word(rng))
    } else {
        format!("{}.{}.{tld}", word(rng), word(rng))
    }
}
