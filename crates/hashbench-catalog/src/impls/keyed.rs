//! The `keys:*` patterns' adapters: libraries with a std `BuildHasher`, timed as a hash
//! map calls them, `BuildHasher::hash_one(&key)` ([`crate::keys`]).
//!
//! [`Table`] is [`Wrap`] (the byte API, verified and timed as before) plus the library's
//! `BuildHasher`, held as a map holds it, and its `hash_one` compiled for the concrete
//! type: the timed loop of `Table<S>` calls `S::Build::hash_one` with nothing between.
//!
//! Two kinds of library are here, and verification tells them apart by the vectors:
//! - SipHash, xxHash and HighwayHash have a `Hasher` whose `write`s stream into one
//!   message, so a key's hash is the byte API's digest of what std's `Hash` writes
//!   ([`crate::keys::message`]);
//! - foldhash, rapidhash's fast hasher, FxHash and aHash specialise the integer writes,
//!   and wyhash's, komihash's and cityhasher's `Hasher`s hash each `write` alone, seeded
//!   with the last result: their typed keys are other functions of the key, held to
//!   typed-key vectors (`vectors/<alg>.json`, the vectors with a `key`).

use std::hash::{BuildHasher, BuildHasherDefault};
use std::marker::PhantomData;

use super::table::{
    AHashFallback, Buffered, CityHasher64, FoldhashFast, FoldhashQuality, Highway64, Komihash,
    RapidhashFast, RapidhashFastBuild, RustcFxHash, SiphasherSip13, SiphasherSip24,
    StdDefaultHasher, StdSipHasher24, WyhashFinal4,
};
use super::xxhash::{Twox3_64, Twox64, XxhRust3_64, XxhRust64};
use super::{Streaming, Wrap};
use crate::hasher::Hasher;
use crate::pattern::Pattern;

/// A library with a std `BuildHasher`: the one a caller would give its hash map, with the
/// fixed key or seed of the algorithm's vectors (crate::algorithm).
pub(crate) trait Keyed: Streaming {
    type Build: BuildHasher + Clone + Send + 'static;
    fn build() -> Self::Build;
    /// The `BuildHasher` a map seeded at random would hold, from `seed`; `None` for a
    /// library a map does not seed (FxHash) or whose seeded constructor is not offered
    /// here.
    fn seeded(seed: u64) -> Option<Self::Build> {
        let _ = seed;
        None
    }
}

/// [`Wrap`] with the library's `BuildHasher`: the byte API as before, and `keys:*`.
pub(crate) struct Table<S: Keyed> {
    bytes: Wrap<S>,
    build: S::Build,
}

impl<S: Keyed> Hasher for Table<S> {
    #[inline(always)]
    fn update(&mut self, data: &[u8]) {
        self.bytes.update(data);
    }
    #[inline(always)]
    fn finalize_reset(&mut self, out: &mut [u8]) {
        self.bytes.finalize_reset(out);
    }
    #[inline(always)]
    fn reset(&mut self) {
        self.bytes.reset();
    }
    #[inline(always)]
    fn oneshot(&mut self, data: &[u8], out: &mut [u8]) {
        self.bytes.oneshot(data, out);
    }
    fn supports(&self, pattern: Pattern) -> Result<(), &'static str> {
        match pattern {
            Pattern::Keys(_) => Ok(()),
            other => self.bytes.supports(other),
        }
    }
    #[inline(always)]
    fn fresh(&mut self, data: &[u8], out: &mut [u8]) {
        self.bytes.fresh(data, out);
    }
    #[inline(always)]
    fn write_into(&mut self, data: &[u8], out: &mut [u8]) {
        self.bytes.write_into(data, out);
    }
    fn reseed_keys(&mut self, seed: u64) -> bool {
        S::seeded(seed).map(|b| self.build = b).is_some()
    }
    fn map_bench(
        &self,
        spec: &crate::map::MapSpec<'_>,
    ) -> Result<Box<dyn crate::map::MapBench>, String> {
        crate::map::bench(&self.build, spec)
    }
    #[inline(always)]
    fn hash_key_u64(&mut self, key: u64) -> u64 {
        self.build.hash_one(key)
    }
    #[inline(always)]
    fn hash_key_id16(&mut self, key: &[u8; 16]) -> u64 {
        self.build.hash_one(key)
    }
    #[inline(always)]
    fn hash_key_str(&mut self, key: &str) -> u64 {
        self.build.hash_one(key)
    }
}

