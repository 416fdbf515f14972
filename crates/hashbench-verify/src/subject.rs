//! What verification checks: an id, its algorithm and a way to make fresh states, for a
//! catalogue implementation or a deliberately broken one (fault injection).

use hashbench_catalog::{Algorithm, Hasher, Implementation};

/// Something to verify: an id, its algorithm, and a way to make fresh states.
pub struct Candidate<'a> {
    pub id: &'a str,
    pub algorithm: &'a Algorithm,
    pub new: &'a dyn Fn() -> Box<dyn Hasher>,
}

/// A catalogue implementation as a subject.
pub(crate) fn subject_of(imp: &'static Implementation) -> Candidate<'static> {
    Candidate {
        id: imp.id,
        algorithm: imp.algorithm,
        new: &imp.new,
    }
}

/// The message a panic carried (`panic!` gives a `String` or a `&str`).
pub(crate) fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "non-string panic".to_string())
}

/// Runs `f` with the process's panic hook silenced, then puts the hook back. A remote
/// hasher (an adapter, a plugin's worker) reports a failed request by panicking;
/// verification and the fuzzer catch each panic and keep its message, and the default
/// hook would also print each one, with a backtrace, over the progress line. `f` must
/// not let a panic out: a hook cannot be set again while a thread unwinds.
pub fn quietly<T>(f: impl FnOnce() -> T) -> T {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let out = f();
    std::panic::set_hook(hook);
    out
}
