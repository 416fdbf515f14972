//! The checks of `hashbench adapter check`, in the order hashbench meets an adapter: its
//! `hello`, then each implementation through each pattern (the known answers, with
//! hashbench's own verification, then short `time` requests whose input fold, batches and
//! digest are checked), its nop, bad requests (each must get `"ok": false` and leave it
//! answering), and last its exit when standard input closes.

use std::collections::HashSet;
use std::time::Duration;

use hashbench_adapters::{AdapterError, External, Hello, RuntimeState, Shared};
use hashbench_catalog::Implementation;
use hashbench_engine::Input;
use hashbench_model::{ExternalId, Pattern};
use hashbench_runner::RunError;
use hashbench_verify::{Status, VectorSource};

/// What `adapter check` is asked.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct CheckAsk {
    /// The adapter: a program and its arguments, quoted as a shell would (run without
    /// one), as `run --adapter` takes it.
    pub command: String,
    /// Known answers of inputs up to 4097 bytes only (the long ones take seconds through
    /// a slow runtime; `run` and `verify` always check them all).
    #[cfg_attr(feature = "clap", arg(long))]
    pub quick: bool,
}

/// What the check found, section by section.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub sections: Vec<Section>,
    /// The last lines the adapter wrote to its standard error, made inert.
    pub stderr_tail: String,
}

/// One subject of the check (the protocol, an implementation, the nop): how many checks
/// it passed through, and each fault found.
#[derive(Clone, Debug, Default)]
pub struct Section {
    pub subject: String,
    /// Whether the subject is one of the adapter's implementations (the nop and the
    /// protocol are not).
    pub implementation: bool,
    pub checks: u64,
    /// Checks that failed.
    pub failed: u64,
    /// What failed, the first few of a kind in full.
    pub faults: Vec<String>,
}

impl Section {
    fn new(subject: impl Into<String>) -> Self {
        Section {
            subject: subject.into(),
            ..Section::default()
        }
    }

    /// Counts a check, and keeps `fault` when it failed.
    fn check(&mut self, ok: bool, fault: impl FnOnce() -> String) {
        self.checks += 1;
        if !ok {
            self.failed += 1;
            self.faults.push(fault());
        }
    }
}

/// The patterns docs/adapters.md defines for adapters.
const ADAPTER_PATTERNS: [Pattern; 5] = [
    Pattern::Oneshot,
    Pattern::New,
    Pattern::Reuse,
    Pattern::Prealloc,
    Pattern::Hex,
];

/// The timed inputs: empty (the fold is zero), an odd length (the fold's zero-padded last
/// word), 64 bytes and a page, each from another seed (their xorshift states use all 64
/// bits, which a generator computing in floating point gets wrong).
const TIME_INPUTS: [(usize, u64); 4] = [(0, 1), (17, 2), (64, 3), (4096, 4)];
const TIME_ITERATIONS: u64 = 10;
const TIME_BATCHES: u64 = 3;
/// `--quick`: known answers of inputs up to this long.
const QUICK_BYTES: usize = 4097;
/// How long an adapter may take to exit once its standard input is closed.
const EXIT_WAIT: Duration = Duration::from_secs(10);

/// Checks the adapter `ask.command` names; each section goes to `observer` when done.
///
/// # Errors
///
/// The built-in known answers could not be read.
pub fn check(ask: &CheckAsk, observer: &mut dyn FnMut(&Section)) -> Result<Report, RunError> {
    let mut report = Report::default();
    let mut protocol = Section::new("the protocol (hello, bad requests, exit)");
    let runtime = hashbench_adapters::start_user(&ask.command);
    let (adapter, hello) = match &runtime.state {
        RuntimeState::Ready { adapter, hello } => (adapter.clone(), hello.clone()),
        RuntimeState::Unavailable { why, .. } => {
            protocol.check(false, || format!("it is not ready: {why}"));
            observer(&protocol);
            report.sections.push(protocol);
            return Ok(report);
        }
    };
    check_hello(&hello, &mut protocol);
    let (externals, refused) = runtime.implementations();
    for (id, why) in refused {
        protocol.check(false, || format!("hello: {id}: {why}"));
    }
    for ext in &externals {
        let section = check_implementation(ext, ask.quick)?;
        observer(&section);
        report.sections.push(section);
    }
    let nop = check_nop(&adapter, &hello.nop);
    observer(&nop);
    report.sections.push(nop);
    check_bad_requests(&adapter, &hello, &mut protocol);
    let mut a = lock(&adapter);
    report.stderr_tail = a.stderr_tail();
    let closed = a.close(EXIT_WAIT);
    protocol.check(closed.code == Some(0), || {
        format!(
            "once its standard input closed it should exit with status 0 within {} s: {}",
            EXIT_WAIT.as_secs(),
            closed
                .code
                .map_or("it did not (it was killed)".to_string(), |c| format!(
                    "status {c}"
                ))
        )
    });
    protocol.check(closed.unrequested == 0, || {
        format!(
            "{} line(s) on its standard output that no request asked for",
            closed.unrequested
        )
    });
    observer(&protocol);
    report.sections.insert(0, protocol);
    Ok(report)
}

