use super::*;

#[test]
fn proc_stat_sums_the_cpu_line_and_reads_steal_and_runnable() {
    let text = "cpu  100 2 30 400 5 0 1 7 0 0\ncpu0 50 1 15 200 2 0 0 3 0 0\n\
                intr 1 2\nprocs_running 3\nprocs_blocked 0\n";
    let s = parse_proc_stat(text).unwrap();
    assert_eq!(s.total_ticks, 100 + 2 + 30 + 400 + 5 + 1 + 7);
    assert_eq!(s.steal_ticks, 7);
    assert_eq!(s.procs_running, 3);
    assert_eq!(parse_proc_stat("cpu 1 2 3\n"), None);
    assert_eq!(parse_proc_stat(""), None);
}

#[test]
fn steal_is_a_share_of_the_time_between_readings() {
    let a = ProcStat {
        total_ticks: 1000,
        steal_ticks: 10,
        procs_running: 1,
    };
    let b = ProcStat {
        total_ticks: 1200,
        steal_ticks: 30,
        procs_running: 1,
    };
    assert_eq!(steal_percent(&a, &b), Some(10.0));
    assert_eq!(steal_percent(&a, &a), None);
    assert_eq!(steal_percent(&b, &a), None);
}

#[test]
fn loadavg_and_schedstat() {
    assert_eq!(
        parse_loadavg("1.47 1.82 1.77 1/89 30925\n"),
        Some([1.47, 1.82, 1.77])
    );
    assert_eq!(parse_loadavg("x"), None);
    assert_eq!(
        parse_schedstat_run_delay("556930109 1085343 121\n"),
        Some(1_085_343)
    );
    assert_eq!(parse_schedstat_run_delay("5"), None);
}
