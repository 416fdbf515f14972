use super::*;

/// Two sockets × two cores × two threads, abridged from a real dual-socket
/// Xeon; processors 4–7 repeat core ids 0 and 1 on socket 1.
const CPUINFO_2S: &str = "\
processor\t: 0
vendor_id\t: GenuineIntel
model name\t: Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz
physical id\t: 0
core id\t\t: 0
flags\t\t: fpu tsc sse2 constant_tsc nonstop_tsc avx2

processor\t: 1
vendor_id\t: GenuineIntel
model name\t: Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz
physical id\t: 0
core id\t\t: 1

processor\t: 2
physical id\t: 0
core id\t\t: 0

processor\t: 3
physical id\t: 0
core id\t\t: 1

processor\t: 4
physical id\t: 1
core id\t\t: 0

processor\t: 5
physical id\t: 1
core id\t\t: 1

processor\t: 6
physical id\t: 1
core id\t\t: 0

processor\t: 7
physical id\t: 1
core id\t\t: 1
";

#[test]
fn cpuinfo_counts_distinct_socket_core_pairs() {
    let info = parse_cpuinfo(CPUINFO_2S);
    assert_eq!(info.physical_cores, Some(4));
    assert_eq!(
        info.model.as_deref(),
        Some("Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz")
    );
    assert_eq!(info.vendor.as_deref(), Some("GenuineIntel"));
    assert_eq!(
        info.flags,
        ["fpu", "tsc", "sse2", "constant_tsc", "nonstop_tsc", "avx2"]
    );
    assert!(tsc_is_invariant(&info.flags));
}

#[test]
fn cpuinfo_without_core_ids_has_no_physical_count() {
    // Shape of an ARM /proc/cpuinfo.
    let arm = "processor\t: 0\nBogoMIPS\t: 50.00\nCPU part\t: 0xd0c\n\nprocessor\t: 1\nBogoMIPS\t: 50.00\n";
    let info = parse_cpuinfo(arm);
    assert_eq!(info.physical_cores, None);
    assert_eq!(info.model, None);
    assert!(info.flags.is_empty());
    assert_eq!(parse_cpuinfo(""), CpuInfo::default());
}

#[test]
fn cpuinfo_missing_physical_id_counts_as_one_socket() {
    let text = "processor: 0\ncore id: 0\n\nprocessor: 1\ncore id: 1\n\nprocessor: 2\ncore id: 1\n";
    assert_eq!(parse_cpuinfo(text).physical_cores, Some(2));
}

#[test]
fn invariant_tsc_needs_both_flags() {
    assert!(!tsc_is_invariant(&["constant_tsc"]));
    assert!(!tsc_is_invariant(&["nonstop_tsc"]));
    assert!(!tsc_is_invariant::<&str>(&[]));
    assert!(tsc_is_invariant(&["nonstop_tsc", "x", "constant_tsc"]));
}

#[test]
fn cache_sizes() {
    assert_eq!(parse_cache_size("48K"), Ok(48 * 1024));
    assert_eq!(parse_cache_size("2048K"), Ok(2048 * 1024));
    assert_eq!(parse_cache_size("36608K\n"), Ok(36608 * 1024));
    assert_eq!(parse_cache_size("1M"), Ok(1024 * 1024));
    assert_eq!(parse_cache_size("1G"), Ok(1 << 30));
    assert_eq!(parse_cache_size("64KB"), Ok(64 * 1024));
    assert_eq!(parse_cache_size("512"), Ok(512));
    for bad in ["", "K", "-4K", "4X", "1.5M", "99999999999999999999K"] {
        assert_eq!(
            parse_cache_size(bad),
            Err(ParseError::CacheSize(bad.to_string())),
            "{bad:?}"
        );
    }
}

#[test]
fn cpu_lists() {
    assert_eq!(count_cpu_list("0-1"), Ok(2));
    assert_eq!(count_cpu_list("0,2"), Ok(2));
    assert_eq!(count_cpu_list("0-3,8-11\n"), Ok(8));
    assert_eq!(count_cpu_list("5"), Ok(1));
    assert_eq!(
        parse_cpu_list("0-3,8-11"),
        Ok(vec![0, 1, 2, 3, 8, 9, 10, 11])
    );
    assert_eq!(parse_cpu_list("2,0-2"), Ok(vec![0, 1, 2]));
    for bad in ["", "3-1", "a", "0-", "0,,1"] {
        assert!(count_cpu_list(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn cache_entries() {
    assert_eq!(
        parse_cache("3\n", "Unified\n", "36608K\n", Some("0-1\n")),
        Some(Cache {
            level: 3,
            kind: "unified".into(),
            size_bytes: 36608 * 1024,
            shared_by_cpus: Some(2),
        })
    );
    assert_eq!(
        parse_cache("1", "Data", "48K", None).map(|c| (c.kind, c.shared_by_cpus)),
        Some(("data".to_string(), None))
    );
    assert_eq!(parse_cache("1", "Trace", "48K", None), None);
    assert_eq!(parse_cache("one", "Data", "48K", None), None);
    assert_eq!(parse_cache("1", "Data", "", None), None);
}

#[test]
fn os_release_pretty_name() {
    let debian = "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\n";
    assert_eq!(
        parse_os_release_pretty_name(debian).as_deref(),
        Some("Debian GNU/Linux 12 (bookworm)")
    );
    assert_eq!(
        parse_os_release_pretty_name("NAME=Arch\nPRETTY_NAME='Arch Linux'\n").as_deref(),
        Some("Arch Linux")
    );
    assert_eq!(
        parse_os_release_pretty_name("PRETTY_NAME=Alpine\n").as_deref(),
        Some("Alpine")
    );
    assert_eq!(
        parse_os_release_pretty_name(r#"PRETTY_NAME="Say \"hi\" \$5""#).as_deref(),
        Some(r#"Say "hi" $5"#)
    );
    assert_eq!(
        parse_os_release_pretty_name("#PRETTY_NAME=\"x\"\nNAME=y\n"),
        None
    );
    assert_eq!(parse_os_release_pretty_name("PRETTY_NAME=\"\"\n"), None);
}

#[test]
fn meminfo() {
    let text = "MemTotal:       24684096 kB\nMemFree:        22113472 kB\nMemAvailable:   24262740 kB\nHugePages_Total:       0\n";
    assert_eq!(
        parse_meminfo(text),
        MemInfo {
            total_bytes: Some(24_684_096 * 1024),
            available_bytes: Some(24_262_740 * 1024),
        }
    );
    assert_eq!(meminfo_field(text, "HugePages_Total"), Some(0));
    assert_eq!(meminfo_field(text, "MemFre"), None);
    // Kernels before 3.14 have no MemAvailable.
    assert_eq!(
        parse_meminfo("MemTotal: 1024 kB\n"),
        MemInfo {
            total_bytes: Some(1024 * 1024),
            available_bytes: None,
        }
    );
    assert_eq!(parse_meminfo("MemTotal: lots kB\n").total_bytes, None);
}
