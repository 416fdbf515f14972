//! One adapter process: started once, spoken to one request at a time, stopped when
//! dropped (its standard input closes and it exits; if it does not, it is killed).
//!
//! An adapter is outside code, so nothing it does may hold or flood hashbench: it runs
//! in a process group of its own, which hashbench kills whole when it is done with it
//! or is itself stopped by a signal ([`crate::groups`]); every reply has a time limit
//! (a short one for `hello`); a reply line and its standard error are read with a bound;
//! and every string it sends, on either stream, is made inert by the one rule for outside
//! text ([`hashbench_model::inert`]) before anything can print it.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::protocol::{self, Envelope, Request, PROTOCOL};

pub(crate) mod probe;

/// An adapter shared by the implementations it serves (one process per runtime).
pub type Shared = Arc<Mutex<Adapter>>;

/// The longest wait for one reply: long enough for a slow runtime's large `time` batches.
const REPLY_TIMEOUT: Duration = Duration::from_secs(120);
/// The longest wait for the `hello` reply: a runtime starts in a second or two (a JVM on
/// a loaded machine in a few); `hashbench list` must not wait minutes for a hung one.
const HELLO_TIMEOUT: Duration = Duration::from_secs(10);
/// How much of the adapter's standard error a message quotes.
const STDERR_TAIL: usize = 600;
/// The longest reply line read: a `hello` of every implementation or a `time` reply of
/// many batches is a few KiB; an adapter that never ends its line is refused here.
const MAX_REPLY_BYTES: u64 = 16 << 20;
/// How much of a reply that breaks the protocol a message quotes.
const QUOTED: usize = 200;
/// How often a wait for a reply looks whether hashbench was interrupted.
const POLL: Duration = Duration::from_millis(50);

/// Set by [`interrupt`]: every `time` request in flight or to come is given up.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Gives up every `time` request, in flight or to come: each returns
/// [`AdapterError::Interrupted`] within [`POLL`], its adapter stopped. The binary calls
/// it when SIGINT or SIGTERM asks a run to stop, so that a `time` request of a minute
/// does not hold the stop for a minute. `hello` and `digest` requests (short, and what
/// verification stands on) are answered as before, within their limits.
/// Async-signal-safe (an atomic store).
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// The wait for the reply to `op`.
fn timeout_of(op: &str) -> Duration {
    if op == "hello" {
        HELLO_TIMEOUT
    } else {
        REPLY_TIMEOUT
    }
}

/// A reply line quoted in a message: cut, and made inert.
fn quoted(reply: &str) -> String {
    hashbench_model::inert::escaped(&hashbench_model::inert::clipped(reply, QUOTED)).into_owned()
}

/// Where the last `len` bytes of `s` start, moved forward to a character boundary.
fn tail_start(s: &str, len: usize) -> usize {
    let start = s.len().saturating_sub(len);
    (start..s.len())
        .find(|&i| s.is_char_boundary(i))
        .unwrap_or(s.len())
}

/// Why an adapter could not answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AdapterError {
    /// The program could not be started.
    #[error("{runtime} adapter: cannot start {program}: {why}")]
    Start {
        runtime: String,
        program: String,
        why: String,
    },
    /// The process ended (or closed its output) instead of answering; `how` says how
    /// it ended when it did (` (killed by signal 11, SIGSEGV)`), for a crash to read
    /// as one.
    #[error("{runtime} adapter exited{how}{}", if stderr.is_empty() { String::new() } else { format!(": {stderr}") })]
    Exited {
        runtime: String,
        how: String,
        stderr: String,
    },
    /// No answer to `op` within its time limit (`seconds`).
    #[error("{runtime} adapter: no answer to {op} within {seconds} s; it was stopped")]
    Timeout {
        runtime: String,
        op: &'static str,
        seconds: u64,
    },
    /// An answer that is not the protocol's.
    #[error("{runtime} adapter: {what}")]
    Protocol { runtime: String, what: String },
    /// A `hello` reply that reports another protocol version than hashbench's
    /// ([`PROTOCOL`]), or none: the adapter was written for another hashbench.
    #[error(
        "{runtime} adapter: {}, this hashbench speaks version {PROTOCOL}: the adapter comes \
         from another hashbench (run the setup of this checkout's adapter, or point \
         HASHBENCH_ADAPTERS at this checkout's adapters/)",
        match found {
            Some(v) => format!("it speaks protocol version {v}"),
            None => "its hello reports no protocol version".to_string(),
        }
    )]
    Version { runtime: String, found: Option<u64> },
    /// hashbench was asked to stop (a signal) while it waited: the adapter was stopped.
    #[error("{runtime} adapter: stopped, as hashbench was interrupted")]
    Interrupted { runtime: String },
    /// The adapter refused the request (`"ok": false`), with its reason.
    #[error("{runtime} adapter: {error}")]
    Refused { runtime: String, error: String },
}

