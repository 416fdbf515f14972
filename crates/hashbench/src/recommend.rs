//! `hashbench recommend --size 4k --need checksum`: which checksum or hash, from which
//! library, at this size, on this machine. The candidates and the race that measures
//! them (through the same runner as `run`, verification first) are `hashbench-plan`'s
//! rules (`recommend`); the answer is `hashbench-analysis`' pure recommendation, from
//! the run measured or a saved one.

use std::path::PathBuf;

use anyhow::Result;
use hashbench_analysis::agreement::agreement;
use hashbench_analysis::recommend::Need;
use hashbench_analysis::recommend::Recommendation;
use hashbench_analysis::ties::DEFAULT_EQUIVALENCE;
use hashbench_commands::recommend::{Ask, DEFAULT_RECOMMEND_TIME_S};
use hashbench_commands::Outcome;
use hashbench_model::{KeyKind, Mode};
use hashbench_plan::values::{self, SizeList};
use hashbench_report::render::machines::letter;
use hashbench_report::render::recommend::{agreement_text, document};
use hashbench_report::render::sanitize::escaped;

use crate::cli::UsageError;
use crate::obtain::saved_or_measured;
use crate::{cli::emit, cli::Format};

#[derive(clap::Args, Debug)]
pub struct RecommendArgs {
    /// Input sizes to answer for: comma-separated, with k/m/g units, or A..=B for calls
    /// of random lengths (as `run --sizes`); 0 is refused.
    #[arg(long, value_name = "SIZE[,SIZE...]", value_parser = values::size_list)]
    pub size: SizeList,
    /// What the output must be good for: checksum (error detection), hash (fast,
    /// evenly spread; no adversary), hash-table (the hasher of a hash map: a
    /// non-cryptographic hash, in latency mode by default) or crypto (collision
    /// resistance). Required: each need has another answer. A stronger class also
    /// satisfies a weaker need.
    #[arg(long, value_parser = crate::choices::need())]
    pub need: Need,
    /// Leave out algorithms with fewer output bits than this.
    #[arg(long, value_name = "N")]
    pub min_bits: Option<u32>,
    /// Only hashes whose authors claim resistance to hash flooding with a secret key
    /// (SipHash, HighwayHash): what a table keyed by untrusted input needs. With --need
    /// hash or hash-table.
    #[arg(long)]
    pub keyed: bool,
    /// Only hashes whose output is the same in every version and on every platform:
    /// what hashes that are stored or sent need. With --need hash or hash-table.
    #[arg(long)]
    pub stable: bool,
    /// With --need checksum, leave out algorithms whose Hamming distance at the size is
    /// below N (2 to 16), or is not known to reach N: a CRC's HD from Koopman's CRC Zoo
    /// or computed by hashbench-crc-hd, where a proven lower bound counts if it reaches N
    /// (docs/detection.md); a hash or Adler-32 guarantees none.
    #[arg(long, value_name = "N")]
    pub min_hd: Option<u32>,
    /// With --need crypto, only hashes FIPS approves (SHA-2 in FIPS 180-4, SHA-3 in
    /// FIPS 202).
    #[arg(long)]
    pub fips: bool,
    /// With --need hash-table, the key a map hashes (BuildHasher::hash_one): u64 (8 B),
    /// id16 ([u8; 16]) or str (a string as long as --size, 1 to 256 B) [default: u64 at
    /// --size 8, id16 at 16, else str].
    #[arg(long, value_parser = crate::choices::key())]
    pub key: Option<KeyKind>,
    /// Threads an implementation that splits one message (blake3+rayon) may use; with 1
    /// (the default) only one-thread implementations are candidates.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=64))]
    pub threads: usize,
    /// throughput (independent calls on one input) or latency (each call waits for the
    /// last digest), as `run --mode` [default: latency for --need hash-table, else
    /// throughput].
    #[arg(long, value_parser = crate::choices::one_mode())]
    pub mode: Option<Mode>,
    /// Time budget per cell, like 0.05, 50ms or 1s.
    #[arg(long, default_value_t = DEFAULT_RECOMMEND_TIME_S, value_parser = values::parse_seconds)]
    pub time: f64,
    /// Practical-equivalence margin: candidates whose time ratio to the answer, measured
    /// side by side, lies within +-this are reported as equivalent to it (0.03 or 3%).
    #[arg(long, default_value_t = DEFAULT_EQUIVALENCE, value_parser = values::parse_margin)]
    pub equivalence: f64,
    /// Also measure pinned backends (forced SIMD levels, table variants), which a
    /// program rarely chooses; by default each library picks its own backend.
    #[arg(long)]
    pub pinned: bool,
    /// Answer from this `hashbench run --format json` file instead of measuring; given
    /// more than once (runs of several machines), answer for each and say where the
    /// answers differ.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["time", "pinned", "equivalence"])]
    pub from: Vec<PathBuf>,
    /// `table`, or `json` (docs/json-schema.md).
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
    /// No progress display.
    #[arg(short, long)]
    pub quiet: bool,
}

