//! `recommend`'s own rules: which implementations are candidates for a need, the run
//! that measures them (a race: screening rounds for all, then more only for the
//! contenders), and the question each size asks of `hashbench-analysis`' pure answer.

use hashbench_analysis::recommend::{data_bits, hd_at, recommend, Need, Recommendation, Request};
use hashbench_catalog::Implementation;
use hashbench_model::{AlgorithmProperties, HdAt, KeyKind, Mode, Pattern, Run, Size};
use hashbench_plan::SizeSpec;

use hashbench_plan::values::{ModeChoice, SizeList, ThreadCounts};
use hashbench_plan::{RunRequest, Source, UsageError};

mod map;
pub use map::{MapOptions, MapQuestion, QualityNeed, Workload};

/// Seconds per cell unless `--time` says: the most a cell may spend, which only the
/// contenders of the race come near (the ~120 candidates of `--need checksum` are
/// answered in about 3 s on a 2-core machine: docs/method.md has the timing); large
/// enough for CIs near ±1 %.
pub const DEFAULT_RECOMMEND_TIME_S: f64 = 0.05;

/// Rounds every candidate gets before the race: enough for a first figure of each, the
/// contenders then race on.
pub const SCREENING_ROUNDS: u32 = 3;

/// The most rounds a contender gets in the race (within `--time`).
pub const MAX_RACE_ROUNDS: u32 = 30;

/// The bounds of `--min-hd`.
pub const MIN_HD: u32 = 2;
pub const MAX_HD: u32 = 16;

/// The mode a need is answered in when `--mode` is not given: latency for a hash
/// table's hasher (a lookup waits for its hash before it can probe), throughput for the
/// others (blocks hashed one after another, independently).
#[must_use]
pub fn default_mode(need: Need) -> Mode {
    match need {
        Need::HashTable => Mode::Latency,
        _ => Mode::Throughput,
    }
}

