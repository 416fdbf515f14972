//! An implementation in another runtime as a [`Hasher`], for verification: updates are
//! collected here, and each digest is one `digest` request carrying the message and the
//! places it was cut, so the known answers and the agreement check of
//! `hashbench-verify` run through the other runtime unchanged.
//!
//! A request that fails panics (a [`Hasher`] cannot return an error); verification
//! catches panics and reports them as failed checks with the adapter's message.

use hashbench_catalog::Hasher;
use hashbench_model::Pattern;

use crate::process::Shared;

/// One implementation of an adapter, driven by one pattern.
pub struct RemoteHasher {
    adapter: Shared,
    id: String,
    pattern: Pattern,
    message: Vec<u8>,
    splits: Vec<usize>,
}

impl RemoteHasher {
    #[must_use]
    pub fn new(adapter: Shared, id: &str, pattern: Pattern) -> Self {
        Self {
            adapter,
            id: id.to_string(),
            pattern,
            message: Vec::new(),
            splits: Vec::new(),
        }
    }

    /// Whether the pattern drives an object that takes several updates: only those can
    /// be given the cuts of a streamed message; the one-call patterns get it whole.
    fn splits_allowed(&self) -> bool {
        matches!(self.pattern, Pattern::New | Pattern::Reuse)
    }

    fn remote(&self, data: &[u8], splits: &[usize], out: &mut [u8]) {
        match crate::runtimes::digest(&self.adapter, &self.id, self.pattern, data, splits) {
            Ok(d) if d.len() == out.len() => out.copy_from_slice(&d),
            Ok(d) => panic!(
                "{} [{}]: a digest of {} bytes, the algorithm outputs {}",
                self.id,
                self.pattern,
                d.len(),
                out.len()
            ),
            Err(e) => panic!("{} [{}]: {e}", self.id, self.pattern),
        }
    }
}

impl Hasher for RemoteHasher {
    fn update(&mut self, data: &[u8]) {
        if !self.message.is_empty() && !data.is_empty() {
            self.splits.push(self.message.len());
        }
        self.message.extend_from_slice(data);
    }

    fn finalize_reset(&mut self, out: &mut [u8]) {
        let message = std::mem::take(&mut self.message);
        let splits = std::mem::take(&mut self.splits);
        let splits = if self.splits_allowed() {
            splits
        } else {
            Vec::new()
        };
        self.remote(&message, &splits, out);
    }

    fn reset(&mut self) {
        self.message.clear();
        self.splits.clear();
    }

    fn oneshot(&mut self, data: &[u8], out: &mut [u8]) {
        self.reset();
        self.remote(data, &[], out);
    }
}