/// Constructor for the registry: `new: keyed::<SomeSpec>`.
pub(crate) fn keyed<S: Keyed>() -> Box<dyn Hasher> {
    Box::new(Table::<S> {
        bytes: Wrap(S::new(), PhantomData),
        build: S::build(),
    })
}

// std's DefaultHasher and siphasher's SipHasher13 default to keys 0 and 0, the
// catalogue's SipHash-1-3 key: `BuildHasherDefault` is what a caller writes for them.
impl Keyed for StdDefaultHasher {
    type Build = BuildHasherDefault<std::hash::DefaultHasher>;
    fn build() -> Self::Build {
        BuildHasherDefault::default()
    }
}
impl Keyed for SiphasherSip13 {
    type Build = BuildHasherDefault<siphasher::sip::SipHasher13>;
    fn build() -> Self::Build {
        BuildHasherDefault::default()
    }
}

/// SipHash-2-4 with the catalogue's key (the paper's, 00 .. 0f): neither siphasher nor std
/// has a `BuildHasher` with a caller's key, so this is the two lines a caller writes.
#[derive(Clone, Copy, Default)]
pub(crate) struct Sip24Keys;
impl BuildHasher for Sip24Keys {
    type Hasher = siphasher::sip::SipHasher24;
    #[inline(always)]
    fn build_hasher(&self) -> Self::Hasher {
        siphasher::sip::SipHasher24::new_with_key(&super::table::SIP24_KEY)
    }
}
impl Keyed for SiphasherSip24 {
    type Build = Sip24Keys;
    fn build() -> Self::Build {
        Sip24Keys
    }
}

/// std's deprecated `SipHasher` (SipHash-2-4) with the catalogue's key.
#[derive(Clone, Copy, Default)]
pub(crate) struct StdSip24Keys;
impl BuildHasher for StdSip24Keys {
    #[allow(deprecated)]
    type Hasher = std::hash::SipHasher;
    #[inline(always)]
    fn build_hasher(&self) -> Self::Hasher {
        super::table::std_sip24()
    }
}
impl Keyed for StdSipHasher24 {
    type Build = StdSip24Keys;
    fn build() -> Self::Build {
        StdSip24Keys
    }
}

impl Keyed for Twox64 {
    type Build = twox_hash::xxhash64::State;
    fn build() -> Self::Build {
        twox_hash::xxhash64::State::with_seed(0)
    }
}

// twox-hash's XXH3-64 `Hasher` is `Default` (the default secret, seed 0) and has no
// `BuildHasher` of its own: `BuildHasherDefault` is what its documentation's maps use.
impl Keyed for Twox3_64 {
    type Build = BuildHasherDefault<twox_hash::XxHash3_64>;
    fn build() -> Self::Build {
        BuildHasherDefault::default()
    }
}

// xxhash-rust's builders, with the catalogue's seed 0 and default secret: the crate's
// `Hasher`s stream their writes, as its one-call functions hash one message.
impl Keyed for XxhRust64 {
    type Build = xxhash_rust::xxh64::Xxh64Builder;
    fn build() -> Self::Build {
        xxhash_rust::xxh64::Xxh64Builder::new(0)
    }
}
impl Keyed for XxhRust3_64 {
    type Build = xxhash_rust::xxh3::Xxh3DefaultBuilder;
    fn build() -> Self::Build {
        xxhash_rust::xxh3::Xxh3DefaultBuilder::new()
    }
}

