//! Strings from a run file are not trusted: a result file can come from anywhere, and an
//! implementation name, a backend, a host field or a flag's reason holding `ESC [ ...`
//! would drive the reader's terminal (recolour it, move the cursor, set its title). Before
//! a text renderer sees a run, every control character in every string of it is made
//! visible as an escape (`\u{1b}`); a line break or tab becomes a space, so that no
//! string can forge a line of its own. Bidirectional controls (the embeddings, overrides
//! and isolates, and the left-to-right and right-to-left marks) are escaped too: they
//! reorder what the reader sees without being visible, so a name could show one thing and
//! be another ("Trojan source", CVE-2021-42574).

use std::borrow::Cow;

use hashbench_model::Run;

/// The one escaping rule for outside text (the model's [`hashbench_model::inert`]): a C0
/// or C1 control, DEL or a bidirectional control written as `\u{..}`, a line break or tab
/// as a space, anything else unchanged.
pub use hashbench_model::inert::escaped;

/// `run` with every string's control characters escaped: borrowed unchanged when it has
/// none (the usual case). The run is walked through its serde form, so a field added to
/// the model later is covered without a line here; numbers pass through as the same
/// `f64`s (a `Value` holds them as such), so figures are not altered.
#[must_use]
pub fn sanitized(run: &Run) -> Cow<'_, Run> {
    // Every loaded run is clean already (the loader applied the rule): looked at without
    // a copy, which for a large run costs more than the rendering.
    if !hashbench_model::inert::any_hostile(run) {
        return Cow::Borrowed(run);
    }
    let Ok(mut value) = serde_json::to_value(run) else {
        return Cow::Borrowed(run);
    };
    if !hashbench_model::inert::escape_json(&mut value) {
        return Cow::Borrowed(run);
    }
    match serde_json::from_value(value) {
        Ok(clean) => Cow::Owned(clean),
        // A string that only parsed raw (none is known): keep the run; the Markdown
        // escaping and the renderers' own escaping still apply.
        Err(_) => Cow::Borrowed(run),
    }
}

#[cfg(test)]
mod tests;
