//! The published figures' table and CSV renderings, over a hand-written seed
//! (`hashbench_analysis::published::testutil`) and over the real data files.

use crate::render::published::{csv, table};
use hashbench_analysis::published;
use hashbench_analysis::published::testutil::two_figures as render_seed;

#[test]
fn the_published_table_shows_each_figure_with_its_time_and_rate() {
    let seed = render_seed();
    let text = table(&[&seed], false);
    let expected = [
        "seed 7: Seven",
        "source github.com/o/seven, README.md (data x.json), measured with bench",
        "  m: CPU; target t; timer precision 20 ns",
        "  bare: hardware not stated",
        "2 figures, 0 flagged",
        "",
        "machine  label     algorithm  variant   size  statistic          published        ±  time/call        rate  flags",
        "m        sha1, 4k  sha1       -        4 KiB  median     2 µs = 2.048 GB/s  ± 1.5 %   2.000 µs  2.048 GB/s",
        "bare     sha1      -          v            -  mean             4.00 (GB/s)                   -  4.000 GB/s",
        "",
    ]
    .map(|l| format!("{l}\n"))
    .concat();
    assert_eq!(text, expected);
    assert_eq!(
        table(&[&seed], true),
        "seed 7: Seven\nsource github.com/o/seven, README.md (data x.json), measured with bench\n  \
         m: CPU; target t; timer precision 20 ns\n  bare: hardware not stated\n2 figures, 0 \
         flagged (only those shown)\n\n"
    );
}

#[test]
fn the_published_csv_has_every_field_quoted_where_needed() {
    let seed = render_seed();
    let text = csv(&[&seed], false);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "seed,source,section,machine,label,algorithm,implementation,variant,setup,size_bytes,\
         statistic,value,unit,text,tolerance,tolerance_unit,rate,rate_unit,samples,iterations,ns_per_call,\
         ops_per_sec,bytes_per_sec,flags"
    );
    // 2 µs: 2000 ns, 5e5 calls/s, 4096 x 5e5 = 2.048e9 B/s.
    assert_eq!(
        lines[1],
        "7,\"github.com/o/seven, README.md\",s,m,\"sha1, 4k\",sha1,i,,O2,4096,median,2,µs,2 µs,1.5,%,2.048,GB/s,\
         100,2000,2000,500000,2048000000,"
    );
    assert_eq!(
        lines[2],
        "7,\"github.com/o/seven, README.md\",s,bare,sha1,,i,v,,,mean,4,GB/s,4.00,,,,,,,,,4000000000,"
    );
    assert_eq!(lines.len(), 3);
    assert_eq!(csv(&[&seed], true).lines().count(), 1);
}

#[test]
fn renderers_show_every_figure_once() {
    let p = published::load().expect("the compiled-in data files load");
    let node = p.seed(4).unwrap();
    let csv = csv(&[node], false);
    assert_eq!(csv.lines().count(), 1 + node.figures.len());
    let flagged_csv = csv_flagged(node);
    assert!(flagged_csv
        .lines()
        .skip(1)
        .all(|l| l.ends_with("flat-scaling")));
    let t = table(&[node], true);
    assert!(t.contains("Intel Core i7-6700 Quad Core"), "{t}");
    assert!(
        t.contains("impossible: time per call does not grow with size"),
        "{t}"
    );
}

fn csv_flagged(seed: &published::Seed) -> String {
    csv(&[seed], true)
}
