//! Which implementation `hashbench sum -i NAME` digests with. An implementation id is
//! taken as named. An algorithm id picks, among the algorithm's implementations that run
//! and pass their known answers here, the fastest on a short calibration, timed the way
//! `sum` drives it (reads of [`BUFFER`] bytes through [`Hasher::update`]): the catalogue's
//! first implementation is often not the fastest (md-5 against OpenSSL's MD5), and
//! whoever types `sum -i md5` wants the digest, as fast as this machine gives it.
//!
//! Nothing here prints: [`Choice::explanation`] is the line the binary writes.

use std::time::{Duration, Instant};

use hashbench_catalog::reader::BUFFER;
use hashbench_catalog::{digest_reader, Hasher, Implementation};
use hashbench_model::Pattern;
use hashbench_verify::{spot_check, VectorError, VectorSource, WrongAnswer};

use hashbench_plan::PlanError;

/// The calibration buffer: a few reads of `sum`'s size, so that each candidate's
/// per-read overhead counts as it will on a file, small enough to stay in cache and
/// take milliseconds.
pub const CALIBRATION_BYTES: usize = 1 << 20;
/// Tries per candidate; the best counts (a try that met a slow phase of the machine, or
/// the first one's cold cache, says nothing about the implementation).
const TRIES: usize = 3;
/// How long one try hashes the buffer again and again: several passes over it even at
/// 1 GB/s, short enough that choosing among nine crc32s stays a fraction of a second.
const TRY_FOR: Duration = Duration::from_millis(5);
/// After the first pass, a candidate below this fraction of the best first try is out:
/// the machine's slow phases (up to 2x here) cannot hide a gap of 3x, and tries spent
/// on it would only delay the digest.
const OUT_BELOW: f64 = 1.0 / 3.0;

