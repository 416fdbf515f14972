//! Hash maps as maps: std's `HashMap` (hashbrown) built with a library's `BuildHasher` and
//! driven by one of four workloads ([`MapOp`]) over a set of keys ([`MapSpec`]).
//!
//! [`MapRun`] is compiled for each hasher's concrete `BuildHasher` and key type, so a
//! timed operation is the map's own code with the hasher inlined, as in a program. The
//! `Hasher` trait reaches it through [`crate::Hasher::map_bench`], which the adapters with
//! a `BuildHasher` (`crate::impls::keyed`) answer.
//!
//! Every insert's and remove's result is checked as it runs (an insert of a key already
//! there, a remove of a key that is not), and lookups are spot-checked after each timed
//! batch (a hit that is not found, a miss that is), untimed, so that the timed loop is a
//! program's: each wrong answer is counted in [`MapBench::errors`], and a map that loses
//! keys is never reported as fast.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasher, Hash};
use std::hint::black_box;
use std::str::FromStr;

pub use hashbench_model::Keys;

/// Lookups per [`MapBench::spot_check`].
pub const SPOT_CHECK: usize = 64;

/// What one timed operation on the map is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MapOp {
    /// Insert the set's keys, in the set's order, into a map made empty with no
    /// capacity reserved (its growth included); a full map is dropped and the next
    /// build starts. Time per insert.
    Build,
    /// Look up a key that is in the map, in an order unrelated to insertion. Time per
    /// lookup.
    Hit,
    /// Look up a key of the same set that is not in the map. Time per lookup.
    Miss,
    /// Remove a key that is in the map and insert one that is not, the map's size
    /// unchanged. Time per remove-and-insert pair.
    Churn,
}

impl MapOp {
    /// Every workload, in the order tables show them.
    pub const ALL: [MapOp; 4] = [MapOp::Build, MapOp::Hit, MapOp::Miss, MapOp::Churn];

    /// The name `--workload` takes.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            MapOp::Build => "build",
            MapOp::Hit => "hit",
            MapOp::Miss => "miss",
            MapOp::Churn => "churn",
        }
    }
}

impl fmt::Display for MapOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for MapOp {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim().to_ascii_lowercase();
        MapOp::ALL
            .into_iter()
            .find(|op| op.name() == s)
            .ok_or_else(|| {
                format!("unknown workload '{s}'; workloads are: build, hit, miss, churn")
            })
    }
}