/// A running adapter.
pub struct Adapter {
    runtime: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<std::io::Result<String>>,
    stderr: Arc<Mutex<String>>,
}

impl std::fmt::Debug for Adapter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Adapter")
            .field("runtime", &self.runtime)
            .finish_non_exhaustive()
    }
}

impl Adapter {
    /// Starts `dir/run` with `dir` as its working directory.
    ///
    /// # Errors
    ///
    /// [`AdapterError::Start`] when the program is missing or cannot be executed.
    pub fn start(runtime: &str, dir: &Path) -> Result<Adapter, AdapterError> {
        let program = dir.join("run");
        if !program.is_file() {
            return Err(AdapterError::Start {
                runtime: runtime.to_string(),
                program: program.display().to_string(),
                why: "no such file".to_string(),
            });
        }
        let mut command = Command::new(&program);
        command.current_dir(dir);
        Self::spawn(runtime, &program.display().to_string(), command)
    }

    /// Starts a user's adapter (`--adapter`): `words`, the program and its arguments,
    /// run directly (never through a shell) in the current directory. It is named
    /// `label` until its `hello` names its runtime.
    ///
    /// # Errors
    ///
    /// [`AdapterError::Start`] when there is no program or it cannot be executed.
    pub fn start_command(label: &str, words: &[String]) -> Result<Adapter, AdapterError> {
        let Some((program, args)) = words.split_first() else {
            return Err(AdapterError::Start {
                runtime: label.to_string(),
                program: String::new(),
                why: "no program given".to_string(),
            });
        };
        let mut command = Command::new(program);
        command.args(args);
        Self::spawn(label, program, command)
    }

    /// Spawns `command` as the adapter of `runtime` (`program` names it in errors).
    fn spawn(runtime: &str, program: &str, mut command: Command) -> Result<Adapter, AdapterError> {
        let start_error = |why: String| AdapterError::Start {
            runtime: runtime.to_string(),
            program: hashbench_model::inert::escaped(&hashbench_model::inert::clipped(
                program, 200,
            ))
            .into_owned(),
            why,
        };
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            // Its own process group, led by it: whatever it starts is killed with it, and
            // a terminal's Ctrl-C reaches hashbench alone, which then stops it.
            .process_group(0)
            .spawn()
            .map_err(|e| start_error(e.to_string()))?;
        crate::groups::add(child.id());
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| start_error("no stdout".into()))?;
        let stderr_pipe = child
            .stderr
            .take()
            .ok_or_else(|| start_error("no stderr".into()))?;
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            // Lines until the output ends (the receiver then sees it disconnected), the
            // receiver is gone, or a line passes the bound.
            loop {
                match read_reply(&mut reader) {
                    Ok(Some(line)) => {
                        if tx.send(Ok(line)).is_err() {
                            break;
                        }
                    }
                    Ok(None) => break,
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        break;
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&stderr);
        thread::spawn(move || keep_tail(stderr_pipe, &sink));
        Ok(Adapter {
            runtime: runtime.to_string(),
            stdin: child.stdin.take(),
            child,
            lines,
            stderr,
        })
    }

    /// The adapter's process id.
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The runtime's name (`node`).
    #[must_use]
    pub fn runtime(&self) -> &str {
        &self.runtime
    }

    /// The last lines the adapter wrote to standard error, made inert.
    #[must_use]
    pub fn stderr_tail(&self) -> String {
        let s = self.stderr.lock().map(|s| s.clone()).unwrap_or_default();
        let s = s.trim();
        let tail = s[tail_start(s, STDERR_TAIL)..].replace('\n', " | ");
        hashbench_model::inert::escaped(&tail).into_owned()
    }

