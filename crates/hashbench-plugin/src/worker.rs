//! The worker: `hashbench plugin-worker LIB...` loads the libraries and serves them over
//! the adapter protocol (docs/adapters.md; its messages are `hashbench_adapters`' types,
//! read and written from the adapter's side) on standard input and output, exactly as an
//! adapter of another runtime does, so that hashbench runs it through the same path as
//! `--adapter`: its own process group, a time limit on every reply, bounded reads, known
//! answers before any timing. A plugin that crashes takes this process down, not the run.
//!
//! Every call's output goes to a buffer with a guard after it; a non-zero return or a
//! write past the output is an error reply that names it, after the untimed call or the
//! timed batch where it happened.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

use hashbench_adapters::{
    error_reply, ok_reply, DigestReply, Hello, ImplInfo, Served, TimeReply, PROTOCOL,
};
use hashbench_catalog::Hasher;
use hashbench_model::Pattern;
use serde_json::Value;

use crate::guard::Guarded;
use crate::hasher::PluginHasher;
use crate::{Plugin, PluginError};

/// The runtime name the worker's `hello` gives: ids are `<algorithm>/plugin:<name>`.
pub const RUNTIME: &str = "plugin";
/// The id of the worker's nop.
pub const NOP: &str = "nop/plugin";
/// The worker's flag naming a folder whose manifest defines a new algorithm, read
/// before the libraries are loaded (crate::manifest).
pub const DEFINE_FLAG: &str = "define";

/// The largest `size` a `time` request may ask: hashbench's own sizes stay far below.
const MAX_SIZE: usize = 1 << 30;
/// The most batches one `time` request may ask.
const MAX_BATCHES: u64 = 1 << 16;

/// One plugin served: what was loaded, and where from.
struct Loaded {
    plugin: Plugin,
    hasher: PluginHasher,
    out: Guarded,
    sha256: String,
}

/// [`serve`] on this process's standard input and output: `hashbench plugin-worker`.
///
/// # Errors
///
/// As [`serve`].
pub fn serve_stdio(libs: &[PathBuf], defines: &[PathBuf]) -> Result<(), PluginError> {
    for dir in defines {
        crate::manifest::define(dir)?;
    }
    serve(libs, std::io::stdin().lock(), std::io::stdout().lock())
}

/// Loads `libs` and serves requests from `input` until it ends, replies to `output`.
///
/// # Errors
///
/// A library that cannot be loaded (before any request is read: hashbench sees the
/// worker exit with the reason on standard error), or standard output closed.
pub fn serve(
    libs: &[PathBuf],
    input: impl BufRead,
    mut output: impl Write,
) -> Result<(), PluginError> {
    let mut served = Vec::new();
    for lib in libs {
        let plugin = Plugin::load(lib)?;
        let sha256 = crate::origin::sha256_file(lib).map_err(|source| PluginError::Io {
            path: lib.clone(),
            what: "reading",
            file: lib.clone(),
            source,
        })?;
        served.push(Loaded {
            hasher: PluginHasher::new(&plugin),
            out: Guarded::new(plugin.digest_bytes()),
            plugin,
            sha256,
        });
    }
    for line in input.lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let reply = match answer(&mut served, &line) {
            Ok(v) => v,
            Err(why) => error_reply(&why),
        };
        let written = writeln!(output, "{reply}").and_then(|()| output.flush());
        if written.is_err() {
            break;
        }
    }
    Ok(())
}

fn answer(served: &mut [Loaded], line: &str) -> Result<Value, String> {
    let request: Served = serde_json::from_str(line).map_err(|e| format!("not a request: {e}"))?;
    match request {
        Served::Hello { .. } => ok_reply(&hello(served)),
        Served::Digest {
            id,
            pattern,
            data,
            splits,
        } => {
            let s = find(served, &id)?;
            let pattern = supported(s, parsed(&pattern)?)?;
            let digest = digest(s, pattern, &data, &splits)?;
            ok_reply(&DigestReply { digest })
        }
        Served::Time {
            id,
            pattern,
            size,
            seed,
            iterations,
            batches,
        } => {
            if size > MAX_SIZE || batches == 0 || batches > MAX_BATCHES || iterations == 0 {
                return Err(format!(
                    "a time request of size {size}, {iterations} iterations, {batches} \
                     batches: give size <= {MAX_SIZE}, 1 to {MAX_BATCHES} batches of 1 or more"
                ));
            }
            let input = hashbench_verify::vectors::xorshift(size, seed);
            let pattern = parsed(&pattern)?;
            if id == NOP {
                return ok_reply(&nop(&input, iterations, batches));
            }
            let s = find(served, &id)?;
            let pattern = supported(s, pattern)?;
            ok_reply(&time(s, pattern, &input, iterations, batches)?)
        }
    }
}