/// A map and its workload, ready to time: [`MapBench::run`] does `iters` operations.
pub trait MapBench: Send {
    /// `iters` operations of the workload, continuing where the last call stopped.
    fn run(&mut self, iters: u64);
    /// Looks up the next [`SPOT_CHECK`] keys of a lookup workload (hit, miss) untimed,
    /// where the timed loop only sums what it finds, and counts each wrong answer in
    /// [`MapBench::errors`]; the next timed call starts where it would have.
    fn spot_check(&mut self);
    /// Wrong answers so far (0 for a correct map and hasher): every operation's for a
    /// build and churn, the spot checks' for lookups.
    fn errors(&self) -> u64;
    /// Operations in one pass over the workload's keys: every probe of a lookup, a whole
    /// build, churn's window moved by its length (every key in the map replaced).
    fn pass(&self) -> u64;
    /// Keys in the map now.
    fn len(&self) -> usize;
    /// The fewest operations a timed batch is made of, batches being whole multiples of
    /// it: a pass for a build and churn, whose costs come in lumps (a build's table grows
    /// by doubling and is dropped when full; churn's removals leave tombstones that an
    /// insert now and then clears by rehashing the table in place), so that every batch
    /// holds its share of them; 1 for lookups, which cost alike. Timed in batches of 50
    /// µs, of which the figure takes the median, a build of 262,144 keys read 0.30-0.56
    /// of a program's whole builds (`cargo bench -p hashbench --bench direct_maps`,
    /// 2026-12-01): the batches with the growth in them were the slow few the median
    /// leaves out.
    fn period(&self) -> u64 {
        1
    }
    /// Whether the map is empty now.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The map of [`MapBench`] for one key type `K` and `BuildHasher` `B`. Values are the
/// key's index, so that a lookup's result is used (summed) as a program would use it.
pub(crate) struct MapRun<K, B: BuildHasher> {
    map: HashMap<K, u32, B>,
    build: B,
    /// Both halves of the key set, `entries` in the map and `entries` not: a build's and
    /// churn's (lookups keep only their probes).
    keys: Vec<K>,
    /// Indices into `keys`, in the order churn visits them (a build takes `keys` as they are).
    order: Vec<u32>,
    /// A lookup's keys, copies in the order visited: a lookup reads its key from a
    /// sequence, as a program's loop over the keys it looks up does, not through an index.
    probes: Vec<K>,
    /// [`MapSpec::place`]'s bytes, made between the map and the rest, held to the end.
    _apart: Vec<u8>,
    op: MapOp,
    entries: usize,
    pos: usize,
    errors: u64,
    sum: u64,
}

impl<K: Hash + Eq + Clone + Send, B: BuildHasher + Clone + Send> MapRun<K, B> {
    /// The map of `spec`'s first `entries` keys, set up for its workload. `keys` is the
    /// set's two halves, borrowed: a workload clones only what it keeps (a lookup, the
    /// map's keys and its probes; a build, the half it inserts), since cloning both halves
    /// of a 2M-key string set for every round and dropping most of them took a third of
    /// a `maps` run's time.
    pub(crate) fn new(build: B, keys: &[K], spec: &MapSpec<'_>) -> Self {
        let entries = spec.entries;
        let n = u32::try_from(entries).expect("checked by MapSpec::check");
        // The caller's order of both halves, cut to what the workload visits.
        let order: Vec<u32> = match spec.op {
            // A build inserts the first half in the set's order, from the slice itself.
            MapOp::Build => Vec::new(),
            MapOp::Hit => spec.order.iter().copied().filter(|&i| i < n).collect(),
            MapOp::Miss => spec.order.iter().copied().filter(|&i| i >= n).collect(),
            MapOp::Churn => spec.order.to_vec(),
        };
        // A map of known size, as a program that knows it makes one (and as
        // `hashbench_quality::map` models it); a build starts from nothing.
        let mut map = match spec.op {
            MapOp::Build => HashMap::with_hasher(build.clone()),
            _ => HashMap::with_capacity_and_hasher(entries, build.clone()),
        };
        // A lookup's map holds the first half; churn's the window of its order that
        // starts at 0.
        match spec.op {
            MapOp::Build => {}
            MapOp::Hit | MapOp::Miss => {
                for (i, key) in (0..n).zip(keys) {
                    map.insert(key.clone(), i);
                }
            }
            MapOp::Churn => {
                for &i in &order[..entries] {
                    map.insert(keys[i as usize].clone(), i);
                }
            }
        }
        let apart = vec![0u8; spec.place];
        // A lookup reads only its probes: the keys and the order they came from are not
        // kept beside them (for a 2M-key string set, 4M strings held for nothing).
        let (keys, order, probes) = match spec.op {
            MapOp::Hit | MapOp::Miss => {
                let probes = order.iter().map(|&i| keys[i as usize].clone()).collect();
                (Vec::new(), Vec::new(), probes)
            }
            MapOp::Build => (keys[..entries].to_vec(), order, Vec::new()),
            MapOp::Churn => (keys.to_vec(), order, Vec::new()),
        };
        Self {
            map,
            build,
            keys,
            order,
            probes,
            _apart: apart,
            op: spec.op,
            entries,
            pos: 0,
            errors: 0,
            sum: 0,
        }
    }
}

impl<K: Hash + Eq + Clone + Send, B: BuildHasher + Clone + Send> MapBench for MapRun<K, B> {
    #[inline(never)]
    fn run(&mut self, iters: u64) {
        match self.op {
            MapOp::Build => {
                // Runs of inserts, each a plain loop over a slice of the keys (a build
                // visits them in the set's order), as a program fills a map: an index
                // through `order`, a check of each insert and the count per key cost FxHash
                // 0.8 ns an insert of 7.6 at 1,024 keys (`direct_maps`, 2026-12-01). A full
                // map that holds fewer keys than were inserted had one replaced: wrong.
                let mut left = iters;
                while left > 0 {
                    if self.pos == self.entries {
                        self.errors += (self.entries - self.map.len()) as u64;
                        self.map = HashMap::with_hasher(self.build.clone());
                        self.pos = 0;
                    }
                    let room = self.entries - self.pos;
                    let end = self.pos + usize::try_from(left).map_or(room, |l| l.min(room));
                    inserts(&mut self.map, &self.keys[self.pos..end], self.pos);
                    left -= (end - self.pos) as u64;
                    self.pos = end;
                }
            }
            MapOp::Hit | MapOp::Miss => {
                // Laps over the keys to look up, each a plain loop over a slice, the sum
                // in a local: the loop a program would write, nothing between lookups
                // but the use of their result. Their answers are checked apart, untimed
                // ([`MapBench::spot_check`]).
                let mut sum = 0u64;
                let mut left = iters;
                while left > 0 {
                    let room = self.probes.len() - self.pos;
                    let end = self.pos + usize::try_from(left).map_or(room, |l| l.min(room));
                    sum = sum.wrapping_add(lookups(&self.map, &self.probes[self.pos..end]));
                    left -= (end - self.pos) as u64;
                    self.pos = if end == self.probes.len() { 0 } else { end };
                }
                self.sum = self.sum.wrapping_add(sum);
            }
            MapOp::Churn => {
                let len = self.order.len();
                for _ in 0..iters {
                    let out = self.order[self.pos] as usize;
                    let gone = self.map.remove(&self.keys[out]);
                    self.errors += u64::from(gone.is_none());
                    let i = self.order[(self.pos + self.entries) % len];
                    let key = self.keys[i as usize].clone();
                    self.errors += u64::from(self.map.insert(key, i).is_some());
                    self.pos += 1;
                    if self.pos == len {
                        self.pos = 0;
                    }
                }
            }
        }
        black_box(self.sum);
    }

