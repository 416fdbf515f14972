//! `hashbench run` (and `hashbench` alone): verify, then measure every selected
//! implementation and the baselines at every size, and render the run.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use anyhow::{Context, Result};
use hashbench_catalog::Implementation;
use hashbench_engine::{measure, CellResult, Config, HashKernel, Input, Memcpy, Nop, Read};
use hashbench_host::{Build, Host, Tsc};
use hashbench_report::{Cell, ProviderVersion, Run, RunConfig, Skipped, Tool, SCHEMA_VERSION};
use hashbench_stats::Throughput;
use hashbench_verify::{Status, VectorSource};

use crate::sizes::{parse_precision, parse_seconds, parse_sizes, DEFAULT_SIZES};
use crate::{emit, select, UsageError, EXIT_FAILED};

/// Exit code after Ctrl-C, as shells report a process ended by SIGINT.
const EXIT_INTERRUPTED: u8 = 130;

#[derive(Clone, Copy, Debug, Default, clap::ValueEnum)]
pub enum RunFormat {
    #[default]
    Table,
    Json,
    Csv,
    Markdown,
}

#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// Algorithm ids, implementation ids, families, providers or classes; none runs the
    /// default suite (the fastest known implementation of every algorithm).
    pub filter: Vec<String>,
    /// Input sizes: comma-separated, with k/m/g suffixes for KiB/MiB/GiB
    /// [default: 64,384,4k,16k,64k,1m,4m].
    #[arg(long)]
    pub sizes: Option<String>,
    /// Time budget per cell, like 0.3, 300ms or 2s.
    #[arg(long, default_value = "0.3")]
    pub time: String,
    /// Stop sampling a cell once the 95 % CI of its median is within +-this (0.01 or 1%).
    #[arg(long, default_value = "1%")]
    pub precision: String,
    #[arg(long, value_enum, default_value_t)]
    pub format: RunFormat,
    /// Write the result to FILE (atomically) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Seed of the random input bytes [default: drawn from the clock, and recorded].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Include every (iterations, elapsed) sample in JSON output.
    #[arg(long)]
    pub raw: bool,
    /// Offset the input this many bytes from a 64-byte boundary.
    #[arg(long, default_value_t = 0)]
    pub misalign: usize,
    /// No progress display.
    #[arg(short, long)]
    pub quiet: bool,
}

impl Default for RunArgs {
    /// What `hashbench` with no command runs: the same defaults as `hashbench run`.
    fn default() -> Self {
        RunArgs {
            filter: Vec::new(),
            sizes: None,
            time: "0.3".to_string(),
            precision: "1%".to_string(),
            format: RunFormat::Table,
            output: None,
            seed: None,
            raw: false,
            misalign: 0,
            quiet: false,
        }
    }
}

/// The default suite: the fastest known implementation of every algorithm on x86_64
/// (docs/method.md says how they were chosen).
fn default_suite() -> Vec<&'static Implementation> {
    hashbench_catalog::registry::DEFAULT_SUITE
        .iter()
        .filter_map(|id| hashbench_catalog::find_implementation(id))
        .collect()
}

/// Progress on standard error, only when it is a terminal and not `--quiet`.
struct Progress {
    enabled: bool,
    total: usize,
    done: usize,
    started: Instant,
}

impl Progress {
    fn show(&self, what: &str) {
        if !self.enabled {
            return;
        }
        let eta = if self.done == 0 {
            "?".to_string()
        } else {
            let per = self.started.elapsed().as_secs_f64() / self.done as f64;
            format!("{:.0} s", per * (self.total - self.done) as f64)
        };
        eprint!(
            "\r\x1b[K[{}/{}] {what}  ETA {eta}",
            self.done + 1,
            self.total
        );
    }

    fn clear(&self) {
        if self.enabled {
            eprint!("\r\x1b[K");
        }
    }
}

fn check_output(path: &Path) -> Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(UsageError(format!(
            "cannot write {}: directory {} does not exist",
            path.display(),
            dir.display()
        ))
        .into());
    }
    if path.is_dir() {
        return Err(UsageError(format!(
            "cannot write {}: it is a directory",
            path.display()
        ))
        .into());
    }
    Ok(())
}

