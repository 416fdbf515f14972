//! Engine results become the model: a [`Cell`] per measured (subject, pattern, threads,
//! size), a [`StreamsCell`] per `--streams` measurement, with the rates, the cache level
//! of the size and the fraction of the read ceiling (on the cell's threads).

use hashbench_catalog::Implementation;
use hashbench_engine::{Allocations, CellResult, CellState, StreamsResult};
use hashbench_host::Host;
use hashbench_model::Pattern;
use hashbench_model::{
    key_of, Baseline, Cell, CellLoad, Mode, NoReadCeiling, RawSample, RunToRun, Size, SizeClass,
    StreamsCell, Subject,
};
use hashbench_stats::Throughput;

use crate::cells::{Cells, Kind};
use crate::RunError;

/// Everything a cell needs besides its measurement.
struct CellMeta {
    subject: Subject,
    algorithm: Option<String>,
    backend: String,
    pattern: Pattern,
    allocations: Option<Allocations>,
    threads: usize,
    mode: Mode,
}

/// The cell of `result`, its figure's interval reaching at least `floor` either way
/// ([`floor_for`]), and its rates from that interval: the one the figure promises (from
/// the rounds' own they showed ±0.5 % where the figure held ±5 %).
fn cell(
    meta: CellMeta,
    size: Size,
    (result, round_ids): (CellResult, Vec<u32>),
    raw: bool,
    (floor, around): (f64, Option<f64>),
) -> Result<Cell, RunError> {
    // A range's calls hash its mean length each, exactly: every length once per period,
    // and a batch is whole periods.
    let bytes = size.mean_bytes();
    let figure = match around {
        Some(a) => result.figure.with_floor_around_machine(a),
        None => result.figure,
    }
    .with_floor(floor);
    let f = &figure;
    let throughput =
        Throughput::from_interval((f.median_ns, f.ci_low_ns, f.ci_high_ns), bytes, None).map_err(
            |source| RunError::Rate {
                subject: meta.subject.to_string(),
                size,
                what: "",
                source,
            },
        )?;
    let per_call = result.tsc_ticks_per_call;
    let trend = crate::trend::of(&result.rounds, &result.measurements);
    let raw = raw.then(|| {
        result
            .measurements
            .iter()
            .enumerate()
            .map(|(i, m)| RawSample {
                iterations: m.iterations,
                elapsed_ns: u64::try_from(m.elapsed.as_nanos()).unwrap_or(u64::MAX),
                tsc_ticks: result.tsc_ticks.as_ref().and_then(|t| t.get(i).copied()),
            })
            .collect()
    });
    Ok(Cell {
        implementation: meta.subject,
        algorithm: meta.algorithm,
        backend: meta.backend,
        pattern: meta.pattern,
        threads: meta.threads,
        size,
        mode: meta.mode,
        cache_level: None,
        iterations_per_sample: result.iterations_per_sample,
        summary: result.summary,
        figure: Some(figure),
        throughput,
        tsc_cycles_per_call: per_call,
        tsc_cycles_per_byte: per_call.filter(|_| bytes > 0.0).map(|c| c / bytes),
        fraction_of_read_ceiling: None,
        no_read_ceiling: None,
        round_medians_ns: result.rounds.iter().map(|r| r.median_ns).collect(),
        round_samples: result.rounds.iter().map(|r| r.samples).collect(),
        round_ids,
        round_wait_percent: Vec::new(),
        allocations_per_call: meta.allocations.map(|a| a.allocations_per_call),
        bytes_allocated_per_call: meta.allocations.map(|a| a.bytes_per_call),
        stop_reason: result.stop_reason,
        complete: result.complete,
        raw,
        iteration_scaling: result.iteration_scaling,
        flags: Vec::new(),
        relative: Vec::new(),
        load: None,
        trend,
    })
}

/// The measured cells of the rounds, assembled into model cells, by kind.
pub(crate) struct AssembledCells {
    pub cells: Vec<Cell>,
    pub baselines: Vec<Cell>,
    /// Other runtimes' nops.
    pub floors: Vec<Cell>,
}