    fn spot_check(&mut self) {
        let want = match self.op {
            MapOp::Hit => true,
            MapOp::Miss => false,
            MapOp::Build | MapOp::Churn => return,
        };
        let len = self.probes.len();
        let wrong = (0..SPOT_CHECK)
            .map(|j| &self.probes[(self.pos + j) % len])
            .filter(|&k| self.map.contains_key(k) != want)
            .count();
        self.errors += wrong as u64;
    }

    fn errors(&self) -> u64 {
        self.errors
    }

    fn pass(&self) -> u64 {
        match self.op {
            MapOp::Hit | MapOp::Miss => self.probes.len() as u64,
            MapOp::Build | MapOp::Churn => self.entries as u64,
        }
    }

    fn len(&self) -> usize {
        self.map.len()
    }

    fn period(&self) -> u64 {
        match self.op {
            MapOp::Build | MapOp::Churn => self.pass(),
            MapOp::Hit | MapOp::Miss => 1,
        }
    }
}

/// `map.get` of each of `probes`, the values found summed. A function of its own, the
/// map by shared reference: inside `run`, through `&mut self`, the optimiser reloaded the
/// map's table pointer and mask after every `black_box`, about 0.25 ns a lookup more than
/// a program's loop (`cargo bench -p hashbench --bench direct_maps`). The key is not
/// passed through `black_box` either: that stores the key's address to the stack and
/// loads it back before every lookup, a store-to-load trip a program's loop does not
/// have, and whose cost moved by build and by round (FxHash's misses on 1,024 keys read
/// 0.8-1.8 ns with it, 0.8-1.0 ns without, session 31). Nothing is
/// lost by it: each lookup reads keys and a table the compiler cannot see into, and the
/// sum of what they found is used.
#[inline(never)]
fn lookups<K: Hash + Eq, B: BuildHasher>(map: &HashMap<K, u32, B>, probes: &[K]) -> u64 {
    let mut sum = 0u64;
    for key in probes {
        sum = sum.wrapping_add(u64::from(map.get(key).copied().unwrap_or(0)));
    }
    sum
}

/// Inserts each of `keys`, its value its index in the build (`first` for the first).
#[inline(never)]
fn inserts<K: Hash + Eq + Clone, B: BuildHasher>(
    map: &mut HashMap<K, u32, B>,
    keys: &[K],
    first: usize,
) {
    for (i, key) in (first..).zip(keys) {
        map.insert(key.clone(), i as u32);
    }
}

/// A map workload: the keys (both halves), how many go into the map, the workload, and
/// the order of visits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapSpec<'k> {
    /// `2 · entries` distinct keys: the first half goes into the map, the second half is
    /// what misses and churn's inserts look for.
    pub keys: &'k Keys,
    /// Keys in the map.
    pub entries: usize,
    /// The workload.
    pub op: MapOp,
    /// A permutation of `0..2 · entries`, the order lookups and churn visit the keys in
    /// (a hit takes those below `entries` in this order, a miss the others); the caller
    /// shuffles it, so that it is unrelated to insertion.
    pub order: Cow<'k, [u32]>,
    /// Bytes the map holds apart, between its table and what it reads beside it (a
    /// lookup's probes, a build's and churn's copies of the keys): where the one lies
    /// from the other. A caller that makes each round's map with another `place` has
    /// its rounds draw as many placements, as `run`'s rounds draw their inputs'.
    pub place: usize,
}