/// What `recommend` is asked, typed: each field is also `recommend`'s flag (with the
/// `clap` feature, the binary's), its help, parser and default defined here once.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct Ask {
    /// Input sizes to answer for: comma-separated, with k/m/g units, or A..=B for calls
    /// of random lengths (as `run --sizes`); 0 is refused. Required, except by --need
    /// hash-table's map workloads given their keys (--set, --keys or --key).
    #[cfg_attr(feature = "clap", arg(long = "size", id = "size", value_name = "SIZE[,SIZE...]",
        value_parser = hashbench_plan::values::size_list,
        required_unless_present_any = ["set", "keys", "key"]))]
    pub sizes: Option<SizeList>,
    /// What the output must be good for: checksum (error detection), hash (fast,
    /// evenly spread; no adversary), hash-table (the hasher of a hash map: a
    /// non-cryptographic hash, timed inside std's HashMap) or crypto (collision
    /// resistance). Required: each need has another answer. A stronger class also
    /// satisfies a weaker need.
    #[cfg_attr(feature = "clap", arg(long, value_parser = choices::need()))]
    pub need: Need,
    /// Leave out algorithms with fewer output bits than this.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N"))]
    pub min_bits: Option<u32>,
    /// Only hashes whose authors claim resistance to hash flooding with a secret key
    /// (those `hashbench list` shows as "key: keyed": SipHash, HighwayHash, aHash): what a
    /// table keyed by untrusted input needs. With --need hash or hash-table.
    #[cfg_attr(feature = "clap", arg(long))]
    pub keyed: bool,
    /// Only hashes whose output is the same in every version and on every platform:
    /// what hashes that are stored or sent need. With --need hash or hash-table.
    #[cfg_attr(feature = "clap", arg(long))]
    pub stable: bool,
    /// With --need checksum, leave out algorithms whose Hamming distance at the size is
    /// below N (2 to 16), or is not known to reach N: a CRC's HD from Koopman's CRC Zoo
    /// or computed by hashbench-crc-hd, where a proven lower bound counts if it reaches N
    /// (docs/detection.md); a hash or Adler-32 guarantees none.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N"))]
    pub min_hd: Option<u32>,
    /// With --need crypto, only hashes FIPS approves (SHA-2 in FIPS 180-4, SHA-3 in
    /// FIPS 202).
    #[cfg_attr(feature = "clap", arg(long))]
    pub fips: bool,
    /// Threads an implementation that splits one message (blake3+rayon) may use; with 1
    /// (the default) only one-thread implementations are candidates.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 1,
        value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=64)))]
    pub threads: usize,
    /// throughput (independent calls on one input) or latency (each call waits for the
    /// last digest), as `run --mode` [default: latency for --need hash-table
    /// --workload hash, else throughput].
    #[cfg_attr(feature = "clap", arg(long, value_parser = choices::one_mode()))]
    pub mode: Option<Mode>,
    /// Also measure pinned backends (forced SIMD levels, table variants), which a
    /// program rarely chooses; by default each library picks its own backend.
    #[cfg_attr(feature = "clap", arg(long))]
    pub pinned: bool,
    /// Time budget per cell, like 0.05, 50ms or 1s.
    #[cfg_attr(feature = "clap", arg(long = "time", id = "time", value_name = "TIME",
        default_value_t = DEFAULT_RECOMMEND_TIME_S,
        value_parser = hashbench_plan::values::parse_seconds))]
    pub time_s: f64,
    /// Practical-equivalence margin: candidates whose time ratio to the answer, measured
    /// side by side, lies within +-this are reported as equivalent to it (0.03 or 3%).
    #[cfg_attr(feature = "clap", arg(long,
        default_value_t = hashbench_analysis::ties::DEFAULT_EQUIVALENCE,
        value_parser = hashbench_plan::values::parse_margin))]
    pub equivalence: f64,
    /// With --need hash-table, the key a map hashes (BuildHasher::hash_one): u64 (8 B),
    /// id16 ([u8; 16]) or str (a string as long as --size, 1 to 256 B) [default: u64 at
    /// --size 8, id16 at 16, else str].
    #[cfg_attr(feature = "clap", arg(long, value_parser = choices::key()))]
    pub key: Option<KeyKind>,
    /// `--plugin`, `--cflags`, `--algorithm`: your own C implementations, candidates
    /// beside the catalogue's when their algorithm meets the need (docs/plugins.md).
    #[cfg_attr(feature = "clap", command(flatten))]
    pub plugin: hashbench_plan::options::PluginOptions,
    /// `--workload`, `--set`, `--keys`, `--entries`, `--quality`: a hash table's hasher
    /// timed inside a map.
    #[cfg_attr(feature = "clap", command(flatten))]
    pub map: MapOptions,
}

/// `recommend`'s choices with their possible values in help and errors.
#[cfg(feature = "clap")]
mod choices {
    use clap::builder::{PossibleValuesParser, TypedValueParser};
    use clap::ValueEnum;
    use hashbench_analysis::recommend::Need;
    use hashbench_model::{KeyKind, Mode};
    use hashbench_plan::values::{self, ModeChoice};

    /// `--mode throughput|latency`: a `run --mode` choice that names one mode (an answer
    /// is for one mode), with only those possible values in help and errors.
    pub fn one_mode() -> impl TypedValueParser<Value = Mode> {
        let one = ModeChoice::value_variants()
            .iter()
            .filter(|m| m.modes().len() == 1)
            .filter_map(ValueEnum::to_possible_value);
        // Only the names listed get through, and each names one mode.
        PossibleValuesParser::new(one).map(|name: String| {
            ModeChoice::from_str(&name, false).map_or(Mode::Throughput, |m| m.modes()[0])
        })
    }

    /// `--need checksum|hash|hash-table|crypto`.
    pub fn need() -> impl TypedValueParser<Value = Need> {
        // Only the names listed get through, so every one parses.
        PossibleValuesParser::new(values::NEEDS.map(Need::as_str))
            .map(|name: String| values::need(&name).unwrap_or(Need::Checksum))
    }