fn lock(adapter: &Shared) -> std::sync::MutexGuard<'_, hashbench_adapters::Adapter> {
    adapter
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// What the typed `hello` (already accepted: the version, the fields' types, the
/// runtime's name) does not say: the nop's name, and each implementation's.
fn check_hello(hello: &Hello, protocol: &mut Section) {
    let nop = format!("nop/{}", hello.runtime);
    protocol.check(hello.nop == nop, || {
        format!("hello: the nop should be {nop:?}, is {:?}", hello.nop)
    });
    protocol.check(!hello.implementations.is_empty(), || {
        "hello: no implementations offered".to_string()
    });
    let mut seen = HashSet::new();
    for info in &hello.implementations {
        let at = &info.id;
        protocol.check(seen.insert(at.as_str()), || {
            format!("hello: {at}: listed twice")
        });
        protocol.check(*at != hello.nop, || {
            format!("hello: {at}: the nop must not be listed")
        });
        protocol.check(!info.provider.is_empty(), || {
            format!("hello: {at}: 'provider' must not be empty")
        });
        if let Ok(id) = at.parse::<ExternalId>() {
            protocol.check(
                id.algorithm == info.algorithm && id.runtime == hello.runtime,
                || {
                    format!(
                        "hello: {at}: the id should start {}/{}:, the algorithm and the runtime",
                        info.algorithm, hello.runtime
                    )
                },
            );
        }
        let mut names = HashSet::new();
        let well_named = info.patterns.iter().all(|p| {
            names.insert(p.as_str())
                && p.parse::<Pattern>()
                    .is_ok_and(|p| ADAPTER_PATTERNS.contains(&p))
        });
        protocol.check(well_named, || {
            format!(
                "hello: {at}: 'patterns' must be distinct names from oneshot, new, reuse, \
                 prealloc, hex; is {:?}",
                info.patterns
            )
        });
    }
}

/// Every pattern of `ext`: its known answers through hashbench's verification, then the
/// timed path.
fn check_implementation(ext: &External, quick: bool) -> Result<Section, RunError> {
    let patterns: Vec<String> = ext.patterns.iter().map(Pattern::to_string).collect();
    let mut section = Section::new(format!("{} ({})", ext.id, patterns.join(", ")));
    section.implementation = true;
    let mut answers = VectorSource::Embedded
        .load(ext.algorithm.id, ext.algorithm.output_bytes())
        .map_err(RunError::Vectors)?;
    if quick {
        answers.retain(|a| a.message.len() <= QUICK_BYTES);
    }
    for &pattern in &ext.patterns {
        let Some((outcome, reference)) =
            hashbench_runner::verify_external_answers(ext, pattern, &answers)
        else {
            section.check(false, || {
                format!(
                    "no implementation of {} here to check it against",
                    ext.algorithm.id
                )
            });
            return Ok(section);
        };
        section.checks += outcome.checks;
        section.failed += outcome.failed_checks;
        match &outcome.status {
            Status::Passed => {}
            Status::Unavailable(why) => section.check(false, || format!("{pattern}: {why}")),
            _ => {
                for f in &outcome.failures {
                    section.faults.push(format!(
                        "{pattern}: {:?} mode {} vector {}: expected {} got {}",
                        f.check, f.mode, f.vector, f.expected, f.got
                    ));
                }
                let more = outcome
                    .failed_checks
                    .saturating_sub(outcome.failures.len() as u64);
                if more > 0 {
                    section
                        .faults
                        .push(format!("{pattern}: and {more} more wrong digests"));
                }
            }
        }
        check_time(
            &mut section,
            &ext.adapter,
            &ext.id.to_string(),
            pattern,
            reference,
        );
    }
    Ok(section)
}

/// The nop's timed path: it answers `time` as an implementation does, its digest aside.
fn check_nop(adapter: &Shared, nop: &str) -> Section {
    let mut section = Section::new(format!("{nop} (time, oneshot)"));
    check_time(&mut section, adapter, nop, Pattern::Oneshot, None);
    section
}