impl MapSpec<'_> {
    /// The same workload, its order borrowed, `place` bytes apart
    /// ([`MapSpec::place`]).
    #[must_use]
    pub fn placed(&self, place: usize) -> MapSpec<'_> {
        MapSpec {
            keys: self.keys,
            entries: self.entries,
            op: self.op,
            order: Cow::Borrowed(&self.order),
            place,
        }
    }

    /// Whether the spec can be run: `Err` says why not.
    ///
    /// # Errors
    ///
    /// No entries, more than `u32` can count, too few keys, an order that is not a
    /// permutation of both halves, or keys with no type (bytes).
    pub fn check(&self) -> Result<(), String> {
        let n = self.entries;
        if n == 0 || u32::try_from(2 * n).is_err() {
            return Err(format!("a map of {n} keys: give 1 to 2^31 - 1"));
        }
        if self.keys.len() < 2 * n {
            return Err(format!(
                "a map of {n} keys needs {} distinct keys (as many again to miss), the set has {}",
                2 * n,
                self.keys.len()
            ));
        }
        let mut seen = vec![false; 2 * n];
        for &i in self.order.iter() {
            match seen.get_mut(i as usize) {
                Some(s) if !*s => *s = true,
                _ => return Err("the order is not a permutation of both halves".to_string()),
            }
        }
        if self.order.len() != 2 * n {
            return Err("the order is not a permutation of both halves".to_string());
        }
        if matches!(self.keys, Keys::Bytes(_)) {
            return Err("keys with no type (bytes) are not a map's keys here".to_string());
        }
        Ok(())
    }
}

/// The [`MapBench`] of `spec` on std's `HashMap` built by `build`, the spec's keys cut to
/// its two halves.
///
/// # Errors
///
/// As [`MapSpec::check`].
pub(crate) fn bench<B: BuildHasher + Clone + Send + 'static>(
    build: &B,
    spec: &MapSpec<'_>,
) -> Result<Box<dyn MapBench>, String> {
    spec.check()?;
    let build = build.clone();
    let both = 2 * spec.entries;
    Ok(match spec.keys {
        Keys::U64(k) => Box::new(MapRun::new(build, &k[..both], spec)),
        Keys::Id16(k) => Box::new(MapRun::new(build, &k[..both], spec)),
        Keys::Str(k) => Box::new(MapRun::new(build, &k[..both], spec)),
        Keys::Bytes(_) => unreachable!("refused by MapSpec::check"),
    })
}

#[cfg(test)]
mod tests;
