//! The runtimes hashbench knows, each either ready (its adapter started and introduced
//! itself) or unavailable (with the reason and the command that sets it up); and the
//! implementations the ready ones offer.

use std::sync::{Arc, Mutex};

use crate::process::{Adapter, AdapterError, Shared};
use crate::protocol::{DigestReply, Hello, Request, TimeReply};
use hashbench_catalog::Algorithm;
use hashbench_model::ExternalId;
use hashbench_model::Pattern;

pub use crate::locate::RUNTIMES;

/// Whether `name` is one of [`RUNTIMES`].
#[must_use]
pub fn is_runtime(name: &str) -> bool {
    RUNTIMES.contains(&name)
}

/// A runtime, ready or not.
#[derive(Clone, Debug)]
pub struct Runtime {
    pub name: String,
    pub state: RuntimeState,
}

impl Runtime {
    /// A runtime named `name` that cannot run here, with `why` and what sets it up.
    #[must_use]
    pub fn unavailable(name: &str, why: String, setup: &str) -> Runtime {
        Runtime {
            name: name.to_string(),
            state: RuntimeState::Unavailable {
                why,
                setup: setup.to_string(),
            },
        }
    }
}

/// Whether a runtime's adapter is running.
#[derive(Clone, Debug)]
pub enum RuntimeState {
    Ready {
        adapter: Shared,
        hello: Hello,
    },
    /// Why not, and the command that installs what is missing.
    Unavailable {
        why: String,
        setup: String,
    },
}

/// An implementation in another runtime, ready to verify and time.
#[derive(Clone, Debug)]
pub struct External {
    /// `sha2-256/node:crypto`.
    pub id: ExternalId,
    pub algorithm: &'static Algorithm,
    /// `node:crypto (OpenSSL 3.0.15)`, as the adapter read it.
    pub provider: String,
    pub backend: String,
    /// The patterns the library expresses, the default first.
    pub patterns: Vec<Pattern>,
    /// `node`.
    pub runtime: String,
    /// The runtime's version (`v20.20.2`).
    pub runtime_version: String,
    /// The id of the runtime's nop (`nop/node`): its floor.
    pub nop: String,
    pub adapter: Shared,
    /// Where it came from, for a user's plugin (`--plugin`); `None` otherwise. Boxed: it
    /// is large, and rare.
    pub origin: Option<Box<hashbench_model::Origin>>,
}

/// Starts the adapters of `names` (runtimes not in [`RUNTIMES`] are ignored) and asks
/// each for its implementations.
#[must_use]
pub fn discover(names: &[&str]) -> Vec<Runtime> {
    let dir = crate::locate::adapters_dir();
    // Started side by side: each waits for its runtime's `hello`, the JVM's longest.
    // `hashbench list --runtime all` took 1.5-2.2 s one after another, 1.4 s side by side
    // (this 2-vCPU VM, a build running beside, three runs each); more CPUs gain more.
    std::thread::scope(|scope| {
        let started: Vec<_> = RUNTIMES
            .iter()
            .filter(|r| names.contains(r))
            .map(|&name| {
                let dir = &dir;
                scope.spawn(move || {
                    let state = match dir {
                        Err(why) => RuntimeState::Unavailable {
                            why: why.clone(),
                            setup: format!("adapters/{name}/setup"),
                        },
                        Ok(dir) => start(name, &dir.join(name)),
                    };
                    Runtime {
                        name: name.to_string(),
                        state,
                    }
                })
            })
            .collect();
        started
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    })
}