/// Writes `contents` to a temporary file beside `path`, then renames it over `path`, so
/// a reader never sees a half-written file.
fn write_atomic(path: &Path, contents: &str) -> Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map_or("output".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = std::fs::write(&tmp, contents)
        .and_then(|()| std::fs::rename(&tmp, path))
        .with_context(|| format!("writing {}", path.display()));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// RFC 3339 UTC from the system clock (days-to-civil conversion, proleptic Gregorian).
fn timestamp(now: SystemTime) -> String {
    let secs = now
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rem) = ((secs / 86_400) as i64, secs % 86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

fn build_info() -> Build {
    let rustflags = env!("HASHBENCH_RUSTFLAGS").to_string();
    let words: Vec<&str> = rustflags.split_whitespace().collect();
    let target_cpu = words.iter().enumerate().find_map(|(i, w)| {
        w.strip_prefix("-Ctarget-cpu=")
            .or_else(|| w.strip_prefix("target-cpu="))
            .map(str::to_string)
            .or_else(|| {
                (*w == "-C")
                    .then(|| words.get(i + 1).and_then(|n| n.strip_prefix("target-cpu=")))
                    .flatten()
                    .map(str::to_string)
            })
    });
    Build {
        rustc: env!("HASHBENCH_RUSTC").to_string(),
        profile: env!("HASHBENCH_PROFILE").to_string(),
        target: env!("HASHBENCH_TARGET").to_string(),
        target_cpu,
        target_features: Build::target_features_enabled(),
        rustflags,
        opt_level: env!("HASHBENCH_OPT_LEVEL").to_string(),
    }
}

/// Everything a cell needs besides its measurement.
struct CellMeta {
    implementation: String,
    algorithm: Option<String>,
    backend: String,
}

fn cell(
    meta: CellMeta,
    size: u64,
    result: CellResult,
    tsc_hz: Option<f64>,
    raw: bool,
) -> Result<Cell> {
    let throughput = Throughput::from_summary(&result.summary, size, tsc_hz)
        .with_context(|| format!("{} at {size} B: no finite rate", meta.implementation))?;
    let per_call = tsc_hz.map(|hz| result.summary.median.0 * hz / 1e9);
    Ok(Cell {
        implementation: meta.implementation,
        algorithm: meta.algorithm,
        backend: meta.backend,
        pattern: "oneshot".to_string(),
        threads: 1,
        size,
        iterations_per_sample: result.iterations_per_sample,
        summary: result.summary,
        throughput,
        tsc_cycles_per_call: per_call,
        tsc_cycles_per_byte: per_call.map(|c| c / size as f64),
        fraction_of_read_ceiling: None,
        stop_reason: result.stop_reason,
        complete: result.complete,
        raw: raw.then_some(result.measurements),
    })
}

/// The digest every sample of `imp` must reproduce: computed by the first available
/// implementation of the algorithm in the catalogue (the agreement reference that
/// verification compared `imp` with), not by `imp` itself.
fn expected_digest(imp: &Implementation, input: &[u8]) -> Result<Vec<u8>> {
    let reference = hashbench_catalog::implementations_of(imp.algorithm.id)
        .find(|i| i.availability().is_available())
        .unwrap_or(imp);
    let mut h = reference
        .instantiate()
        .map_err(|why| anyhow::anyhow!("{}: {why}", reference.id))?;
    let mut out = vec![0u8; imp.algorithm.output_bytes()];
    h.oneshot(input, &mut out);
    Ok(out)
}

pub fn run(args: RunArgs, command_line: Vec<String>) -> Result<u8> {
    // Everything the user typed is checked before anything is measured.
    let host = Host::detect();
    // The input and the memcpy baseline's copy must both fit, with room to spare.
    let max_size = host.memory_available_bytes.map_or(1 << 40, |m| m / 4);
    let sizes = match &args.sizes {
        Some(text) => parse_sizes(text, max_size)?,
        None => DEFAULT_SIZES.to_vec(),
    };
    let time_budget = parse_seconds(&args.time)?;
    let precision = parse_precision(&args.precision)?;
    let selected = if args.filter.is_empty() {
        default_suite()
    } else {
        select(&args.filter)?
    };
    if let Some(path) = &args.output {
        check_output(path)?;
    }
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64 | 1)
    });
    let started_at = SystemTime::now();

    let cancel = Arc::new(AtomicBool::new(false));
    {
        let cancel = Arc::clone(&cancel);
        // Fails only if a handler is already installed (tests calling run twice).
        let _ = ctrlc::set_handler(move || cancel.store(true, Ordering::SeqCst));
    }

    // Correctness first: nothing that fails verification is timed.
    let outcomes = hashbench_verify::verify(&selected, &VectorSource::Embedded, &mut |_| {})?;
    let mut skipped = Vec::new();
    let mut failed = false;
    let mut to_measure = Vec::new();
    for (imp, outcome) in selected.iter().zip(&outcomes) {
        match &outcome.status {
            Status::Passed => to_measure.push(*imp),
            Status::Unavailable(why) => skipped.push(Skipped {
                implementation: imp.id.to_string(),
                reason: "unavailable".to_string(),
                details: vec![why.clone()],
            }),
            Status::Failed => {
                failed = true;
                skipped.push(Skipped {
                    implementation: imp.id.to_string(),
                    reason: "failed-verification".to_string(),
                    details: outcome
                        .failures
                        .iter()
                        .map(|f| {
                            format!(
                                "{:?} mode {} vector {}: expected {} got {}",
                                f.check, f.mode, f.vector, f.expected, f.got
                            )
                        })
                        .collect(),
                });
            }
        }
    }

    let tsc_hz = Tsc::calibrate(Duration::from_millis(20)).map(|t| t.hz());
    let config = Config {
        target_precision: precision,
        time_budget: Duration::from_secs_f64(time_budget),
        ..Config::default()
    };
    let mut progress = Progress {
        enabled: !args.quiet && std::io::stderr().is_terminal(),
        total: sizes.len() * (3 + to_measure.len()),
        done: 0,
        started: Instant::now(),
    };
    let mut observer = hashbench_engine::NoopObserver;
    let mut baselines = Vec::new();
    let mut cells = Vec::new();
    'sizes: for &size in &sizes {
        let input = Input::new(size as usize, seed, args.misalign);
        let bytes = input.bytes();
        let mut read_gbps = None;
        for name in ["nop", "memcpy", "read"] {
            if cancel.load(Ordering::SeqCst) {
                break 'sizes;
            }
            progress.show(&format!("baseline/{name} @ {} B", size));
            // Each baseline is measured as its concrete type, monomorphised into the timed
            // loop: the nop floor must measure the loop, not an indirect call.
            let result = match name {
                "nop" => measure(&mut Nop, &input, &config, None, &cancel, &mut observer)?,
                "memcpy" => {
                    let mut copy = Memcpy::default();
                    measure(&mut copy, &input, &config, None, &cancel, &mut observer)?
                }
                _ => measure(&mut Read, &input, &config, None, &cancel, &mut observer)?,
            };
            let c = cell(
                CellMeta {
                    implementation: format!("baseline/{name}"),
                    algorithm: None,
                    backend: "compiled in".to_string(),
                },
                size,
                result,
                tsc_hz,
                args.raw,
            )?;
            if name == "read" {
                read_gbps = Some(c.gb_per_sec());
            }
            baselines.push(c);
            progress.done += 1;
        }
        for imp in &to_measure {
            if cancel.load(Ordering::SeqCst) {
                break 'sizes;
            }
            progress.show(&format!("{} @ {} B", imp.id, size));
            let expected = expected_digest(imp, bytes)?;
            let mut kernel = HashKernel::from_implementation(imp)
                .map_err(|why| anyhow::anyhow!("{}: {why}", imp.id))?;
            match measure(
                &mut kernel,
                &input,
                &config,
                Some(&expected),
                &cancel,
                &mut observer,
            ) {
                Ok(result) => {
                    let mut c = cell(
                        CellMeta {
                            implementation: imp.id.to_string(),
                            algorithm: Some(imp.algorithm.id.to_string()),
                            backend: (imp.backend)(),
                        },
                        size,
                        result,
                        tsc_hz,
                        args.raw,
                    )?;
                    c.fraction_of_read_ceiling = read_gbps.map(|r| c.gb_per_sec() / r);
                    cells.push(c);
                }
                Err(e) => {
                    failed = true;
                    skipped.push(Skipped {
                        implementation: imp.id.to_string(),
                        reason: "wrong-digest-under-measurement".to_string(),
                        details: vec![format!("at {size} B: {e}")],
                    });
                }
            }
            progress.done += 1;
        }
    }
    progress.clear();
    let interrupted = cancel.load(Ordering::SeqCst);

    let mut providers: Vec<ProviderVersion> = Vec::new();
    for imp in &to_measure {
        if !providers.iter().any(|p| p.provider == imp.provider.name) {
            providers.push(ProviderVersion {
                provider: imp.provider.name.to_string(),
                version: imp.provider.version(),
            });
        }
    }
    let run = Run {
        schema_version: SCHEMA_VERSION,
        tool: Tool {
            name: "hashbench".to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            git_commit: Some(env!("HASHBENCH_GIT_COMMIT").to_string()).filter(|c| !c.is_empty()),
        },
        command_line,
        timestamp: timestamp(started_at),
        host,
        build: build_info(),
        tsc_hz,
        config: RunConfig {
            filters: args.filter.clone(),
            sizes: sizes.clone(),
            time_budget_s: time_budget,
            precision,
            min_samples: config.min_samples,
            seed,
            misalign: args.misalign,
            raw: args.raw,
        },
        providers,
        skipped,
        baselines,
        cells,
        complete: !interrupted,
    };
    let text = match args.format {
        RunFormat::Table => hashbench_report::terminal(&run),
        RunFormat::Markdown => hashbench_report::markdown(&run),
        RunFormat::Csv => hashbench_report::csv(&run),
        RunFormat::Json => hashbench_report::json(&run)?,
    };
    match &args.output {
        Some(path) => {
            write_atomic(path, &text)?;
            if !args.quiet {
                eprintln!("hashbench: wrote {}", path.display());
            }
        }
        None => emit(&text),
    }
    Ok(if interrupted {
        EXIT_INTERRUPTED
    } else if failed {
        EXIT_FAILED
    } else {
        0
    })
}