/// Why `sum` could not choose.
#[derive(Debug, thiserror::Error)]
pub enum SumError {
    /// An unknown name, a family, or nothing that runs here.
    #[error(transparent)]
    Plan(#[from] PlanError),
    /// The algorithm's known answers could not be read.
    #[error(transparent)]
    Vectors(#[from] VectorError),
    /// The implementation named fails its known answers.
    #[error(transparent)]
    Wrong(#[from] WrongAnswer),
    /// Every implementation of the algorithm that runs here fails its known answers.
    #[error("no implementation of {algorithm} passes its known answers here: {}", list(.failures))]
    NoneVerified {
        algorithm: String,
        failures: Vec<WrongAnswer>,
    },
}

fn list(failures: &[WrongAnswer]) -> String {
    let each: Vec<String> = failures.iter().map(ToString::to_string).collect();
    each.join("; ")
}

impl SumError {
    /// Whether the user asked for something wrong (exit 2) rather than something failing
    /// (exit 1).
    #[must_use]
    pub fn is_usage(&self) -> bool {
        matches!(self, SumError::Plan(_) | SumError::Vectors(_))
    }
}

/// How the implementation was chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// Named by its id.
    Named,
    /// The algorithm's only implementation that runs and passes its known answers here.
    Only,
    /// The fastest of `verified` on [`CALIBRATION_BYTES`].
    Fastest { verified: usize },
}

/// The implementation `sum` uses, and why.
#[derive(Debug)]
pub struct Choice {
    pub implementation: &'static Implementation,
    pub why: Why,
    /// Implementations of the algorithm that run here but failed their known answers.
    pub refused: Vec<WrongAnswer>,
}

impl Choice {
    /// What `sum` says on standard error when it chose for the user: `md5 via
    /// md5/openssl (fastest of 3 verified here, calibrated on 1 MiB)`. `None` for an
    /// implementation named by id: the user chose, there is nothing to say.
    #[must_use]
    pub fn explanation(&self) -> Option<String> {
        let imp = self.implementation;
        let why = match self.why {
            Why::Named => return None,
            Why::Only => "the only one verified here".to_string(),
            Why::Fastest { verified } => format!(
                "fastest of {verified} verified here, calibrated on {}",
                hashbench_model::format::size(CALIBRATION_BYTES as u64)
            ),
        };
        let refused: Vec<&str> = self
            .refused
            .iter()
            .map(|w| w.implementation.as_str())
            .collect();
        let refused = if refused.is_empty() {
            String::new()
        } else {
            format!("; refused for wrong known answers: {}", refused.join(", "))
        };
        Some(format!(
            "{} via {} ({why}{refused})",
            imp.algorithm.id, imp.id
        ))
    }
}

/// The implementation `name` asks `sum` to use (module doc), checked against its known
/// answers before any file is trusted to it.
///
/// # Errors
///
/// See [`SumError`].
pub fn choose(name: &str) -> Result<Choice, SumError> {
    let named = hashbench_plan::select::implementation(name)?;
    let alg = named.algorithm;
    let answers = VectorSource::Embedded.load(alg.id, alg.output_bytes())?;
    if hashbench_plan::select::by_id(name).is_some() {
        spot_check(named, &answers)?;
        return Ok(Choice {
            implementation: named,
            why: Why::Named,
            refused: Vec::new(),
        });
    }
    let mut verified = Vec::new();
    let mut refused = Vec::new();
    for imp in candidates(alg.id) {
        match spot_check(imp, &answers) {
            Ok(()) => verified.push(imp),
            Err(wrong) => refused.push(wrong),
        }
    }
    let implementation = match verified.len() {
        0 => {
            return Err(SumError::NoneVerified {
                algorithm: alg.id.to_string(),
                failures: refused,
            })
        }
        1 => verified[0],
        _ => {
            let data = calibration_data();
            verified[fastest(&verified, |imp, h| measure(imp, h, &data))]
        }
    };
    let why = match verified.len() {
        1 => Why::Only,
        n => Why::Fastest { verified: n },
    };
    Ok(Choice {
        implementation,
        why,
        refused,
    })
}

/// The algorithm's implementations that run here and stream: an implementation that
/// cannot stream holds the whole input until the end, which a large file cannot afford.
/// Only when none streams are the others taken (as `sum` did before it chose).
fn candidates(algorithm: &str) -> Vec<&'static Implementation> {
    let here: Vec<&'static Implementation> = hashbench_catalog::implementations_of(algorithm)
        .filter(|i| i.availability().is_available())
        .collect();
    let streaming: Vec<&'static Implementation> = here
        .iter()
        .copied()
        .filter(|i| (i.new)().supports(Pattern::Streaming(BUFFER)).is_ok())
        .collect();
    if streaming.is_empty() {
        here
    } else {
        streaming
    }
}

/// The index of the fastest of `candidates` by `rate` (bytes per second of one try):
/// [`TRIES`] passes over every candidate still in ([`OUT_BELOW`]), in an order rotated
/// each pass so that none always goes first after another's cache traffic, best try
/// each. The first of equals wins, so the catalogue's order breaks ties.
pub(crate) fn fastest(
    candidates: &[&'static Implementation],
    mut rate: impl FnMut(&'static Implementation, &mut dyn Hasher) -> f64,
) -> usize {
    let mut hashers: Vec<Box<dyn Hasher>> = candidates.iter().map(|i| (i.new)()).collect();
    let mut best = vec![0.0f64; candidates.len()];
    let mut still_in = vec![true; candidates.len()];
    for pass in 0..TRIES {
        for k in 0..candidates.len() {
            let i = (k + pass) % candidates.len();
            if still_in[i] {
                best[i] = best[i].max(rate(candidates[i], hashers[i].as_mut()));
            }
        }
        let top = best.iter().copied().fold(0.0, f64::max);
        for (i, &r) in best.iter().enumerate() {
            still_in[i] = still_in[i] && r >= top * OUT_BELOW;
        }
    }
    let mut pick = 0;
    for (i, &r) in best.iter().enumerate() {
        if r > best[pick] {
            pick = i;
        }
    }
    pick
}

/// One try: the calibration buffer hashed as `sum` reads a file, again and again for
/// [`TRY_FOR`], in bytes per second.
fn measure(imp: &Implementation, h: &mut dyn Hasher, data: &[u8]) -> f64 {
    let mut out = vec![0u8; imp.algorithm.output_bytes()];
    let start = Instant::now();
    let mut bytes = 0usize;
    loop {
        for piece in data.chunks(BUFFER) {
            h.update(piece);
        }
        h.finalize_reset(&mut out);
        std::hint::black_box(&out);
        bytes += data.len();
        let elapsed = start.elapsed();
        if elapsed >= TRY_FOR {
            return bytes as f64 / elapsed.as_secs_f64();
        }
    }
}

/// A buffer that is not all zeros (a library might take a shortcut on zeros), the same
/// for every candidate.
fn calibration_data() -> Vec<u8> {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..CALIBRATION_BYTES)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// Digests the file at `path` (`-`: standard input) into `out`, in reads of [`BUFFER`]
/// bytes; the error is the line `sum` prints for it, the OS message as coreutils words it.
///
/// # Errors
///
/// The file cannot be read, or is a directory.
pub fn digest_path(
    h: &mut dyn Hasher,
    path: &std::path::Path,
    out: &mut [u8],
) -> Result<(), String> {
    if path.as_os_str() == "-" {
        return digest_reader(h, std::io::stdin().lock(), out).map_err(|e| e.to_string());
    }
    let meta = std::fs::metadata(path).map_err(|e| describe_io(&e))?;
    if meta.is_dir() {
        return Err("Is a directory".to_string());
    }
    let file = std::fs::File::open(path).map_err(|e| describe_io(&e))?;
    digest_reader(h, file, out).map_err(|e| describe_io(&e))
}

/// The OS message without Rust's "(os error N)" suffix, as coreutils prints it.
fn describe_io(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

#[cfg(test)]
mod tests;
