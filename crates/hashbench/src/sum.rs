//! `hashbench sum`: digests of files, sha256sum-style, streaming in fixed-size reads.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use hashbench_catalog::{Hasher, Implementation};
use hashbench_verify::vectors::encode_hex;
use hashbench_verify::{Mode, VectorSource};

use hashbench_plan::Outcome;

use crate::cli::UsageError;

/// Read size: large enough that per-call overhead vanishes, small enough that a 10 GiB
/// file needs no more memory than this.
const BUFFER: usize = 256 * 1024;

/// An implementation by id, or an algorithm's first available implementation.
fn resolve(name: &str) -> Result<&'static Implementation> {
    if let Some(imp) = hashbench_catalog::find_implementation(name) {
        return match imp.availability() {
            hashbench_catalog::Availability::Available => Ok(imp),
            hashbench_catalog::Availability::Unavailable(why) => {
                Err(UsageError(format!("{name} cannot run here: {why}")).into())
            }
        };
    }
    // `sha256` as people type it means sha2-256.
    let name = hashbench_catalog::alias_of(name).unwrap_or(name);
    if hashbench_catalog::algorithm::algorithm(name).is_some() {
        return hashbench_catalog::implementations_of(name)
            .find(|i| i.availability().is_available())
            .ok_or_else(|| UsageError(format!("no implementation of {name} runs here")).into());
    }
    // Let the filter produce the "did you mean" message.
    hashbench_catalog::Filter::parse(&[name])?;
    Err(UsageError(format!(
        "'{name}' is a family, provider or class; give an algorithm or implementation id"
    ))
    .into())
}

/// A quick known-answer check (one update per vector) before any file is trusted to the
/// implementation; `hashbench verify` runs the full set of modes.
fn spot_check(imp: &Implementation) -> Result<()> {
    let alg = imp.algorithm;
    let answers = VectorSource::Embedded.load(alg.id, alg.output_bytes())?;
    let mut h = (imp.new)();
    let mut out = vec![0u8; alg.output_bytes()];
    for a in &answers {
        hashbench_verify::modes::run(Mode::Update, h.as_mut(), &a.message, &mut out);
        if out != a.digest {
            anyhow::bail!(
                "{} fails its known answer {} (expected {}, got {}); refusing to use it",
                imp.id,
                a.label,
                encode_hex(&a.digest),
                encode_hex(&out)
            );
        }
    }
    Ok(())
}

fn digest_reader(h: &mut dyn Hasher, mut reader: impl Read, out: &mut [u8]) -> io::Result<()> {
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

fn digest_path(h: &mut dyn Hasher, path: &Path, out: &mut [u8]) -> Result<(), String> {
    if path.as_os_str() == "-" {
        return digest_reader(h, io::stdin().lock(), out).map_err(|e| e.to_string());
    }
    let meta = std::fs::metadata(path).map_err(|e| describe_io(&e))?;
    if meta.is_dir() {
        return Err("Is a directory".to_string());
    }
    let file = File::open(path).map_err(|e| describe_io(&e))?;
    digest_reader(h, file, out).map_err(|e| describe_io(&e))
}

/// The OS message without Rust's "(os error N)" suffix, as coreutils prints it.
fn describe_io(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// The name as sha256sum prints it: a name holding a backslash or newline is escaped and
/// the line starts with a backslash. Raw bytes otherwise, so non-UTF-8 names survive.
fn name_bytes(path: &Path) -> (bool, Vec<u8>) {
    #[cfg(unix)]
    let raw = {
        use std::os::unix::ffi::OsStrExt;
        path.as_os_str().as_bytes().to_vec()
    };
    #[cfg(not(unix))]
    let raw = path.to_string_lossy().into_owned().into_bytes();
    if !raw.iter().any(|b| *b == b'\\' || *b == b'\n') {
        return (false, raw);
    }
    let mut escaped = Vec::with_capacity(raw.len() + 4);
    for b in raw {
        match b {
            b'\\' => escaped.extend_from_slice(b"\\\\"),
            b'\n' => escaped.extend_from_slice(b"\\n"),
            b => escaped.push(b),
        }
    }
    (true, escaped)
}

pub fn run(name: &str, files: &[PathBuf]) -> Result<Outcome> {
    let imp = resolve(name)?;
    spot_check(imp)?;
    let mut h = (imp.new)();
    let mut out = vec![0u8; imp.algorithm.output_bytes()];
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    crate::cli::stdout_open()?;
    let mut stdout = io::stdout().lock();
    let mut outcome = Outcome::Done;
    for path in files {
        match digest_path(h.as_mut(), path, &mut out) {
            Ok(()) => {
                let (escaped, name) = name_bytes(path);
                let mut line = Vec::new();
                if escaped {
                    line.push(b'\\');
                }
                line.extend_from_slice(encode_hex(&out).as_bytes());
                line.extend_from_slice(b"  ");
                line.extend_from_slice(&name);
                line.push(b'\n');
                stdout
                    .write_all(&line)
                    .context("writing to standard output")?;
            }
            Err(why) => {
                stdout.flush().ok();
                eprintln!("hashbench: {}: {why}", path.display());
                outcome = Outcome::Failed;
            }
        }
    }
    stdout.flush().context("writing to standard output")?;
    Ok(outcome)
}

#[cfg(test)]
mod tests;