/// Short `time` requests of `id` at [`TIME_INPUTS`]: the reply's shape (the typed
/// decode), the input's fold, positive batches, and the last call's digest against
/// `reference` (none for the nop).
fn check_time(
    section: &mut Section,
    adapter: &Shared,
    id: &str,
    pattern: Pattern,
    reference: Option<&'static Implementation>,
) {
    for (size, seed) in TIME_INPUTS {
        let input = Input::new(size, seed, 0);
        let at = format!("time {pattern} of {size} bytes");
        let stream = Input::stream_start(seed);
        let reply = hashbench_adapters::time(
            adapter,
            id,
            pattern,
            (size as u64, stream),
            TIME_ITERATIONS,
            TIME_BATCHES,
        );
        let reply = match reply {
            Ok(reply) => reply,
            Err(e) => {
                section.check(false, || format!("{at}: {e}"));
                if matches!(
                    e,
                    AdapterError::Exited { .. } | AdapterError::Timeout { .. }
                ) {
                    return;
                }
                continue;
            }
        };
        let fold = hashbench_adapters::input_fold(input.bytes());
        section.check(reply.input_fold == fold, || {
            format!(
                "{at}: input_fold {:016x}, the input's is {fold:016x} (the xorshift stream \
                 from state {stream:#x}: docs/adapters.md)",
                reply.input_fold
            )
        });
        section.check(reply.batches_ns.iter().all(|&b| b > 0), || {
            format!(
                "{at}: batches_ns must be positive, is {:?}",
                reply.batches_ns
            )
        });
        if let Some(reference) = reference {
            let want = expected(reference, input.bytes());
            section.check(want.as_deref() == Some(&reply.digest[..]), || {
                format!(
                    "{at}: the timed call's digest {}, {} gives {}",
                    hex(&reply.digest),
                    reference.id,
                    want.as_deref().map_or("nothing".to_string(), hex)
                )
            });
        }
    }
}

/// The digest of `input` by the in-process reference; `None` when it cannot run.
fn expected(reference: &'static Implementation, input: &[u8]) -> Option<Vec<u8>> {
    let mut h = reference.instantiate().ok()?;
    let mut out = vec![0u8; reference.algorithm.output_bytes()];
    h.oneshot(input, &mut out);
    Some(out)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Requests an adapter must refuse with `"ok": false` and an error, answering on.
fn check_bad_requests(adapter: &Shared, hello: &Hello, protocol: &mut Section) {
    let mut bad: Vec<(String, String)> = vec![
        ("an unknown implementation".into(), r#"{"op":"digest","id":"no-such/impl:x","pattern":"oneshot","data":""}"#.into()),
        ("an unknown implementation (time)".into(), r#"{"op":"time","id":"no-such/impl:x","pattern":"oneshot","size":64,"seed":1,"iterations":1,"batches":1}"#.into()),
        ("an unknown op".into(), r#"{"op":"no-such-op"}"#.into()),
        ("a line that is not JSON".into(), r#"{"op": "hello""#.into()),
        ("JSON that is not an object".into(), "[1, 2, 3]".into()),
    ];
    if let Some(first) = hello.implementations.first() {
        let offered: Vec<&str> = first.patterns.iter().map(String::as_str).collect();
        let missing = ADAPTER_PATTERNS
            .iter()
            .map(Pattern::to_string)
            .find(|p| !offered.contains(&p.as_str()))
            .unwrap_or_else(|| "no-such-pattern".to_string());
        bad.push((
            format!("a pattern {} does not offer ({missing})", first.id),
            serde_json::json!({"op": "digest", "id": first.id, "pattern": missing, "data": "616263"})
                .to_string(),
        ));
    }
    let mut a = lock(adapter);
    for (what, line) in bad {
        match a.raw(&line) {
            Ok(reply) => {
                let refused = reply.get("ok") == Some(&serde_json::Value::Bool(false))
                    && reply
                        .get("error")
                        .and_then(serde_json::Value::as_str)
                        .is_some_and(|e| !e.trim().is_empty());
                protocol.check(refused, || {
                    format!(
                        "{what}: expected \"ok\": false with an \"error\", got {:.200}",
                        reply.to_string()
                    )
                });
            }
            Err(e) => {
                protocol.check(false, || format!("{what}: {e}"));
                return;
            }
        }
        let after = a.hello();
        protocol.check(after.is_ok(), || {
            format!(
                "after {what}, hello was not answered: {}",
                after.err().map(|e| e.to_string()).unwrap_or_default()
            )
        });
    }
}