    /// Sends one request and decodes its reply as `T`; the reply must say `"ok": true`.
    ///
    /// # Errors
    ///
    /// [`AdapterError::Refused`] with the adapter's reason for `"ok": false`;
    /// [`AdapterError::Protocol`] naming the field of a reply that breaks the contract;
    /// the other variants when the process is gone or silent.
    pub fn request<T: DeserializeOwned>(
        &mut self,
        request: &Request<'_>,
    ) -> Result<T, AdapterError> {
        let reply = self.exchange(request)?;
        protocol::decode(request.op(), &reply).map_err(|what| self.protocol_error(what))
    }

    /// The `hello` exchange: the protocol version hashbench speaks out, the adapter's
    /// version and offer back. The version is read first, so that an adapter of another
    /// version is refused as such, whatever the rest of its reply looks like.
    ///
    /// # Errors
    ///
    /// [`AdapterError::Version`] for another version or none; otherwise as [`Adapter::request`].
    pub fn hello(&mut self) -> Result<protocol::Hello, AdapterError> {
        let request = Request::Hello { protocol: PROTOCOL };
        let reply = self.exchange(&request)?;
        let versioned: protocol::Versioned =
            protocol::decode("hello", &reply).map_err(|what| self.protocol_error(what))?;
        if versioned.protocol != Some(u64::from(PROTOCOL)) {
            return Err(AdapterError::Version {
                runtime: self.runtime.clone(),
                found: versioned.protocol,
            });
        }
        protocol::decode("hello", &reply).map_err(|what| self.protocol_error(what))
    }

    fn protocol_error(&self, what: String) -> AdapterError {
        AdapterError::Protocol {
            runtime: self.runtime.clone(),
            what,
        }
    }

    /// Writes one request line and reads one reply line: a JSON object whose envelope
    /// says `"ok": true`, returned whole for its body to be decoded.
    fn exchange(&mut self, request: &Request<'_>) -> Result<Value, AdapterError> {
        let mut line = serde_json::to_string(request).map_err(|e| {
            self.protocol_error(format!("cannot write a {} request: {e}", request.op()))
        })?;
        line.push('\n');
        let interruptible = matches!(request, Request::Time { .. });
        let value = self.line_exchange(&line, request.op(), interruptible)?;
        let envelope: Envelope =
            protocol::decode(request.op(), &value).map_err(|what| self.protocol_error(what))?;
        match envelope.ok {
            Some(true) => Ok(value),
            Some(false) => Err(AdapterError::Refused {
                runtime: self.runtime.clone(),
                error: envelope
                    .error
                    .map(|e| hashbench_model::inert::clipped(&e, QUOTED).into_owned())
                    .unwrap_or_else(|| "no reason given".to_string()),
            }),
            None => Err(self.protocol_error(format!(
                "a {} reply without \"ok\": {}",
                request.op(),
                quoted(&value.to_string())
            ))),
        }
    }

