//! One adapter process: started once, spoken to one request at a time, stopped when
//! dropped (its standard input closes and it exits; if it does not, it is killed).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::protocol::{self, Envelope, Request, PROTOCOL};

/// An adapter shared by the implementations it serves (one process per runtime).
pub type Shared = Arc<Mutex<Adapter>>;

/// The longest wait for one reply: a `time` request of large batches in a slow runtime
/// takes seconds, a hung adapter must not hang the run.
const REPLY_TIMEOUT: Duration = Duration::from_secs(120);
/// How much of the adapter's standard error a message quotes.
const STDERR_TAIL: usize = 600;

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
    /// The process ended (or closed its output) instead of answering.
    #[error("{runtime} adapter exited{}", if stderr.is_empty() { String::new() } else { format!(": {stderr}") })]
    Exited { runtime: String, stderr: String },
    /// No answer within the time limit.
    #[error("{runtime} adapter: no answer within {}s", REPLY_TIMEOUT.as_secs())]
    Timeout { runtime: String },
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
        let start_error = |why: String| AdapterError::Start {
            runtime: runtime.to_string(),
            program: program.display().to_string(),
            why,
        };
        if !program.is_file() {
            return Err(start_error("no such file".to_string()));
        }
        let mut child = Command::new(&program)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| start_error(e.to_string()))?;
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
            for line in BufReader::new(stdout).lines() {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&stderr);
        thread::spawn(move || {
            for line in BufReader::new(stderr_pipe).lines().map_while(Result::ok) {
                if let Ok(mut s) = sink.lock() {
                    s.push_str(&line);
                    s.push('\n');
                    // Keep the tail only: a chatty adapter must not grow without bound.
                    if s.len() > 8 * STDERR_TAIL {
                        let cut = tail_start(&s, STDERR_TAIL);
                        s.replace_range(..cut, "");
                    }
                }
            }
        });
        Ok(Adapter {
            runtime: runtime.to_string(),
            stdin: child.stdin.take(),
            child,
            lines,
            stderr,
        })
    }

    /// The runtime's name (`node`).
    #[must_use]
    pub fn runtime(&self) -> &str {
        &self.runtime
    }

    /// The last lines the adapter wrote to standard error.
    #[must_use]
    pub fn stderr_tail(&self) -> String {
        let s = self.stderr.lock().map(|s| s.clone()).unwrap_or_default();
        let s = s.trim();
        s[tail_start(s, STDERR_TAIL)..].replace('\n', " | ")
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
        let runtime = self.runtime.clone();
        let exited = |a: &Adapter| AdapterError::Exited {
            runtime: runtime.clone(),
            stderr: a.stderr_tail(),
        };
        let mut line = serde_json::to_string(request).map_err(|e| {
            self.protocol_error(format!("cannot write a {} request: {e}", request.op()))
        })?;
        line.push('\n');
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(exited(self));
        };
        if stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.flush())
            .is_err()
        {
            // Give the stderr reader a moment to collect why it died.
            thread::sleep(Duration::from_millis(50));
            return Err(exited(self));
        }
        let reply = match self.lines.recv_timeout(REPLY_TIMEOUT) {
            Ok(Ok(reply)) => reply,
            Ok(Err(_)) | Err(RecvTimeoutError::Disconnected) => {
                thread::sleep(Duration::from_millis(50));
                return Err(exited(self));
            }
            Err(RecvTimeoutError::Timeout) => {
                let _ = self.child.kill();
                return Err(AdapterError::Timeout { runtime });
            }
        };
        let value: Value = serde_json::from_str(&reply).map_err(|e| {
            self.protocol_error(format!(
                "a {} reply that is not JSON ({e}): {:.200}",
                request.op(),
                reply
            ))
        })?;
        if !value.is_object() {
            return Err(self.protocol_error(format!(
                "a {} reply that is not a JSON object: {:.200}",
                request.op(),
                reply
            )));
        }
        let envelope: Envelope =
            protocol::decode(request.op(), &value).map_err(|what| self.protocol_error(what))?;
        match envelope.ok {
            Some(true) => Ok(value),
            Some(false) => Err(AdapterError::Refused {
                runtime,
                error: envelope
                    .error
                    .unwrap_or_else(|| "no reason given".to_string()),
            }),
            None => Err(self.protocol_error(format!(
                "a {} reply without \"ok\": {:.200}",
                request.op(),
                reply
            ))),
        }
    }
}

impl Drop for Adapter {
    fn drop(&mut self) {
        // Closing standard input is the adapter's signal to exit.
        drop(self.stdin.take());
        for _ in 0..50 {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