fn hello(served: &[Loaded]) -> Hello {
    Hello {
        protocol: PROTOCOL,
        runtime: RUNTIME.to_string(),
        version: format!("ABI {}", crate::abi::ABI),
        nop: NOP.to_string(),
        implementations: served
            .iter()
            .map(|s| ImplInfo {
                id: s.plugin.id(),
                algorithm: s.plugin.algorithm.id.to_string(),
                provider: format!(
                    "plugin:{} ({}, sha256 {})",
                    s.plugin.name,
                    s.plugin.path.display(),
                    s.sha256
                ),
                backend: s.plugin.backend.clone(),
                patterns: PluginHasher::patterns(&s.plugin)
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
            })
            .collect(),
    }
}

fn find<'a>(served: &'a mut [Loaded], id: &str) -> Result<&'a mut Loaded, String> {
    served
        .iter_mut()
        .find(|s| s.plugin.id() == id)
        .ok_or_else(|| format!("unknown implementation {id:?}"))
}

/// A request's pattern name, parsed once.
fn parsed(name: &str) -> Result<Pattern, String> {
    name.parse().map_err(|e| format!("{e}"))
}

/// `pattern`, if the plugin expresses it.
fn supported(s: &Loaded, pattern: Pattern) -> Result<Pattern, String> {
    s.hasher
        .supports(pattern)
        .map(|()| pattern)
        .map_err(|why| format!("{}: pattern {pattern}: {why}", s.plugin.id()))
}

/// What went wrong in the calls since the last look: a function's non-zero return, a
/// write past the output or the state.
fn fault(s: &mut Loaded, when: &str) -> Result<(), String> {
    let id = s.plugin.id();
    if let Some(f) = s.hasher.take_failed() {
        return Err(format!(
            "{id}: {} returned {} {when} (non-zero: the call failed)",
            f.function, f.code
        ));
    }
    let n = s.plugin.digest_bytes();
    if let Some(at) = s.out.breach() {
        return Err(format!(
            "{id}: wrote past its {n}-byte output {when} (byte {} after the output changed)",
            at + 1
        ));
    }
    if let Some(at) = s.hasher.state_breach() {
        return Err(format!(
            "{id}: wrote past its state (state_bytes) {when} (byte {} after it changed)",
            at + 1
        ));
    }
    Ok(())
}

/// The digest of `data` through `pattern`, cut into updates at `splits` for `new` and
/// `reuse` (`reuse` hashes it twice on one state and answers the second).
fn digest(
    s: &mut Loaded,
    pattern: Pattern,
    data: &[u8],
    splits: &[usize],
) -> Result<Vec<u8>, String> {
    let streamed = matches!(pattern, Pattern::New | Pattern::Reuse);
    if !splits.is_empty() && !streamed {
        return Err(format!("pattern {pattern} takes no splits"));
    }
    if splits.windows(2).any(|w| w[0] > w[1]) || splits.iter().any(|&c| c > data.len()) {
        return Err("splits must ascend within the data".to_string());
    }
    let pieces = || {
        let mut start = 0;
        let mut v: Vec<&[u8]> = Vec::new();
        for &cut in splits.iter().chain(std::iter::once(&data.len())) {
            v.push(&data[start..cut]);
            start = cut;
        }
        v
    };
    let rounds = if pattern == Pattern::Reuse { 2 } else { 1 };
    if streamed {
        s.hasher.reset();
    }
    for _ in 0..rounds {
        match pattern {
            Pattern::Oneshot => s.hasher.oneshot(data, s.out.body()),
            _ => {
                for piece in pieces() {
                    s.hasher.update(piece);
                }
                s.hasher.finalize_reset(s.out.body());
            }
        }
    }
    fault(s, "on a digest request")?;
    Ok(s.out.body().to_vec())
}

/// `batches` timed batches of `iterations` calls in the catalogue's loop.
fn time(
    s: &mut Loaded,
    pattern: Pattern,
    input: &[u8],
    iterations: u64,
    batches: u64,
) -> Result<TimeReply, String> {
    let mut batches_ns = Vec::new();
    s.hasher.reset();
    for b in 0..batches {
        let start = Instant::now();
        s.hasher.run_batch(pattern, input, s.out.body(), iterations);
        let ns = start.elapsed().as_nanos();
        fault(s, &format!("in timed batch {b}"))?;
        batches_ns.push(u64::try_from(ns).unwrap_or(u64::MAX));
    }
    Ok(TimeReply {
        input_fold: hashbench_adapters::input_fold(input),
        batches_ns,
        digest: s.out.body().to_vec(),
        bytes_allocated_per_call: None,
    })
}

/// The floor: the same loop and the same call through a `Hasher`, with no hashing.
fn nop(input: &[u8], iterations: u64, batches: u64) -> TimeReply {
    let mut empty = hashbench_catalog::Empty;
    let mut out = [0u8; 1];
    let batches_ns: Vec<u64> = (0..batches)
        .map(|_| {
            let start = Instant::now();
            empty.run_batch(Pattern::Oneshot, input, &mut out, iterations);
            u64::try_from(start.elapsed().as_nanos())
                .unwrap_or(u64::MAX)
                .max(1)
        })
        .collect();
    TimeReply {
        input_fold: hashbench_adapters::input_fold(input),
        batches_ns,
        digest: vec![input.first().copied().unwrap_or(0)],
        bytes_allocated_per_call: None,
    }
}