/// The availability of every implementation the default suite names, for tests.
#[cfg(test)]
mod tests {
    use super::*;
    use hashbench_catalog::Availability;

    #[test]
    fn timestamps_are_rfc3339_utc() {
        assert_eq!(timestamp(SystemTime::UNIX_EPOCH), "1970-01-01T00:00:00Z");
        let t = SystemTime::UNIX_EPOCH + Duration::from_secs(1_795_000_000);
        // Expected values from Python: datetime.utcfromtimestamp(1795000000).
        assert_eq!(timestamp(t), "2026-11-18T11:06:40Z");
        let leap = SystemTime::UNIX_EPOCH + Duration::from_secs(951_782_400);
        assert_eq!(timestamp(leap), "2000-02-29T00:00:00Z");
    }

    #[test]
    fn default_suite_names_one_available_implementation_per_algorithm() {
        let suite = default_suite();
        assert_eq!(suite.len(), hashbench_catalog::ALGORITHMS.len());
        assert_eq!(
            suite.len(),
            hashbench_catalog::registry::DEFAULT_SUITE.len()
        );
        for (imp, alg) in suite.iter().zip(hashbench_catalog::ALGORITHMS) {
            assert_eq!(imp.algorithm.id, alg.id);
            assert_eq!(imp.availability(), Availability::Available, "{}", imp.id);
        }
    }

    #[test]
    fn missing_output_directory_is_refused_before_measuring() {
        let err = check_output(Path::new("/no/such/dir/out.json")).unwrap_err();
        assert!(err.to_string().contains("does not exist"), "{err}");
        assert!(check_output(Path::new("out.json")).is_ok());
    }
}
