//! `hashbench recommend --size 4k --need checksum`: which checksum or hash, from which
//! library, at this size, on this machine. The candidates and the race that measures
//! them (through the same runner as `run`, verification first) are `hashbench-plan`'s
//! rules (`recommend`); the answer is `hashbench-analysis`' pure recommendation, from
//! the run measured or a saved one.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use anyhow::Result;
use hashbench_analysis::agreement::agreement;
use hashbench_analysis::recommend::Recommendation;
use hashbench_catalog::map::MapOp;
use hashbench_commands::recommend::{Ask, MapQuestion};
use hashbench_commands::Outcome;
use hashbench_report::render::map_answer;
use hashbench_report::render::recommend::{document, machines_document};

use crate::obtain::saved_or_measured;
use crate::{cli::emit, cli::Format};

#[derive(clap::Args, Debug)]
pub struct RecommendArgs {
    /// What is asked: the sizes, the need and what narrows it, the measurement.
    #[command(flatten)]
    pub ask: Ask,
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
    let ask = args.ask;
    ask.check()?;
    let mut maps = ask.map_question();
    maps.remembered = hashbench_commands::memories::recall();
    maps.run_to_run = hashbench_commands::memories::maps_run_to_run();
    maps.check_map(!args.from.is_empty())?;
    if let Some(op) = maps.map_workload(!args.from.is_empty()) {
        return map_answer(&maps, op, args.format, args.quiet);
    }
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
        || super::run::plan(ask.request()?, None, command_line),
    )?;
    if measured.interrupted {
        return Ok(Outcome::Interrupted);
    }
    let from = args.from.first().map(|f| f.display().to_string());
    let recs = ask.answer(&measured.run, from.as_deref())?;
    emit(&document(&measured.run, from, &recs, !text)?);
    Ok(Outcome::failed_if(measured.failed))
}

/// `recommend --from A --from B ...`: the answer from each machine's run, then one line
/// per size saying whether the machines agree.
fn per_machine(ask: &Ask, files: &[PathBuf], format: Format) -> Result<Outcome> {
    let text = matches!(format, Format::Table);
    let mut runs = Vec::new();
    let mut answers: Vec<(String, Vec<Recommendation>)> = Vec::new();
    for path in files {
        // Checked as every result file is, and escaped for the table.
        let run = crate::obtain::shown(crate::store::read_run(path)?, text);
        let name = path.display().to_string();
        // Which of the files cannot give the answer: the first that cannot, named.
        let recs = ask.answer(&run, Some(&name))?;
        runs.push(run);
        answers.push((name, recs));
    }
    let agree = agreement(&answers);
    emit(&machines_document(&runs, &answers, &agree, !text)?);
    Ok(Outcome::Done)
}

/// `recommend --need hash-table` from a map workload: the hashers timed inside std's
/// `HashMap` (`hashbench maps`' cells), the answer and the key sets that would change it.
fn map_answer(ask: &MapQuestion, op: MapOp, format: Format, quiet: bool) -> Result<Outcome> {
    // Ctrl-C ends the command as a signal does: nothing is saved, so nothing is lost.
    let cancel = AtomicBool::new(false);
    let mut notes = |line: &str| {
        if !quiet {
            crate::cli::say(line);
        }
    };
    let rec = ask.answer_map(op, &mut notes, &cancel)?;
    emit(&match format {
        Format::Table => map_answer::text(&rec),
        _ => map_answer::json(&rec)?,
    });
    Ok(Outcome::Done)
}