    /// `--key u64|id16|str`: the typed key of a hash table's hasher.
    pub fn key() -> impl TypedValueParser<Value = KeyKind> {
        // Only the names listed get through, so every one is found.
        PossibleValuesParser::new(values::KEYS.map(|(n, _)| n))
            .map(|name: String| values::key(&name).unwrap_or(KeyKind::Str))
    }
}

/// The key `--need hash-table` times when `--key` is not given: a `u64` when every size
/// asked is 8 B, a 16-byte id when every size is 16 B, else a string as long as the size
/// (the common keys of a map: integers, ids, short names).
#[must_use]
pub fn default_key(sizes: &[Size]) -> KeyKind {
    let all = |n: u64| !sizes.is_empty() && sizes.iter().all(|&s| s == Size::Bytes(n));
    if all(8) {
        KeyKind::U64
    } else if all(16) {
        KeyKind::Id16
    } else {
        KeyKind::Str
    }
}

impl Ask {
    /// The sizes asked (`--size`); none when a map workload's keys were given instead.
    #[must_use]
    pub fn sizes(&self) -> &[Size] {
        self.sizes.as_ref().map_or(&[], |s| s.0.as_slice())
    }

    /// Refuses what no answer can be given for.
    ///
    /// # Errors
    ///
    /// A size of 0 bytes (a call on no input has no throughput); `--keyed` or `--stable`
    /// with a need other than `hash` and `hash-table`.
    pub fn check(&self) -> Result<(), UsageError> {
        if (self.keyed || self.stable) && !matches!(self.need, Need::Hash | Need::HashTable) {
            return Err(UsageError(format!(
                "{} asks about a hash's key and stability: give it with --need hash or \
                 hash-table, not {}",
                if self.keyed { "--keyed" } else { "--stable" },
                self.need.as_str()
            )));
        }
        if let Some(n) = self.min_hd {
            if self.need != Need::Checksum {
                return Err(UsageError(format!(
                    "--min-hd asks for a checksum's Hamming distance: give it with --need \
                     checksum, not {}",
                    self.need.as_str()
                )));
            }
            if !(MIN_HD..=MAX_HD).contains(&n) {
                return Err(UsageError(format!(
                    "--min-hd {n}: a Hamming distance from {MIN_HD} to {MAX_HD} (HD 2 only \
                     detects every 1-bit error)"
                )));
            }
            self.check_reachable(n)?;
        }
        if self.fips && self.need != Need::Crypto {
            return Err(UsageError(format!(
                "--fips asks for FIPS-approved cryptographic hashes: give it with --need \
                 crypto, not {}",
                self.need.as_str()
            )));
        }
        if self.sizes().contains(&Size::Bytes(0)) {
            return Err(UsageError(
                "--size 0: a call on no input has no throughput to compare; give 1 byte or more"
                    .into(),
            ));
        }
        match (self.need, self.key) {
            // A key set given decides the keys; --size only picks the default set.
            (Need::HashTable, _) if self.map.set.is_some() || self.map.key_file.keys.is_some() => {
                Ok(())
            }
            (Need::HashTable, _) => self.check_key(),
            (_, Some(_)) => Err(UsageError(format!(
                "--key is the typed key of a hash table's hasher: give it with --need \
                 hash-table, not {}",
                self.need.as_str()
            ))),
            _ => Ok(()),
        }
    }

    /// Every size must hold the hash table's key: a `u64` is 8 B, an id 16 B, a string 1
    /// to 256 B.
    fn check_key(&self) -> Result<(), UsageError> {
        let Pattern::Keys(kind) = self.pattern() else {
            return Ok(());
        };
        let given = if self.key.is_some() {
            "--key"
        } else {
            "--need hash-table"
        };
        for &size in self.sizes() {
            kind.fits(size, |n| format!("--size {n}")).map_err(|why| {
                UsageError(format!(
                    "{given} times {}: {why}; asked at --size {}{}",
                    Pattern::Keys(kind),
                    hashbench_model::format::size(size),
                    if kind == KeyKind::Str {
                        " (for longer inputs ask --need hash)"
                    } else {
                        ""
                    }
                ))
            })?;
        }
        Ok(())
    }