/// Starts a user's adapter (`--adapter 'COMMAND ...'`): the words of `command` (split as
/// a POSIX shell splits them, quotes kept together, but run without a shell) speak the
/// protocol of docs/adapters.md. Ready, it is the runtime its `hello` names; otherwise it
/// is unavailable, named by its command, with the reason.
#[must_use]
pub fn start_user(command: &str) -> Runtime {
    let label = format!(
        "adapter `{}`",
        hashbench_model::inert::escaped(&hashbench_model::inert::clipped(command, 80))
    );
    let setup = "an adapter that speaks docs/adapters.md (hashbench adapter check COMMAND \
                 says what it gets wrong)";
    let Some(words) = shlex::split(command).filter(|w| !w.is_empty()) else {
        let why = "not a command: give a program and its arguments".to_string();
        return Runtime::unavailable(&label, why, setup);
    };
    start_words(&label, &words, setup)
}

/// Starts an adapter from its program and arguments, `words`, named `label` until its
/// `hello` names its runtime; `setup` says what to do when it is not ready. What
/// [`start_user`] does once the command is split, and how hashbench starts its own
/// plugin worker (`--plugin`), whose words need no splitting.
#[must_use]
pub fn start_words(label: &str, words: &[String], setup: &str) -> Runtime {
    let unavailable = |why: String| Runtime::unavailable(label, why, setup);
    let (adapter, hello) = match introduced(Adapter::start_command(label, words)) {
        Ok(ready) => ready,
        Err(why) => return unavailable(why),
    };
    // The runtime's name goes into every implementation id (`alg/NAME:lib`).
    if !hashbench_model::ExternalId::is_runtime_name(&hello.runtime) {
        return unavailable(format!(
            "its hello names the runtime {:?}: give {}",
            hashbench_model::inert::clipped(&hello.runtime, 40),
            hashbench_model::ExternalId::RUNTIME_NAME_RULE
        ));
    }
    Runtime {
        name: hello.runtime.clone(),
        state: RuntimeState::Ready {
            adapter: Arc::new(Mutex::new(adapter)),
            hello,
        },
    }
}

fn start(name: &str, dir: &std::path::Path) -> RuntimeState {
    // Named from where the user stands when the folder is below it: `adapters/node/setup`.
    let setup_path = dir.join("setup");
    let shown = std::env::current_dir()
        .ok()
        .and_then(|cwd| {
            setup_path
                .strip_prefix(cwd)
                .ok()
                .map(std::path::Path::to_path_buf)
        })
        .unwrap_or(setup_path);
    let setup = shown.display().to_string();
    let unavailable = |why: String| RuntimeState::Unavailable {
        why,
        setup: setup.clone(),
    };
    match introduced(Adapter::start(name, dir)) {
        Ok((adapter, hello)) => RuntimeState::Ready {
            adapter: Arc::new(Mutex::new(adapter)),
            hello,
        },
        Err(why) => unavailable(why),
    }
}

/// An adapter `started`, and its `hello`; or why it is not ready: why it did not start,
/// what it wrote before it exited, or what was wrong with its hello.
fn introduced(started: Result<Adapter, AdapterError>) -> Result<(Adapter, Hello), String> {
    let mut adapter = started.map_err(|e| e.to_string())?;
    match adapter.hello() {
        Ok(hello) => Ok((adapter, hello)),
        // `run` exits 3 with its reason on standard error when setup was not run or the
        // runtime is missing: that reason is the message.
        Err(AdapterError::Exited { stderr, .. }) if !stderr.is_empty() => Err(stderr),
        // Another protocol version, a hello that is not the protocol's: the reason names it.
        Err(e) => Err(e.to_string()),
    }
}

