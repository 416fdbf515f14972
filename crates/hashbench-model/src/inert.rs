//! The one rule for text that came from outside hashbench (a result file, a suite file,
//! a file name, an adapter's reply or standard error): before it reaches a reader,
//! whatever the stream or format, every character that would act instead of show is
//! made visible. A C0 or C1 control, DEL, or a bidirectional control is written as
//! `\u{..}`; a line break or tab becomes a space, so that no string can forge a line of
//! its own. ESC would drive the reader's terminal (recolour it, move the cursor, set its
//! title); a bidirectional control reorders what the reader sees without being visible,
//! so a name could show one thing and be another ("Trojan source", CVE-2021-42574).
//!
//! The loader applies it to every string of a run file, the adapters to every string of
//! a reply, the binary to every message it prints; the Markdown and HTML renderers add
//! their own markup's escaping on top. [`clipped`] bounds a message that quotes outside
//! text, so that a hostile file cannot make an error message of any length.

use std::borrow::Cow;

mod scan;

pub use scan::{any_hostile, hostile};

/// `text` with each [`hostile`] character written as `\u{..}`, a line break or tab as a
/// space, anything else unchanged; borrowed when nothing changes (the usual case).
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

/// `text` cut to at most `max` bytes on a character boundary, with `...` and the number
/// of bytes left out when it was cut: how a message quotes outside text (a parser's
/// excerpt of a hostile file, an adapter's reply).
#[must_use]
pub fn clipped(text: &str, max: usize) -> Cow<'_, str> {
    if text.len() <= max {
        return Cow::Borrowed(text);
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    Cow::Owned(format!(
        "{}... ({} more bytes)",
        &text[..end],
        text.len() - end
    ))
}

/// Applies [`escaped`] to every string of `value`, object keys included; whether
/// anything changed. How outside JSON (a result file, an adapter's reply) is made inert
/// as a whole: a field added to a format later is covered without a line here.
pub fn escape_json(value: &mut serde_json::Value) -> bool {
    use serde_json::Value;
    match value {
        Value::String(s) => match escaped(s) {
            Cow::Borrowed(_) => false,
            Cow::Owned(clean) => {
                *s = clean;
                true
            }
        },
        Value::Array(items) => items.iter_mut().fold(false, |c, v| escape_json(v) | c),
        Value::Object(map) => {
            let dirty: Vec<String> = map
                .keys()
                .filter(|k| matches!(escaped(k), Cow::Owned(_)))
                .cloned()
                .collect();
            for key in &dirty {
                if let Some(v) = map.remove(key) {
                    map.insert(escaped(key).into_owned(), v);
                }
            }
            let changed = map.values_mut().fold(false, |c, v| escape_json(v) | c);
            changed || !dirty.is_empty()
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests;
