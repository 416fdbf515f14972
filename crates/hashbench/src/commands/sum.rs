//! `hashbench sum`: digests of files, sha256sum-style (the lines are `hashbench-report`'s
//! `render::sum`), streamed in fixed-size reads (`hashbench_commands::sum::digest_path`); an
//! implementation that cannot stream holds each input whole, bounded, and says so.

use std::io::{self, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use anyhow::{Context, Result};
use hashbench_catalog::reader::{BUFFER, HELD_WHOLE_LIMIT};
use hashbench_commands::sum::digest_path;
use hashbench_commands::Outcome;
use hashbench_model::Pattern;
use hashbench_report::render::sum::line;
use hashbench_verify::vectors::encode_hex;

#[derive(clap::Args, Debug)]
pub struct SumArgs {
    /// An implementation id (`sha2-256/openssl`), or an algorithm id (`crc32`), which
    /// picks the fastest of its implementations verified here (a short calibration)
    /// and says which on standard error.
    #[arg(short = 'i', long = "impl", value_name = "IMPL")]
    implementation: String,
    /// Files to read; `-` or none reads standard input.
    files: Vec<PathBuf>,
}

pub fn run(args: &SumArgs) -> Result<Outcome> {
    let (name, files) = (&args.implementation, &args.files);
    // The implementation asked for (or, for an algorithm, the fastest verified here),
    // checked against its known answers before any file is trusted to it (`hashbench
    // verify` runs every mode).
    let choice = hashbench_commands::sum::choose(name)?;
    if let Some(why) = choice.explanation() {
        crate::cli::say(&format!("sum: {why}"));
    }
    let imp = choice.implementation;
    let mut h = (imp.new)();
    if h.supports(Pattern::Streaming(BUFFER)).is_err() {
        // Said before any file is read: this one holds each input whole (docs/usage.md).
        crate::cli::say(&format!(
            "sum: {} cannot stream: each input is held in memory whole, and one over {} \
             is refused",
            imp.id,
            hashbench_model::format::size(HELD_WHOLE_LIMIT)
        ));
    }
    let mut out = vec![0u8; imp.algorithm.output_bytes()];
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    crate::cli::stdout_open()?;
    let mut stdout = io::stdout().lock();
    let mut outcome = Outcome::Done;
    for path in files {
        match digest_path(h.as_mut(), path, &mut out) {
            Ok(()) => stdout
                .write_all(&line(&encode_hex(&out), path.as_os_str().as_bytes()))
                .context("writing to standard output")?,
            Err(why) => {
                stdout.flush().ok();
                crate::cli::say(&format!("{}: {why}", path.display()));
                outcome = Outcome::Failed;
            }
        }
    }
    stdout.flush().context("writing to standard output")?;
    Ok(outcome)
}
