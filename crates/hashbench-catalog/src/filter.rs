//! FILTER arguments: which implementations a command applies to.
//!
//! A term matches an implementation when it equals (ignoring case) the implementation
//! id, its algorithm id, the algorithm's family, its provider's name, or its class
//! (`checksum`, `non-cryptographic-hash`, `cryptographic-hash`). Several terms select
//! the union. An unknown term is an error that names the closest known names.

use crate::algorithm::ALGORITHMS;
use crate::implementation::Implementation;
use crate::registry::{IMPLEMENTATIONS, PROVIDERS};

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum FilterError {
    #[error("unknown name '{term}'{}", suggestion_text(.suggestions))]
    Unknown {
        term: String,
        suggestions: Vec<String>,
    },
}

fn suggestion_text(suggestions: &[String]) -> String {
    if suggestions.is_empty() {
        "; `hashbench list` shows every name".to_string()
    } else {
        format!("; did you mean: {}?", suggestions.join(", "))
    }
}

/// A parsed set of filter terms. The empty filter selects everything.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    terms: Vec<String>,
}

fn class_name(imp: &Implementation) -> &'static str {
    match imp.algorithm.class {
        crate::Class::Checksum => "checksum",
        crate::Class::NonCryptographicHash => "non-cryptographic-hash",
        crate::Class::CryptographicHash => "cryptographic-hash",
    }
}

/// Names people type for an algorithm, and the id each means: the names of `sha256sum`,
/// OpenSSL's `-sha256`, Python's `hashlib.sha256`, and the family names that pick the
/// usual member (`blake2b` is BLAKE2b-512, `xxh3` is the 64-bit one).
pub const ALIASES: &[(&str, &str)] = &[
    ("sha224", "sha2-224"),
    ("sha256", "sha2-256"),
    ("sha384", "sha2-384"),
    ("sha512", "sha2-512"),
    ("sha512-256", "sha2-512-256"),
    ("sha512_256", "sha2-512-256"),
    ("sha3_224", "sha3-224"),
    ("sha3_256", "sha3-256"),
    ("sha3_384", "sha3-384"),
    ("sha3_512", "sha3-512"),
    ("shake128", "shake128-256"),
    ("shake256", "shake256-512"),
    ("kangarootwelve", "k12-256"),
    ("kt128", "k12-256"),
    ("blake2b", "blake2b-512"),
    ("blake2b512", "blake2b-512"),
    ("blake2s", "blake2s-256"),
    ("blake2s256", "blake2s-256"),
    ("blake2bp", "blake2bp-512"),
    ("blake2sp", "blake2sp-256"),
    ("ripemd160", "ripemd-160"),
    ("rmd160", "ripemd-160"),
    ("xxh3", "xxh3-64"),
    ("xxh128", "xxh3-128"),
    ("crc32-c", "crc32c"),
    ("crc32-iscsi", "crc32c"),
    ("adler-32", "adler32"),
    // The CRC catalogue's aliases (reveng.sourceforge.io): CRC-16/IBM-3740 is also
    // CRC-16/CCITT-FALSE and CRC-16/AUTOSAR; CRC-16/ARC is also CRC-16/IBM and CRC-16/LHA.
    // Bare "crc16-ccitt" is left out: libraries give it to CRC-16/KERMIT and to XMODEM too.
    ("crc16-ccitt-false", "crc16-ibm-3740"),
    ("crc16-autosar", "crc16-ibm-3740"),
    ("crc16-ibm", "crc16-arc"),
    ("crc16-lha", "crc16-arc"),
];

/// The id `term` is an alias of, if it is one.
#[must_use]
pub fn alias_of(term: &str) -> Option<&'static str> {
    let t = term.trim().to_ascii_lowercase();
    ALIASES.iter().find(|(a, _)| *a == t).map(|(_, id)| *id)
}

/// Every name a term may be, for matching and for suggestions.
pub fn known_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = Vec::new();
    names.extend(ALGORITHMS.iter().map(|a| a.id));
    names.extend(ALGORITHMS.iter().map(|a| a.family));
    names.extend(PROVIDERS.iter().map(|p| p.name));
    names.extend(IMPLEMENTATIONS.iter().map(|i| i.id));
    names.extend(["checksum", "non-cryptographic-hash", "cryptographic-hash"]);
    names.sort_unstable();
    names.dedup();
    names
}

impl Filter {
    /// Parses terms, refusing any that names nothing.
    pub fn parse<S: AsRef<str>>(terms: &[S]) -> Result<Filter, FilterError> {
        let known = known_names();
        let mut parsed = Vec::new();
        for term in terms {
            let t = term.as_ref().trim().to_ascii_lowercase();
            // An alias means its algorithm, unless a real name has that spelling.
            let t = match alias_of(&t) {
                Some(id) if !known.iter().any(|k| k.eq_ignore_ascii_case(&t)) => id.to_string(),
                _ => t,
            };
            if !known.iter().any(|k| k.eq_ignore_ascii_case(&t)) {
                return Err(FilterError::Unknown {
                    term: term.as_ref().to_string(),
                    suggestions: closest(&t, &known, 5),
                });
            }
            parsed.push(t);
        }
        Ok(Filter { terms: parsed })
    }

    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    pub fn matches(&self, imp: &Implementation) -> bool {
        self.terms.is_empty()
            || self.terms.iter().any(|t| {
                [
                    imp.id,
                    imp.algorithm.id,
                    imp.algorithm.family,
                    imp.provider.name,
                    class_name(imp),
                ]
                .iter()
                .any(|name| name.eq_ignore_ascii_case(t))
            })
    }

    /// The selected implementations, in catalogue order.
    pub fn implementations(&self) -> Vec<&'static Implementation> {
        IMPLEMENTATIONS.iter().filter(|i| self.matches(i)).collect()
    }
}

/// Up to `n` known names nearest to `term`: names containing it first, then by edit
/// distance (at most a third of the longer name, so suggestions stay plausible).
fn closest(term: &str, known: &[&str], n: usize) -> Vec<String> {
    let mut scored: Vec<(usize, &str)> = known
        .iter()
        .filter_map(|k| {
            let d = if k.contains(term) || term.contains(k) {
                0
            } else {
                levenshtein(term, k)
            };
            (d <= term.len().max(k.len()) / 3 + 1).then_some((d, *k))
        })
        .collect();
    scored.sort_by(|a, b| {
        a.0.cmp(&b.0)
            .then(a.1.len().cmp(&b.1.len()))
            .then(a.1.cmp(b.1))
    });
    scored
        .into_iter()
        .take(n)
        .map(|(_, k)| k.to_string())
        .collect()
}

/// The edit distance between `a` and `b` (insertions, deletions, substitutions of
/// characters): how near a typo is to a name.
#[must_use]
pub fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let subst = prev[j] + usize::from(ca != *cb);
            cur[j + 1] = subst.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests;