impl Runtime {
    /// The implementations this runtime offers, and those it offers that hashbench cannot
    /// take (an algorithm or pattern it does not know), with why.
    #[must_use]
    pub fn implementations(&self) -> (Vec<External>, Vec<(String, String)>) {
        let RuntimeState::Ready { adapter, hello } = &self.state else {
            return (Vec::new(), Vec::new());
        };
        let mut ok = Vec::new();
        let mut refused = Vec::new();
        for info in &hello.implementations {
            let id: ExternalId = match info.id.parse() {
                Ok(id) => id,
                Err(e) => {
                    refused.push((
                        info.id.clone(),
                        format!("its id is not <algorithm>/<runtime>:<library> ({})", e.why),
                    ));
                    continue;
                }
            };
            let Some(algorithm) = hashbench_catalog::find_algorithm(&info.algorithm) else {
                refused.push((
                    info.id.clone(),
                    format!("unknown algorithm {:?}", info.algorithm),
                ));
                continue;
            };
            let patterns: Result<Vec<Pattern>, _> =
                info.patterns.iter().map(|p| p.parse::<Pattern>()).collect();
            let patterns = match patterns {
                Ok(p) if !p.is_empty() => p,
                Ok(_) => {
                    refused.push((info.id.clone(), "no patterns".to_string()));
                    continue;
                }
                Err(e) => {
                    refused.push((info.id.clone(), e.to_string()));
                    continue;
                }
            };
            ok.push(External {
                id,
                algorithm,
                provider: info.provider.clone(),
                backend: info.backend.clone(),
                patterns,
                runtime: self.name.clone(),
                runtime_version: hello.version.clone(),
                nop: hello.nop.clone(),
                adapter: Arc::clone(adapter),
                origin: None,
            });
        }
        (ok, refused)
    }

    /// The nop implementation's id, when ready.
    #[must_use]
    pub fn nop(&self) -> Option<&str> {
        match &self.state {
            RuntimeState::Ready { hello, .. } => Some(&hello.nop),
            RuntimeState::Unavailable { .. } => None,
        }
    }
}

impl External {
    /// The digest of `data` through `pattern`, cut into updates at `splits`.
    ///
    /// # Errors
    ///
    /// What the adapter said, or that it is gone.
    pub fn digest(
        &self,
        pattern: Pattern,
        data: &[u8],
        splits: &[usize],
    ) -> Result<Vec<u8>, AdapterError> {
        digest(&self.adapter, &self.id.to_string(), pattern, data, splits)
    }

    /// `batches` timed batches of `iterations` calls on `size` bytes of the xorshift
    /// stream that starts at `stream_seed` (docs/adapters.md).
    ///
    /// # Errors
    ///
    /// What the adapter said, or that it is gone.
    pub fn time(
        &self,
        pattern: Pattern,
        (size, stream_seed): (u64, u64),
        iterations: u64,
        batches: u64,
    ) -> Result<TimeReply, AdapterError> {
        time(
            &self.adapter,
            &self.id.to_string(),
            pattern,
            (size, stream_seed),
            iterations,
            batches,
        )
    }
}

fn lock(adapter: &Shared) -> std::sync::MutexGuard<'_, Adapter> {
    // A panic while holding the lock leaves the adapter as usable as before.
    adapter
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A `digest` request.
pub(crate) fn digest(
    adapter: &Shared,
    id: &str,
    pattern: Pattern,
    data: &[u8],
    splits: &[usize],
) -> Result<Vec<u8>, AdapterError> {
    let mut a = lock(adapter);
    let reply: DigestReply = a.request(&Request::Digest {
        id,
        pattern,
        data,
        splits,
    })?;
    Ok(reply.digest)
}

/// A `time` request for `id` (an implementation or the nop).
pub fn time(
    adapter: &Shared,
    id: &str,
    pattern: Pattern,
    (size, stream_seed): (u64, u64),
    iterations: u64,
    batches: u64,
) -> Result<TimeReply, AdapterError> {
    let mut a = lock(adapter);
    let parsed: TimeReply = a.request(&Request::Time {
        id,
        pattern,
        size,
        seed: stream_seed,
        iterations,
        batches,
    })?;
    if parsed.batches_ns.len() as u64 != batches {
        return Err(AdapterError::Protocol {
            runtime: a.runtime().to_string(),
            what: format!(
                "{} batches timed, {batches} asked for",
                parsed.batches_ns.len()
            ),
        });
    }
    Ok(parsed)
}

#[cfg(test)]
mod tests;