    /// Writes `line` (one request, newline-terminated) and reads one reply line, which
    /// must be a JSON object; its strings are made inert. `op` names the request in
    /// messages and sets the time limit.
    pub(crate) fn line_exchange(
        &mut self,
        line: &str,
        op: &'static str,
        interruptible: bool,
    ) -> Result<Value, AdapterError> {
        let runtime = self.runtime.clone();
        let exited = |a: &mut Adapter| AdapterError::Exited {
            runtime: runtime.clone(),
            how: crate::ended::how(&mut a.child),
            stderr: a.stderr_tail(),
        };
        if interruptible && INTERRUPTED.load(Ordering::SeqCst) {
            self.stop();
            return Err(AdapterError::Interrupted { runtime });
        }
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(exited(&mut *self));
        };
        if stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.flush())
            .is_err()
        {
            // Give the stderr reader a moment to collect why it died.
            thread::sleep(Duration::from_millis(50));
            return Err(exited(&mut *self));
        }
        let limit = timeout_of(op);
        let reply = match self.wait(limit, interruptible) {
            None => {
                self.stop();
                return Err(AdapterError::Interrupted { runtime });
            }
            Some(Ok(Ok(reply))) => reply,
            Some(Ok(Err(e))) if e.kind() == std::io::ErrorKind::FileTooLarge => {
                self.stop();
                return Err(self.protocol_error(format!(
                    "a {op} reply longer than {MAX_REPLY_BYTES} bytes: it was stopped"
                )));
            }
            Some(Ok(Err(_)) | Err(RecvTimeoutError::Disconnected)) => {
                thread::sleep(Duration::from_millis(50));
                return Err(exited(&mut *self));
            }
            Some(Err(RecvTimeoutError::Timeout)) => {
                self.stop();
                return Err(AdapterError::Timeout {
                    runtime,
                    op,
                    seconds: limit.as_secs(),
                });
            }
        };
        let mut value: Value = serde_json::from_str(&reply).map_err(|e| {
            self.protocol_error(format!(
                "a {op} reply that is not JSON ({e}): {}",
                quoted(&reply)
            ))
        })?;
        if !value.is_object() {
            return Err(self.protocol_error(format!(
                "a {op} reply that is not a JSON object: {}",
                quoted(&reply)
            )));
        }
        // Every string of the reply made inert before it is decoded: providers, backends
        // and reasons are printed by `list`, `verify` and the run's tables.
        hashbench_model::inert::escape_json(&mut value);
        Ok(value)
    }

    /// The next reply line, waited for at most `limit`; `None` when hashbench was
    /// interrupted meanwhile ([`interrupt`]) and the request is `interruptible`.
    fn wait(
        &self,
        limit: Duration,
        interruptible: bool,
    ) -> Option<Result<std::io::Result<String>, RecvTimeoutError>> {
        let deadline = Instant::now() + limit;
        loop {
            if interruptible && INTERRUPTED.load(Ordering::SeqCst) {
                return None;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left.min(POLL)) {
                Err(RecvTimeoutError::Timeout) if !left.is_zero() => {}
                other => return Some(other),
            }
        }
    }

    /// Kills the adapter's process group and reaps it: it no longer answers as it must.
    fn stop(&mut self) {
        crate::groups::kill(self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
        crate::groups::remove(self.child.id());
        self.stdin = None;
    }
}

/// One reply line, read with a bound: `Ok(None)` at the end of the output, an error of
/// kind `FileTooLarge` for a line longer than [`MAX_REPLY_BYTES`].
fn read_reply(reader: &mut BufReader<ChildStdout>) -> std::io::Result<Option<String>> {
    let mut line = Vec::new();
    let n = reader
        .by_ref()
        .take(MAX_REPLY_BYTES + 1)
        .read_until(b'\n', &mut line)?;
    if n == 0 {
        return Ok(None);
    }
    if line.last() != Some(&b'\n') && line.len() as u64 > MAX_REPLY_BYTES {
        return Err(std::io::ErrorKind::FileTooLarge.into());
    }
    while matches!(line.last(), Some(b'\n' | b'\r')) {
        line.pop();
    }
    Ok(Some(String::from_utf8_lossy(&line).into_owned()))
}

/// Keeps the tail of what `pipe` (an adapter's standard error) yields in `sink`, read
/// in pieces: a chatty adapter, or one that never ends a line, must not grow it without
/// bound.
fn keep_tail(mut pipe: impl Read, sink: &Mutex<String>) {
    let mut buf = [0u8; 4096];
    while let Ok(n) = pipe.read(&mut buf) {
        if n == 0 {
            break;
        }
        if let Ok(mut s) = sink.lock() {
            s.push_str(&String::from_utf8_lossy(&buf[..n]));
            if s.len() > 8 * STDERR_TAIL {
                let cut = tail_start(&s, STDERR_TAIL);
                s.replace_range(..cut, "");
            }
        }
    }
}

impl Drop for Adapter {
    fn drop(&mut self) {
        // Closing standard input is the adapter's signal to exit.
        drop(self.stdin.take());
        for _ in 0..50 {
            if !matches!(self.child.try_wait(), Ok(None)) {
                break;
            }
            thread::sleep(Duration::from_millis(10));
        }
        // Whatever it left running in its group goes with it.
        crate::groups::kill(self.child.id());
        let _ = self.child.kill();
        let _ = self.child.wait();
        crate::groups::remove(self.child.id());
    }
}
