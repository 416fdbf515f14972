//! The protocol's messages, typed (docs/adapters.md): every request hashbench writes and
//! every reply it reads, and the same messages from the other side, as hashbench's own
//! plugin worker reads the requests ([`Served`]) and writes the replies. A reply is decoded in two steps: its envelope (`"ok"`, and
//! `"error"` when it is false), then its body as the request's reply type, so that a
//! reply that breaks the contract is named by the field that broke it
//! (`implementations[3].patterns: invalid type: ...`).

use hashbench_model::Pattern;
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

/// The protocol version this hashbench speaks: it sends it in `hello` and refuses an
/// adapter whose `hello` reply reports another (or none). Raised on any change that an
/// adapter of the previous version would answer wrongly.
pub const PROTOCOL: u32 = 1;

/// A request, one JSON line; `op` names it.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "op", rename_all = "lowercase")]
pub enum Request<'a> {
    /// What the adapter offers, and the protocol version it speaks.
    Hello {
        /// The version hashbench speaks ([`PROTOCOL`]).
        protocol: u32,
    },
    /// The digest of `data` through one implementation and pattern.
    Digest {
        id: &'a str,
        pattern: Pattern,
        #[serde(serialize_with = "hex_out")]
        data: &'a [u8],
        /// Where the message is cut into updates; left out when empty.
        #[serde(skip_serializing_if = "<[usize]>::is_empty")]
        splits: &'a [usize],
    },
    /// Timed batches of calls on `size` bytes of the xorshift stream from `seed`.
    Time {
        id: &'a str,
        pattern: Pattern,
        size: u64,
        seed: u64,
        iterations: u64,
        batches: u64,
    },
}

impl Request<'_> {
    /// The request's `op`, for messages.
    #[must_use]
    pub fn op(&self) -> &'static str {
        match self {
            Request::Hello { .. } => "hello",
            Request::Digest { .. } => "digest",
            Request::Time { .. } => "time",
        }
    }
}

/// The envelope of every reply: `"ok": true` with the request's fields, or `"ok": false`
/// with a one-line `"error"`.
#[derive(Debug, Deserialize)]
pub(crate) struct Envelope {
    pub ok: Option<bool>,
    #[serde(default)]
    pub error: Option<String>,
}

/// The version a `hello` reply reports, read before the rest of it: an adapter of
/// another version may shape the rest differently, and the version is what to say then.
#[derive(Debug, Deserialize)]
pub(crate) struct Versioned {
    #[serde(default)]
    pub protocol: Option<u64>,
}

/// A request as an adapter reads it: [`Request`] from the other side, its pattern kept
/// as text so that one the server does not know is answered with its name, and its data
/// as the wire's hex.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "op", rename_all = "lowercase")]
pub enum Served {
    Hello {
        #[serde(default)]
        protocol: Option<u32>,
    },
    Digest {
        id: String,
        pattern: String,
        #[serde(deserialize_with = "hex_in")]
        data: Vec<u8>,
        #[serde(default)]
        splits: Vec<usize>,
    },
    Time {
        id: String,
        pattern: String,
        size: usize,
        seed: u64,
        iterations: u64,
        batches: u64,
    },
}

/// A reply as an adapter writes it: `body`'s fields with `"ok": true`.
///
/// # Errors
///
/// `body` does not serialise to a JSON object.
pub fn ok_reply<T: Serialize>(body: &T) -> Result<Value, String> {
    match serde_json::to_value(body) {
        Ok(Value::Object(mut fields)) => {
            fields.insert("ok".to_string(), Value::Bool(true));
            Ok(Value::Object(fields))
        }
        Ok(_) => Err("a reply that is not a JSON object".to_string()),
        Err(e) => Err(format!("a reply that cannot be written: {e}")),
    }
}

/// A failed request's reply: `"ok": false` with the reason.
#[must_use]
pub fn error_reply(why: &str) -> Value {
    serde_json::json!({"ok": false, "error": why})
}

/// The `hello` reply.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Hello {
    /// The protocol version the adapter speaks (equal to [`PROTOCOL`] once accepted).
    pub protocol: u32,
    pub runtime: String,
    pub version: String,
    /// The id of the adapter's nop implementation (`nop/node`).
    pub nop: String,
    pub implementations: Vec<ImplInfo>,
}

/// One implementation as the adapter describes it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ImplInfo {
    pub id: String,
    pub algorithm: String,
    /// Package and version, read at run time by the adapter.
    pub provider: String,
    #[serde(default)]
    pub backend: String,
    /// Pattern names; the first is the implementation's default. Kept as text: a pattern
    /// hashbench does not know refuses that implementation, not the whole runtime.
    pub patterns: Vec<String>,
}

/// The `digest` reply.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DigestReply {
    #[serde(deserialize_with = "hex_in", serialize_with = "hex_vec_out")]
    pub digest: Vec<u8>,
}

/// The `time` reply.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TimeReply {
    /// The input's fold (16 hex digits on the wire).
    #[serde(deserialize_with = "fold_in", serialize_with = "fold_out")]
    pub input_fold: u64,
    /// Each batch's elapsed time on the runtime's monotonic clock.
    pub batches_ns: Vec<u64>,
    /// The last call's digest (hex on the wire).
    #[serde(deserialize_with = "hex_in", serialize_with = "hex_vec_out")]
    pub digest: Vec<u8>,
    /// GC heap bytes allocated per call, where the runtime can say (Crystal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes_allocated_per_call: Option<f64>,
}

/// Decodes a reply's body (or its envelope) as `T`; the error names the field that is
/// missing or mistyped, and quotes the start of the reply.
pub(crate) fn decode<T: DeserializeOwned>(op: &str, reply: &Value) -> Result<T, String> {
    serde_path_to_error::deserialize(reply).map_err(|e| {
        let path = e.path().to_string();
        let at = if path == "." {
            String::new()
        } else {
            format!("{path}: ")
        };
        format!(
            "a {op} reply that is not the protocol's: {at}{}: {:.200}",
            e.inner(),
            reply.to_string()
        )
    })
}

// Serde bridges for the wire's hex text; `&&[u8]` is what `serialize_with` hands over.
#[allow(clippy::trivially_copy_pass_by_ref)]
fn hex_out<S: Serializer>(bytes: &&[u8], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&hex::encode(bytes))
}

fn hex_vec_out<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&hex::encode(bytes))
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn fold_out<S: Serializer>(fold: &u64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format!("{fold:016x}"))
}

fn hex_in<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
    let text = String::deserialize(d)?;
    hex::decode(&text).map_err(|e| D::Error::custom(format!("{text:.80?} is not hex: {e}")))
}

fn fold_in<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let text = String::deserialize(d)?;
    let digits = text.len() == 16 && text.bytes().all(|b| b.is_ascii_hexdigit());
    match u64::from_str_radix(&text, 16) {
        Ok(v) if digits => Ok(v),
        _ => Err(D::Error::custom(format!(
            "{text:.80?} is not 16 hex digits"
        ))),
    }
}

#[cfg(test)]
mod tests;