/// The measured cells of the rounds.
pub(crate) fn cells(
    planned: &mut Cells,
    (rounds, precision, raw): (usize, f64, bool),
    loads: &[Option<CellLoad>],
    (host, learned): (&Host, &RunToRun),
) -> Result<AssembledCells, RunError> {
    let mut baselines = Vec::new();
    let mut cells = Vec::new();
    let mut floors = Vec::new();
    for i in 0..planned.planned.len() {
        let p = &planned.planned[i];
        if p.failed || p.state.rounds().is_empty() {
            continue;
        }
        let (subject, algorithm, pattern) = match p.kind {
            Kind::Hash(k) => {
                let imp = planned.kernels[k].passed.implementation;
                (
                    Subject::Implementation(imp.id.to_string()),
                    Some(imp.algorithm.id.to_string()),
                    planned.kernels[k].kernel.pattern(),
                )
            }
            Kind::External(j) => {
                let k = &planned.externals[j];
                (
                    Subject::Implementation(k.id().to_string()),
                    k.passed().map(|p| p.external.algorithm.id.to_string()),
                    k.pattern(),
                )
            }
            Kind::Baseline(b) => (Subject::Baseline(b), None, Pattern::Oneshot),
        };
        let meta = CellMeta {
            // A baseline's own threads: 1, or N for the read a cell on N is set against.
            threads: p.threads,
            subject,
            algorithm,
            backend: planned.backend(i),
            pattern,
            allocations: p.allocations,
            mode: p.mode,
        };
        let p = &mut planned.planned[i];
        let state = std::mem::replace(&mut p.state, CellState::new());
        let result = state
            .finish(rounds, precision)
            .map_err(|source| RunError::Measure {
                subject: p.name.clone(),
                size: p.size,
                what: String::new(),
                source: Box::new(source),
            })?;
        let ids = std::mem::take(&mut p.round_ids);
        let key = key_of(
            &meta.subject,
            &meta.pattern,
            meta.mode,
            meta.threads,
            &p.size,
        );
        let bytes = p.size.max_bytes();
        let reach = (
            floor_for(host, bytes, &key, learned),
            floor_around_machine(host, bytes, &key, learned),
        );
        let mut c = cell(meta, p.size, (result, ids), raw, reach)?;
        if let Kind::External(j) = p.kind {
            // The runtime's own count of its heap (Crystal's GC), where it keeps one.
            c.bytes_allocated_per_call = planned.externals[j].gc_bytes(p.size.max_bytes() as usize);
        }
        c.load = loads.get(i).copied().flatten();
        if p.round_waits.len() == c.round_medians_ns.len() {
            c.round_wait_percent = std::mem::take(&mut p.round_waits);
        }
        c.cache_level = (!host.caches.is_empty()).then(|| host.cache_level(p.size.max_bytes()));
        if c.algorithm.is_some() {
            cells.push(c);
        } else if matches!(planned.planned[i].kind, Kind::External(_)) {
            floors.push(c);
        } else {
            baselines.push(c);
        }
    }
    read_ceilings(&mut cells, &baselines);
    Ok(AssembledCells {
        cells,
        baselines,
        floors,
    })
}

/// Each cell's fraction of the `read` baseline at its size on as many threads as it
/// ran on, or why it has none: one thread's read is no ceiling for a cell whose call is
/// spread over N threads (a 16-thread blake3 once read "176 % of read").
pub(crate) fn read_ceilings(cells: &mut [Cell], baselines: &[Cell]) {
    for c in cells {
        let read = |threads: usize| {
            baselines.iter().find(|b| {
                b.size == c.size
                    && b.threads == threads
                    && b.implementation == Subject::Baseline(Baseline::Read)
            })
        };
        let rate = read(c.threads).map(Cell::gb_per_sec).filter(|&r| r > 0.0);
        c.fraction_of_read_ceiling = rate.map(|r| c.gb_per_sec() / r);
        c.no_read_ceiling = match (rate, read(1)) {
            (Some(_), _) => None,
            (None, Some(_)) if c.threads > 1 => {
                Some(NoReadCeiling::NoReadOnThreads { threads: c.threads })
            }
            (None, _) => Some(NoReadCeiling::NoRead),
        };
    }
}

/// One `--streams` measurement in the model.
pub(crate) fn streams_cell(
    imp: &Implementation,
    size: u64,
    r: &StreamsResult,
    tsc_hz: Option<f64>,
) -> Result<StreamsCell, RunError> {
    let rates = |s: &hashbench_stats::Summary| {
        Throughput::from_summary(s, size as f64, tsc_hz).map_err(|source| RunError::Rate {
            subject: imp.id.to_string(),
            size: Size::Bytes(size),
            what: ", streams",
            source,
        })
    };
    Ok(StreamsCell {
        implementation: imp.id.to_string(),
        algorithm: imp.algorithm.id.to_string(),
        backend: (imp.backend)(),
        size,
        streams: r.streams,
        iterations_per_sample: r.iterations_per_sample,
        single_throughput: rates(&r.single)?,
        aggregate_throughput: rates(&r.aggregate)?,
        single: r.single.clone(),
        aggregate: r.aggregate.clone(),
        scaling_efficiency: r.scaling_efficiency(),
        stop_reason: r.stop_reason,
        load: None,
    })
}

/// How far the interval of the cell named `key` ([`hashbench_model::cell_key`]) whose
/// work spans `bytes` (a map's, for `hashbench maps`) reaches at least, a fraction of
/// its figure: its own floor, or what the memory learned (`learned`), the larger.
#[must_use]
pub fn floor_for(host: &Host, bytes: u64, key: &str, learned: &RunToRun) -> f64 {
    let own = own_floor(host, bytes);
    learned
        .reach(SizeClass::of(host, bytes), key)
        .map_or(own, |reach| own.max(reach))
}

/// How far the interval around the run's move of the cell named `key` reaches at least
/// (`RoundFigure::around_machine`): its own floor, or what the memory learned of moves
/// around the machine's (`RunToRun::around_machine`), the larger; `None` where it learned
/// nothing of the cell's class or of the cell.
#[must_use]
pub fn floor_around_machine(host: &Host, bytes: u64, key: &str, learned: &RunToRun) -> Option<f64> {
    learned
        .reach_around_machine(SizeClass::of(host, bytes), key)
        .map(|reach| own_floor(host, bytes).max(reach))
}

/// What a run cannot see of how the next process moves a figure, whatever the machine
/// learned: [`hashbench_stats::rounds::FLOOR`], or past the core's own caches
/// [`hashbench_stats::rounds::SHARED_CACHE_FLOOR`].
fn own_floor(host: &Host, bytes: u64) -> f64 {
    if host.past_own_caches(bytes) == Some(true) {
        hashbench_stats::rounds::SHARED_CACHE_FLOOR
    } else {
        hashbench_stats::rounds::FLOOR
    }
}

#[cfg(test)]
mod tests;