pub fn run(args: RecommendArgs, command_line: Vec<String>) -> Result<Outcome> {
    let ask = Ask {
        sizes: args.size.0.clone(),
        need: args.need,
        min_bits: args.min_bits,
        keyed: args.keyed,
        stable: args.stable,
        min_hd: args.min_hd,
        fips: args.fips,
        threads: args.threads,
        mode: args.mode,
        pinned: args.pinned,
        time_s: args.time,
        equivalence: args.equivalence,
        key: args.key,
    };
    ask.check()?;
    if args.from.len() > 1 {
        return per_machine(&ask, &args.from, args.format);
    }
    // The table shows the run's strings and the file's name: escaped, as a run file can
    // come from anywhere; JSON keeps them exactly.
    let text = matches!(args.format, Format::Table);
    let measured = saved_or_measured(
        args.from.first().map(PathBuf::as_path),
        text,
        args.quiet,
        || crate::run::plan(ask.request()?, None, command_line),
    )?;
    if measured.interrupted {
        return Ok(Outcome::Interrupted);
    }
    let from = args.from.first().map(|f| f.display().to_string());
    // An answer the file cannot give names the file, as the loader's errors do.
    let recs = ask.answer(&measured.run).map_err(|e| match &from {
        Some(name) => UsageError(format!("{}: {e}", escaped(name))),
        None => e,
    })?;
    emit(&document(&measured.run, from, &recs, !text)?);
    Ok(Outcome::failed_if(measured.failed))
}

/// `recommend --from A --from B ...`: the answer from each machine's run, then one line
/// per size saying whether the machines agree (JSON: `{"machines": [...], "agree": [...]}`).
fn per_machine(ask: &Ask, files: &[PathBuf], format: Format) -> Result<Outcome> {
    let text = matches!(format, Format::Table);
    let mut answers: Vec<(String, Vec<Recommendation>)> = Vec::new();
    let mut out = String::new();
    let mut docs = Vec::new();
    for (i, path) in files.iter().enumerate() {
        // Checked as every result file is, and escaped for the table.
        let run = crate::obtain::shown(crate::store::read_run(path)?, text);
        let name = path.display().to_string();
        // Which of the files cannot give the answer: the first that cannot, named.
        let recs = ask
            .answer(&run)
            .map_err(|e| UsageError(format!("{}: {e}", escaped(&name))))?;
        let doc = document(&run, Some(name.clone()), &recs, !text)?;
        if text {
            out.push_str(&format!("== {}: {} ==\n", letter(i), escaped(&name)));
            out.push_str(&doc);
            out.push('\n');
        } else {
            docs.push(serde_json::from_str::<serde_json::Value>(&doc)?);
        }
        answers.push((name, recs));
    }
    let agree = agreement(&answers);
    if text {
        out.push_str(&agreement_text(&agree));
        emit(&out);
    } else {
        let mut s =
            serde_json::to_string_pretty(&serde_json::json!({ "machines": docs, "agree": agree }))?;
        s.push('\n');
        emit(&s);
    }
    Ok(Outcome::Done)
}