    /// The calling pattern answered for: for a hash table's hasher its typed key
    /// (`BuildHasher::hash_one`, as a map calls it), else one call per input.
    #[must_use]
    pub fn pattern(&self) -> Pattern {
        match self.need {
            Need::HashTable => Pattern::Keys(self.key.unwrap_or(default_key(self.sizes()))),
            _ => Pattern::Oneshot,
        }
    }

    /// The run that measures the candidates: every one in [`SCREENING_ROUNDS`], then a
    /// race of up to [`MAX_RACE_ROUNDS`] among those that cannot yet be told apart from
    /// their size's leader.
    ///
    /// # Errors
    ///
    /// No algorithm in the catalogue satisfies the need (and `--min-bits`).
    pub fn request(&self) -> Result<RunRequest, UsageError> {
        let chosen = candidates(self.need, self.min_bits, self.threads, self.pinned);
        if chosen.is_empty() {
            return Err(UsageError(format!(
                "no algorithm in the catalogue satisfies --need {}{}",
                self.need.as_str(),
                self.min_bits
                    .map_or(String::new(), |b| format!(" --min-bits {b}"))
            )));
        }
        let mut request = RunRequest {
            chosen: None,
            race: true,
            answerable: self.answerable(),
            // recommend has no flag to oversubscribe.
            oversubscribe: None,
            ..RunRequest::default()
        };
        let o = &mut request.options;
        o.filter = chosen.iter().map(|i| i.id.to_string()).collect();
        o.sizes = SizeSpec::List(self.sizes().to_vec());
        o.mode = ModeChoice::of(self.mode());
        o.threads = Some(ThreadCounts(vec![self.threads]));
        o.time_s = self.time_s;
        o.rounds = SCREENING_ROUNDS;
        o.max_rounds = Some(MAX_RACE_ROUNDS);
        o.equivalence = self.equivalence;
        o.plugin = self.plugin.clone();
        // recommend's own flag: `--size`.
        request.origins.set("sizes", Source::Flag("--size"));
        request
            .origins
            .set("max_rounds", Source::Rule("recommend's race"));
        if let keys @ Pattern::Keys(_) = self.pattern() {
            request.options.patterns = vec![keys];
            request.origins.set(
                "patterns",
                Source::Rule("recommend --need hash-table's key"),
            );
        }
        request.chosen = Some(chosen);
        Ok(request)
    }

    /// The mode asked for, else the need's [`default_mode`].
    #[must_use]
    pub fn mode(&self) -> Mode {
        self.mode.unwrap_or(default_mode(self.need))
    }

    /// `--min-hd n` at every size asked: refused before anything is measured when no
    /// algorithm's known HD reaches `n` there (an HD is data, not a measurement).
    fn check_reachable(&self, n: u32) -> Result<(), UsageError> {
        let props = properties();
        for &size in self.sizes() {
            // A lower bound of n or more proves n; the best is named as HD>=h if a bound.
            let known: Vec<(String, HdAt)> = props
                .iter()
                .filter_map(|p| Some((p.id.clone(), hd_at(p, size)?)))
                .collect();
            if known.iter().any(|(_, at)| at.hd >= n) {
                continue;
            }
            let best = known.iter().max_by_key(|(_, at)| at.hd).map_or(
                "no algorithm's HD is known there".to_string(),
                |(id, at)| format!("the best known is {id}'s {}", at.label()),
            );
            return Err(UsageError(format!(
                "--min-hd {n} at {}: no algorithm is known to detect every error of {} bits \
                 in {} data bits ({best}; the others' HD is unknown, or they guarantee none: \
                 docs/detection.md); ask for a lower --min-hd or a smaller --size",
                hashbench_model::format::size(size),
                n - 1,
                data_bits(size)
            )));
        }
        Ok(())
    }

