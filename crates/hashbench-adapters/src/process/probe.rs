//! What `hashbench adapter check` needs beyond what a run asks of an adapter: a request
//! line as the author's adapter might receive it by mistake (not JSON, an unknown op),
//! with its reply read whatever its `"ok"` says, and the adapter's own exit when its
//! standard input closes.

use std::sync::mpsc::RecvTimeoutError;
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::{Adapter, AdapterError};

/// How an adapter ended once its standard input was closed ([`Adapter::close`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closed {
    /// Its exit status; `None` when it had not exited within the wait (it was then
    /// killed) or was ended by a signal.
    pub code: Option<i32>,
    /// Lines it wrote that no request asked for.
    pub unrequested: usize,
}

impl Adapter {
    /// Sends `line` (one request, a newline is added) as it is, and returns the reply
    /// object whatever its `"ok"` says.
    ///
    /// # Errors
    ///
    /// The adapter exited, did not answer within the reply limit (it is then stopped),
    /// or answered with something that is not a JSON object.
    pub fn raw(&mut self, line: &str) -> Result<Value, AdapterError> {
        self.line_exchange(&format!("{line}\n"), "request", false)
    }

    /// Closes the adapter's standard input, its signal to exit, and waits up to `limit`
    /// for it to; one still running then is killed with its process group (as when
    /// dropped).
    pub fn close(&mut self, limit: Duration) -> Closed {
        drop(self.stdin.take());
        let deadline = Instant::now() + limit;
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
                _ => break None,
            }
        };
        if status.is_none() {
            self.stop();
        }
        // The reader thread ends with the output; what it still holds was never asked for.
        let mut unrequested = 0;
        loop {
            match self.lines.recv_timeout(Duration::from_millis(200)) {
                Ok(Ok(_)) => unrequested += 1,
                Ok(Err(_)) | Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => break,
            }
        }
        Closed {
            code: status.and_then(|s| s.code()),
            unrequested,
        }
    }
}
