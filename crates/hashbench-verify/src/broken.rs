//! Deliberately broken implementations, to prove that each verification mode catches
//! what it is meant to catch. Test-only: never in the registry.

use hashbench_catalog::Hasher;

/// Which bug to inject into an otherwise correct hasher.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fault {
    /// Every digest has one bit flipped: every mode must catch it.
    FlipOutput,
    /// Only the one-call path is wrong.
    OneshotOnly,
    /// An update of exactly this many bytes that is not the first is ignored: a
    /// buffering bug that only some chunkings reach.
    DropsUpdateOfLen(usize),
    /// `reset` does nothing.
    ResetIgnored,
    /// `finalize_reset` does not reset.
    FinalizeKeepsState,
    /// Wrong only for messages over 1 MiB: known answers miss it, agreement must not.
    WrongAboveOneMib,
    /// The byte API is right; `hash_one` of a string key hashes it without std's 0xff
    /// terminator (a `write_str` that forgot it): only the `keys:str` check can see it.
    StrKeyUnterminated,
    /// The byte API is right; `hash_one` of a `u64` key has its low bit flipped: only the
    /// `keys:u64` check can see it.
    U64KeyFlipped,
}

pub(crate) struct Broken {
    inner: Box<dyn Hasher>,
    fault: Fault,
    updates: usize,
    absorbed: usize,
    /// What `FinalizeKeepsState` replays after a finalize.
    history: Vec<u8>,
}

impl Broken {
    pub(crate) fn new(inner: Box<dyn Hasher>, fault: Fault) -> Broken {
        Broken {
            inner,
            fault,
            updates: 0,
            absorbed: 0,
            history: Vec::new(),
        }
    }

    fn corrupt(&self, out: &mut [u8]) {
        if let Some(b) = out.first_mut() {
            *b ^= 1;
        }
    }
}

impl Hasher for Broken {
    fn update(&mut self, data: &[u8]) {
        self.updates += 1;
        if let Fault::DropsUpdateOfLen(n) = self.fault {
            if data.len() == n && self.updates > 1 {
                return;
            }
        }
        self.absorbed += data.len();
        if self.fault == Fault::FinalizeKeepsState {
            self.history.extend_from_slice(data);
        }
        self.inner.update(data);
    }

    fn finalize_reset(&mut self, out: &mut [u8]) {
        self.inner.finalize_reset(out);
        if self.fault == Fault::FlipOutput
            || (self.fault == Fault::WrongAboveOneMib && self.absorbed > 1 << 20)
        {
            self.corrupt(out);
        }
        if self.fault == Fault::FinalizeKeepsState {
            let kept = self.history.clone();
            self.inner.update(&kept);
        } else {
            self.absorbed = 0;
        }
        self.updates = 0;
    }

    fn reset(&mut self) {
        if self.fault != Fault::ResetIgnored {
            self.inner.reset();
            self.absorbed = 0;
            self.updates = 0;
            self.history.clear();
        }
    }

    fn supports(&self, pattern: hashbench_model::Pattern) -> Result<(), &'static str> {
        self.inner.supports(pattern)
    }

    fn hash_key_u64(&mut self, key: u64) -> u64 {
        let flip = u64::from(self.fault == Fault::U64KeyFlipped);
        self.inner.hash_key_u64(key) ^ flip
    }

    fn hash_key_id16(&mut self, key: &[u8; 16]) -> u64 {
        self.inner.hash_key_id16(key)
    }

    fn hash_key_str(&mut self, key: &str) -> u64 {
        if self.fault != Fault::StrKeyUnterminated {
            return self.inner.hash_key_str(key);
        }
        let mut out = [0u8; 8];
        self.inner.oneshot(key.as_bytes(), &mut out);
        u64::from_be_bytes(out)
    }

    fn oneshot(&mut self, data: &[u8], out: &mut [u8]) {
        self.inner.oneshot(data, out);
        if matches!(self.fault, Fault::FlipOutput | Fault::OneshotOnly)
            || (self.fault == Fault::WrongAboveOneMib && data.len() > 1 << 20)
        {
            self.corrupt(out);
        }
    }
}
