//! Implementations in other runtimes, as their callers call them: one long-lived adapter
//! process per runtime (`adapters/<runtime>/run`), spoken to in JSON lines
//! (docs/adapters.md). This crate starts the adapters, learns their implementations
//! (`hello`), digests through them for verification ([`RemoteHasher`], a [`Hasher`]
//! over `digest` requests, so the same known answers and agreement checks apply), and
//! times them (`time`: the inner loop runs in the other runtime, on its clock).
//!
//! A runtime that is not installed, whose adapter was never set up, or whose adapter
//! speaks another protocol version than [`PROTOCOL`], is [`RuntimeState::Unavailable`]
//! with the reason and the command that sets it up: never a failure of the run.
//!
//! [`Hasher`]: hashbench_catalog::Hasher

mod embedded;
mod ended;
mod groups;
mod locate;
mod process;
mod protocol;
mod remote;
mod runtimes;

pub use groups::kill_all;
pub use locate::{adapters_dir, ADAPTERS_ENV};
pub use process::probe::Closed;
pub use process::{interrupt, Adapter, AdapterError, Shared};
pub use protocol::{
    error_reply, ok_reply, DigestReply, Hello, ImplInfo, Request, Served, TimeReply, PROTOCOL,
};
pub use remote::RemoteHasher;
pub use runtimes::{
    discover, is_runtime, start_user, start_words, time, External, Runtime, RuntimeState, RUNTIMES,
};

/// XOR of the little-endian 64-bit words of `bytes`, the last zero-padded: the input fold
/// an adapter answers for the input it timed (docs/adapters.md).
#[must_use]
pub fn input_fold(bytes: &[u8]) -> u64 {
    bytes.chunks(8).fold(0, |acc, c| {
        let mut w = [0u8; 8];
        w[..c.len()].copy_from_slice(c);
        acc ^ u64::from_le_bytes(w)
    })
}

#[cfg(test)]
mod tests;
