//! The progress line over a made-up sequence of runner events, drawn into indicatif's
//! in-memory terminal: what a user's terminal would show at each point. No timing is
//! asserted (the ETA's figure depends on the machine); only its presence.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use hashbench_model::Size;
use hashbench_runner::{PlanReady, RunObserver, Step};
use indicatif::{InMemoryTerm, ProgressDrawTarget};

use super::ProgressLine;

fn line(quiet: bool) -> (ProgressLine, InMemoryTerm) {
    let term = InMemoryTerm::new(4, 100);
    let target = ProgressDrawTarget::term_like(Box::new(term.clone()));
    let cancel = Arc::new(AtomicBool::new(false));
    (
        ProgressLine::with_target(quiet, Some(target), None, cancel),
        term,
    )
}

fn plan(cells: usize, rounds: usize) -> PlanReady {
    PlanReady {
        cells,
        rounds,
        max_rounds: rounds * 3,
        streams_cells: 0,
        at_most_s: 1.0,
        min_samples: 2,
        external_cells: 0,
    }
}

fn round(name: &str, round: usize, rounds: usize) -> Step<'_> {
    Step::Round {
        name,
        size: Size::Bytes(4096),
        round,
        rounds,
    }
}

#[test]
fn the_line_shows_the_cell_its_step_and_an_eta_once_a_cell_is_done() {
    let (mut p, term) = line(true);
    p.plan_ready(&plan(2, 2));
    assert_eq!(
        term.contents(),
        "",
        "nothing is drawn before the first step"
    );
    let first = round("crc32/crc32fast", 1, 2);
    p.step_started(&first);
    assert_eq!(
        term.contents(),
        "[1/4] crc32/crc32fast @ 4 KiB, round 1/2  0 s elapsed, ETA ?"
    );
    p.step_done(&first);
    let second = round("baseline/read", 1, 2);
    p.step_started(&second);
    let shown = term.contents();
    assert!(
        shown.starts_with("[2/4] baseline/read @ 4 KiB, round 1/2  "),
        "{shown}"
    );
    // One cell done: an estimate in seconds, whatever it is on this machine.
    assert!(shown.ends_with(" s"), "{shown}");
    p.step_done(&second);
    p.drift_reference(1);
    assert!(term.contents().starts_with("[3/4] drift reference  "));
    p.finished();
    assert_eq!(term.contents(), "", "the line is erased at the end");
}

#[test]
fn extra_rounds_count_past_the_plan_and_have_no_eta() {
    let (mut p, term) = line(true);
    p.plan_ready(&plan(1, 1));
    let planned = round("adler32/adler", 1, 1);
    p.step_started(&planned);
    p.step_done(&planned);
    p.drift_reference(1);
    // The drift reference after the last round is not a cell: never past the total.
    assert!(term.contents().starts_with("[1/1] drift reference"));
    let extra = round("adler32/adler", 2, 1);
    p.step_started(&extra);
    assert_eq!(
        term.contents(),
        "[2/1+] adler32/adler @ 4 KiB, extra round 2  0 s elapsed, ETA ?"
    );
}

#[test]
fn without_a_target_nothing_is_drawn_and_cells_are_still_counted() {
    let cancel = Arc::new(AtomicBool::new(false));
    let mut p = ProgressLine::with_target(true, None, None, cancel);
    p.plan_ready(&plan(1, 2));
    let step = round("crc32/crc32fast", 1, 2);
    p.step_started(&step);
    p.step_done(&step);
    assert!(p.bar.is_none());
    assert_eq!(p.done, 1);
}