    /// One recommendation per size asked, from `run`, read from the file `from` where it
    /// was not measured here.
    ///
    /// # Errors
    ///
    /// A size the run lacks, or one without a candidate; the file named (escaped, as a run
    /// file can come from anywhere), as the loader's errors name it.
    pub fn answer(&self, run: &Run, from: Option<&str>) -> Result<Vec<Recommendation>, UsageError> {
        let props = properties();
        let named = |e: String| match from {
            Some(name) => UsageError(format!("{}: {e}", hashbench_model::inert::escaped(name))),
            None => UsageError(e),
        };
        self.sizes()
            .iter()
            .map(|&size| recommend(run, &props, &self.at(size)).map_err(|e| named(e.to_string())))
            .collect()
    }

    /// The question asked of the analysis at `size`.
    fn at(&self, size: Size) -> Request {
        Request {
            need: self.need,
            min_bits: self.min_bits,
            keyed: self.keyed,
            stable: self.stable,
            min_hd: self.min_hd,
            fips: self.fips,
            size,
            mode: self.mode(),
            threads: self.threads,
            pattern: self.pattern(),
        }
    }

    /// What a map answer is asked (`--need hash-table` with a map workload).
    #[must_use]
    pub fn map_question(&self) -> MapQuestion<'_> {
        let first = self.sizes().first().copied().unwrap_or(Size::Bytes(8));
        MapQuestion {
            need: self.need,
            options: &self.map,
            sizes: self.sizes(),
            key: self.key,
            default_key: default_key(self.sizes()),
            request: self.at(first),
            time_s: self.time_s,
            rounds: SCREENING_ROUNDS,
            equivalence: self.equivalence,
            remembered: hashbench_model::RememberedSpeeds::default(),
            run_to_run: hashbench_model::RunToRun::default(),
            call_flag: [
                (self.mode.is_some(), "--mode"),
                (self.threads > 1, "--threads"),
                (self.pinned, "--pinned"),
                (!self.plugin.plugins.is_empty(), "--plugin"),
            ]
            .into_iter()
            .find_map(|(given, flag)| given.then_some(flag)),
        }
    }

    /// The algorithms the answer can be at each size: those the analysis admits
    /// ([`Request::rejects`]). Only they race past the screening; the other candidates
    /// are measured to say why they are left out when faster.
    fn answerable(&self) -> Vec<(Size, &'static str)> {
        let mut out = Vec::new();
        for &size in self.sizes() {
            let request = self.at(size);
            for a in hashbench_catalog::all_algorithms() {
                if request.rejects(&hashbench_catalog::properties(a)).is_none() {
                    out.push((size, a.id));
                }
            }
        }
        out
    }
}

/// Every algorithm's properties, from the catalogue's data, and those a plugin's
/// manifest defined (the manifest's claims).
#[must_use]
pub fn properties() -> Vec<AlgorithmProperties> {
    hashbench_catalog::all_algorithms()
        .into_iter()
        .map(hashbench_catalog::properties)
        .collect()
}

/// The implementations to measure: those of the algorithms the need admits, and for
/// `crypto` the broken ones too (to say so when they would have been fastest); library-
/// chosen backends unless `pinned`; parallel ones only with more than one thread.
#[must_use]
pub fn candidates(
    need: Need,
    min_bits: Option<u32>,
    threads: usize,
    pinned: bool,
) -> Vec<&'static Implementation> {
    let props = properties();
    hashbench_catalog::registry::IMPLEMENTATIONS
        .iter()
        .filter(|imp| {
            let p = props
                .iter()
                .find(|p| p.id == imp.algorithm.id)
                .expect("every implementation's algorithm is in the catalogue");
            let wanted = need.rejects(p, min_bits).is_none()
                || (need == Need::Crypto && p.broken && Need::Hash.rejects(p, min_bits).is_none());
            let variant_ok = if imp.parallel {
                threads > 1
            } else {
                pinned || imp.variant.is_none()
            };
            wanted && variant_ok
        })
        .collect()
}

#[cfg(test)]
mod tests;