/// HighwayHash with the catalogue's key, as `highway::HighwayBuildHasher` builds it; that
/// type is not `Clone`, and a map workload builds a map again from a copy.
#[derive(Clone, Copy, Default)]
pub(crate) struct HighwayKeys;
impl BuildHasher for HighwayKeys {
    type Hasher = highway::HighwayHasher;
    #[inline(always)]
    fn build_hasher(&self) -> Self::Hasher {
        highway::HighwayHasher::new(highway::Key(super::table::HIGHWAY_KEY))
    }
}
impl Keyed for Highway64 {
    type Build = HighwayKeys;
    fn build() -> Self::Build {
        HighwayKeys
    }
}

/// A one-call library's map hasher, with the `BuildHasher` its byte API's adapter
/// (crate::impls::table) builds its `Hasher` from: the same fixed seed for both.
macro_rules! map_hasher {
    ($one_call:ty, $build:ty, $new:expr) => {
        map_hasher!($one_call, $build, $new, |_seed| None);
    };
    ($one_call:ty, $build:ty, $new:expr, $seeded:expr) => {
        impl Keyed for Buffered<$one_call> {
            type Build = $build;
            fn build() -> Self::Build {
                $new
            }
            fn seeded(seed: u64) -> Option<Self::Build> {
                let seeded: fn(u64) -> Option<Self::Build> = $seeded;
                seeded(seed)
            }
        }
    };
}

// foldhash's `RandomState` (hashbrown's default) draws a per-map seed; `FixedState`
// with that seed hashes as it does.
map_hasher!(
    FoldhashFast,
    foldhash::fast::FixedState,
    foldhash::fast::FixedState::with_seed(0),
    |seed| Some(foldhash::fast::FixedState::with_seed(seed))
);
map_hasher!(
    FoldhashQuality,
    foldhash::quality::FixedState,
    foldhash::quality::FixedState::with_seed(0),
    |seed| Some(foldhash::quality::FixedState::with_seed(seed))
);
// rapidhash's fast `RapidHasher` from `BuildHasherDefault` (seed 0, the default secrets),
// as the byte API builds it; integers gather in its 128-bit sponge.
map_hasher!(
    RapidhashFast,
    RapidhashFastBuild,
    RapidhashFastBuild::default()
);
map_hasher!(
    RustcFxHash,
    rustc_hash::FxBuildHasher,
    rustc_hash::FxBuildHasher
);
// aHash's `RandomState::new()` draws four keys; here four words spread from the seed.
map_hasher!(
    AHashFallback,
    ahash::RandomState,
    ahash::RandomState::with_seeds(0, 0, 0, 0),
    |seed| {
        let k = |i: u64| {
            (seed ^ i)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .rotate_left(29)
        };
        Some(ahash::RandomState::with_seeds(k(1), k(2), k(3), k(4)))
    }
);
// The crate's `WyHasher` is its own `BuildHasher`; `default()` is seed 0 and the default
// secret, as `WyHash64::hash` (the byte API) uses.
map_hasher!(
    WyhashFinal4,
    wyhash_final4::generics::WyHasher<wyhash_final4::WyHash64>,
    Default::default()
);
// komihash's map `Hasher` (seed 0, as the byte API), each write hashed alone and
// seeded with the last result; the byte API's streamed state is another path.
impl Keyed for Komihash {
    type Build = BuildHasherDefault<komihash::KomiHasher>;
    fn build() -> Self::Build {
        BuildHasherDefault::default()
    }
}

// `CityHasher::new()`: unseeded, so a key's first write is CityHash64 of its bytes.
map_hasher!(
    CityHasher64,
    cityhasher::CityHasher,
    cityhasher::CityHasher::new()
);

#[cfg(test)]
mod tests;
