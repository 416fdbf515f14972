//! Option values as texts: a suite file's TOML values as the texts a flag is given,
//! and texts back into a message.

use std::ffi::OsString;

/// Texts for a message.
pub(crate) fn lossy(raw: &[OsString]) -> String {
    raw.iter()
        .map(|t| t.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(",")
}

/// A TOML value as the texts a flag would be given: a string, a number or a boolean is
/// one; an array is one per element.
pub(crate) fn texts_of(value: &toml::Value) -> Result<Vec<String>, String> {
    let one = |v: &toml::Value| match v {
        toml::Value::String(s) => Ok(s.clone()),
        toml::Value::Integer(n) => Ok(n.to_string()),
        toml::Value::Float(f) => Ok(f.to_string()),
        toml::Value::Boolean(b) => Ok(b.to_string()),
        other => Err(format!(
            "a {} is not a value this key takes",
            other.type_str()
        )),
    };
    match value {
        toml::Value::Array(items) => items.iter().map(one).collect(),
        v => one(v).map(|t| vec![t]),
    }
}
