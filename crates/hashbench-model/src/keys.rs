//! Keys of one type, as a map holds them: the data a quality screen hashes
//! (`hashbench-quality`) and a map workload fills a map with (`hashbench_catalog::map`).

/// Keys of one type, as a map would hold them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Keys {
    U64(Vec<u64>),
    Id16(Vec<[u8; 16]>),
    Str(Vec<String>),
    /// Keys with no type beyond their bytes (a file's lines that are not UTF-8, records
    /// of a size other than 8 or 16).
    Bytes(Vec<Vec<u8>>),
}

impl Keys {
    #[must_use]
    pub fn len(&self) -> usize {
        match self {
            Keys::U64(k) => k.len(),
            Keys::Id16(k) => k.len(),
            Keys::Str(k) => k.len(),
            Keys::Bytes(k) => k.len(),
        }
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The typed key a hash-table hasher is timed on with these keys; `None` for keys
    /// with no type beyond their bytes.
    #[must_use]
    pub fn key_kind(&self) -> Option<crate::KeyKind> {
        match self {
            Keys::U64(_) => Some(crate::KeyKind::U64),
            Keys::Id16(_) => Some(crate::KeyKind::Id16),
            Keys::Str(_) => Some(crate::KeyKind::Str),
            Keys::Bytes(_) => None,
        }
    }

    /// The key type's name: `u64`, `id16`, `str` or `bytes`.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Keys::U64(_) => "u64",
            Keys::Id16(_) => "id16",
            Keys::Str(_) => "str",
            Keys::Bytes(_) => "bytes",
        }
    }
}
