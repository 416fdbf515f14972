//! `hashbench sum`'s lines, as sha256sum writes them: the digest in hex, two spaces and
//! the file's name. Bytes, not text, so that non-UTF-8 names survive.

/// The line of one file: its digest (`hex`) and its name's bytes (`name`), escaped as
/// [`escaped_name`] says, with a backslash first when the name was escaped.
#[must_use]
pub fn line(hex: &str, name: &[u8]) -> Vec<u8> {
    let (escaped, name) = escaped_name(name);
    let mut line = Vec::with_capacity(hex.len() + name.len() + 4);
    if escaped {
        line.push(b'\\');
    }
    line.extend_from_slice(hex.as_bytes());
    line.extend_from_slice(b"  ");
    line.extend_from_slice(&name);
    line.push(b'\n');
    line
}

/// The name as sha256sum prints it: a name holding a backslash or newline is escaped
/// (and whether it was is returned, for the line's leading backslash). Raw bytes
/// otherwise.
#[must_use]
pub fn escaped_name(raw: &[u8]) -> (bool, Vec<u8>) {
    if !raw.iter().any(|b| *b == b'\\' || *b == b'\n') {
        return (false, raw.to_vec());
    }
    let mut escaped = Vec::with_capacity(raw.len() + 4);
    for &b in raw {
        match b {
            b'\\' => escaped.extend_from_slice(b"\\\\"),
            b'\n' => escaped.extend_from_slice(b"\\n"),
            b => escaped.push(b),
        }
    }
    (true, escaped)
}

#[cfg(test)]
mod tests;
