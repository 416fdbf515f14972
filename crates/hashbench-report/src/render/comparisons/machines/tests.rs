use hashbench_analysis::machines::view;
use hashbench_model::testutil::{cell_times, run_with, Times};
use hashbench_model::Run;

use super::*;
use crate::render::html::machines_page;

fn machine(cpu: &str, cells: &[(&str, f64)]) -> Run {
    let mut r = run_with(
        cells
            .iter()
            .map(|(id, t)| cell_times(id, 64, Times::at(*t)))
            .collect(),
    );
    r.host.cpu_model = cpu.into();
    r
}

#[test]
fn the_text_gives_each_machine_its_figure_the_ratio_and_no_verdict() {
    let a = machine("EPYC", &[("x/a", 10.0), ("y/a", 20.0)]);
    let b = machine("Xeon", &[("x/a", 30.0), ("y/a", 15.0)]);
    let v = view(&[("a.json", &a), ("b.json", &b)]);
    let out = render(&v, false, false, None);
    assert!(out.starts_with("machines view: the runs come from different machines\n"));
    assert!(out.contains("A: a.json: EPYC (2 logical cores)"), "{out}");
    assert!(out.contains("B: b.json: Xeon"), "{out}");
    let row = |ratio: &str, interval: &str| {
        out.lines()
            .any(|l| l.contains(&format!(" {ratio} ")) && l.ends_with(&format!(" {interval}")))
    };
    assert!(row("3.00x", "2.94..3.06"), "{out}");
    assert!(row("0.75x", "0.74..0.77"), "{out}");
    assert!(
        out.contains("64 B: #1 on A: x/a, on B: y/a; the answer changes; 1 pair"),
        "{out}"
    );
    for verdict in ["within noise", "SLOWER", "faster by", "significant"] {
        assert!(!out.contains(verdict), "{verdict} in {out}");
    }
}

#[test]
fn markdown_keeps_a_hostile_cpu_name_inert_and_html_escapes_it() {
    let a = machine("<script>|x", &[("x/a", 10.0)]);
    let b = machine("Xeon", &[("x/a", 30.0)]);
    let v = view(&[("a.json", &a), ("b.json", &b)]);
    let md = render(&v, false, true, None);
    assert!(md.contains("&lt;script&gt;\\|x"), "{md}");
    let page = machines_page(&v, false).unwrap();
    assert!(!page.contains("<script>"), "{page}");
    assert!(page.contains("&lt;script&gt;"));
    assert!(page.contains("<svg"), "a chart per size");
}

#[test]
fn json_names_the_view_and_keeps_every_figure() {
    let a = machine("A", &[("x/a", 10.0)]);
    let b = machine("B", &[("x/a", 30.0)]);
    let v = view(&[("a", &a), ("b", &b)]);
    let j: serde_json::Value = serde_json::from_str(&json(&v).unwrap()).unwrap();
    assert_eq!(j["view"], "machines");
    assert_eq!(j["machines"][1]["cpu_model"], "B");
    assert_eq!(j["rows"][0]["figures"][1]["median_ns"], 30.0);
    assert_eq!(j["rows"][0]["ratios"][0]["ratio"], 3.0);
    assert_eq!(j["rankings"][0]["answer_changes"], false);
}

#[test]
fn three_machines_fit_80_columns_by_leaving_out_the_intervals_ratios_included() {
    let name = "adler32/simd-adler32";
    let cells = [(name, 73.65), ("crc32c/crc-fast", 70.1)];
    let a = machine("EPYC", &cells);
    let b = machine("Xeon", &cells);
    let c = machine("Ryzen", &cells);
    let v = view(&[("a.json", &a), ("b.json", &b), ("c.json", &c)]);
    let out = render(&v, false, false, Some(80));
    let table: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("implementation"))
        .take_while(|l| !l.is_empty())
        .collect();
    assert!(table.len() > 2, "{out}");
    for line in &table {
        assert!(
            line.chars().count() <= 80,
            "{} columns: {line}\n{out}",
            line.chars().count()
        );
    }
    // The ratios stay; their intervals are among what was left out.
    assert!(
        table[0].contains("B/A") && table[0].contains("C/A"),
        "{out}"
    );
    assert!(out.contains("B/A interval"), "{out}");
}
