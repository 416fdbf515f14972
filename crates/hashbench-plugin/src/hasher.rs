//! A plugin as a catalogue [`Hasher`]: each method is one call through the plugin's
//! function pointers, so the worker times it in the catalogue's own batch loop
//! (`Hasher::run_batch`, compiled for this type), the loop every in-process
//! implementation is timed in. A non-zero return is kept (the first one) and reported by
//! the worker after the call or batch, never inside the timed loop.

use hashbench_catalog::Hasher;
use hashbench_model::Pattern;

use crate::abi::{OneshotFn, Streaming};
use crate::guard::Guarded;
use crate::Plugin;

/// A failed call: which function, and what it returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Failed {
    pub function: &'static str,
    pub code: i32,
}

/// One plugin's functions and its streaming state.
pub struct PluginHasher {
    oneshot: Option<OneshotFn>,
    streaming: Option<Streaming>,
    state: Guarded,
    failed: Option<Failed>,
    /// Kept so the library stays loaded while the pointers above may be called.
    _plugin: Plugin,
}

/// Why a pattern is not offered: a plugin has one call (`oneshot`) and, with its
/// streaming functions, `new` and `reuse`.
const PLUGIN_PATTERNS: &str =
    "a plugin expresses oneshot (its one-call function) and, with init/update/final, new and reuse";

impl PluginHasher {
    /// A hasher over `plugin`'s functions, its state initialised.
    #[must_use]
    pub fn new(plugin: &Plugin) -> PluginHasher {
        let state_bytes = plugin.streaming.map_or(0, |s| s.state_bytes);
        let mut h = PluginHasher {
            oneshot: plugin.oneshot,
            streaming: plugin.streaming,
            state: Guarded::new(state_bytes),
            failed: None,
            _plugin: plugin.clone(),
        };
        h.reset();
        h
    }

    /// The patterns the plugin expresses, its default first.
    #[must_use]
    pub fn patterns(plugin: &Plugin) -> Vec<Pattern> {
        let mut p = Vec::new();
        if plugin.oneshot.is_some() {
            p.push(Pattern::Oneshot);
        }
        if plugin.streaming.is_some() {
            p.extend([Pattern::New, Pattern::Reuse]);
        }
        p
    }

    /// The first call that failed since the last look, if any.
    pub fn take_failed(&mut self) -> Option<Failed> {
        self.failed.take()
    }

    /// Where the plugin wrote past its state, if it did (the guard rearmed).
    pub fn state_breach(&mut self) -> Option<usize> {
        self.streaming.and(self.state.breach())
    }

    fn note(&mut self, function: &'static str, code: i32) {
        if code != 0 && self.failed.is_none() {
            self.failed = Some(Failed { function, code });
        }
    }

    fn init(&mut self) {
        if let Some(s) = self.streaming {
            // SAFETY: `state` is `state_bytes` bytes (and a guard), aligned to 64, as
            // the header promises; the descriptor was checked non-null.
            let rc = unsafe { (s.init)(self.state.ptr().cast()) };
            self.note("init", rc);
        }
    }
}

impl Hasher for PluginHasher {
    fn update(&mut self, data: &[u8]) {
        if let Some(s) = self.streaming {
            // SAFETY: as in `init`; `data` is valid for its length.
            let rc = unsafe { (s.update)(self.state.ptr().cast(), data.as_ptr(), data.len()) };
            self.note("update", rc);
        }
    }

    fn finalize_reset(&mut self, out: &mut [u8]) {
        if let Some(s) = self.streaming {
            // SAFETY: as in `init`; `out` is the digest's length (the Hasher contract).
            let rc = unsafe { (s.final_)(self.state.ptr().cast(), out.as_mut_ptr()) };
            self.note("final", rc);
            self.init();
        }
    }

    fn reset(&mut self) {
        self.init();
    }

    fn oneshot(&mut self, data: &[u8], out: &mut [u8]) {
        match self.oneshot {
            Some(f) => {
                // SAFETY: `out` is the digest's length and `data` valid for its length.
                let rc = unsafe { f(out.as_mut_ptr(), data.as_ptr(), data.len()) };
                self.note("oneshot", rc);
            }
            None => {
                self.reset();
                self.update(data);
                self.finalize_reset(out);
            }
        }
    }

    fn fresh(&mut self, data: &[u8], out: &mut [u8]) {
        self.init();
        self.update(data);
        if let Some(s) = self.streaming {
            // SAFETY: as in `finalize_reset`.
            let rc = unsafe { (s.final_)(self.state.ptr().cast(), out.as_mut_ptr()) };
            self.note("final", rc);
        }
    }

    fn supports(&self, pattern: Pattern) -> Result<(), &'static str> {
        let ok = match pattern {
            Pattern::Oneshot => self.oneshot.is_some(),
            Pattern::New | Pattern::Reuse => self.streaming.is_some(),
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(PLUGIN_PATTERNS)
        }
    }
}
