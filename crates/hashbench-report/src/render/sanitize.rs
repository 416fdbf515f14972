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
use serde_json::Value;

/// Whether `c` must not reach the reader raw: a C0 or C1 control, DEL, or a
/// bidirectional control (U+200E, U+200F, U+202A..U+202E, U+2066..U+2069).
fn hostile(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A C0 or C1 control character, DEL or a bidirectional control written as `\u{..}`; a
/// line break or tab as a space; anything else unchanged.
#[must_use]
pub fn escaped(text: &str) -> Cow<'_, str> {
    if !text.chars().any(hostile) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' | '\r' | '\t' => out.push(' '),
            c if hostile(c) => out.extend(c.escape_unicode()),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Escapes every string in `value`, keys included; whether anything changed.
fn escape_value(value: &mut Value) -> bool {
    match value {
        Value::String(s) => match escaped(s) {
            Cow::Borrowed(_) => false,
            Cow::Owned(clean) => {
                *s = clean;
                true
            }
        },
        Value::Array(items) => items.iter_mut().fold(false, |c, v| escape_value(v) | c),
        Value::Object(map) => {
            let dirty_keys: Vec<String> = map
                .keys()
                .filter(|k| matches!(escaped(k), Cow::Owned(_)))
                .cloned()
                .collect();
            for key in &dirty_keys {
                if let Some(v) = map.remove(key) {
                    map.insert(escaped(key).into_owned(), v);
                }
            }
            let changed = map.values_mut().fold(false, |c, v| escape_value(v) | c);
            changed || !dirty_keys.is_empty()
        }
        _ => false,
    }
}

/// `run` with every string's control characters escaped: borrowed unchanged when it has
/// none (the usual case). The run is walked through its serde form, so a field added to
/// the model later is covered without a line here; numbers pass through as the same
/// `f64`s (a `Value` holds them as such), so figures are not altered.
#[must_use]
pub fn sanitized(run: &Run) -> Cow<'_, Run> {
    let Ok(mut value) = serde_json::to_value(run) else {
        return Cow::Borrowed(run);
    };
    if !escape_value(&mut value) {
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
