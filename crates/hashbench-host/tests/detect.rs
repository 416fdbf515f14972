//! Detection on the machine running the tests.

use hashbench_host::{Host, Tsc};

#[test]
fn detect_basics_everywhere() {
    let host = Host::detect();
    assert!(host.logical_cores >= 1);
    assert!(!host.os.is_empty());
    // Affinity and cgroup limits can only narrow what this process may use, never widen
    // it beyond the machine's logical CPUs.
    if let Ok(usable) = std::thread::available_parallelism() {
        assert!(
            usable.get() <= host.logical_cores,
            "{usable} usable > {} logical",
            host.logical_cores
        );
    }
    if let (Some(total), Some(available)) = (host.memory_bytes, host.memory_available_bytes) {
        assert!(available <= total, "{available} > {total}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn detect_on_linux() {
    let host = Host::detect();
    assert!(!host.cpu_model.is_empty());
    assert!(host.logical_cores >= 1);
    assert!(!host.caches.is_empty(), "no cache level found");
    assert!(
        host.memory_bytes.is_some_and(|m| m > 0),
        "{:?}",
        host.memory_bytes
    );
    assert!(host.kernel.as_deref().is_some_and(|k| !k.is_empty()));
    for cache in &host.caches {
        assert!(cache.level >= 1 && cache.size_bytes > 0, "{cache:?}");
        assert!(
            ["data", "instruction", "unified"].contains(&cache.kind.as_str()),
            "{cache:?}"
        );
    }
    // Caches sorted by level; cache_size() finds a level that is present.
    assert!(host.caches.windows(2).all(|w| w[0].level <= w[1].level));
    let lowest = host.caches[0].level;
    assert!(
        host.cache_size(lowest).is_some() || host.caches.iter().all(|c| c.kind == "instruction")
    );
    if let Some(physical) = host.physical_cores {
        assert!(physical >= 1);
    }
}

#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
#[test]
fn detect_on_linux_x86_64() {
    let host = Host::detect();
    assert_ne!(host.cpu_model, hashbench_host::UNKNOWN);
    assert_ne!(host.cpu_vendor, hashbench_host::UNKNOWN);
    assert!(host.has_feature("sse2"), "{:?}", host.cpu_features);
}

#[test]
fn records_survive_a_json_round_trip() {
    // What a run stores about the machine must read back as the same record: a field
    // skipped, renamed one way only, or turned into a lossy number would not.
    let host = Host::detect();
    let text = serde_json::to_string(&host).expect("a host serialises");
    let back: Host = serde_json::from_str(&text).expect("and reads back");
    assert_eq!(back, host);
    if let Some(tsc) = Tsc::calibrate_default() {
        let back: Tsc = serde_json::from_str(&serde_json::to_string(&tsc).unwrap()).unwrap();
        // serde_json parses floats to within an ulp, not always exactly, by default.
        assert!(
            (back.hz() - tsc.hz()).abs() <= tsc.hz() * 1e-15,
            "{back:?} {tsc:?}"
        );
        assert_eq!(back.invariant(), tsc.invariant());
    }
}

// The rate is the median of three short calibration rounds; a round preempted between
// its clock and counter readings reads off by the length of the preemption, which on a
// loaded machine can be a large part of a round. So only plausibility is asserted here:
// two calibrations need not agree on a busy machine (they do within 1 % on a quiet one).
#[cfg(target_arch = "x86_64")]
#[test]
fn tsc_calibration_is_plausible() {
    let tsc = Tsc::calibrate_default().expect("x86_64 has a TSC");
    assert!(
        (100e6..10e9).contains(&tsc.hz()),
        "implausible TSC rate {} Hz",
        tsc.hz()
    );
}

#[cfg(target_arch = "x86_64")]
#[test]
fn the_tsc_advances_through_a_sleep() {
    // A sleep lasts at least as long as asked, however busy the machine; a counter of at
    // least 100 MHz (the plausible range above) ticks at least 5 million times in 50 ms.
    let start = hashbench_host::tsc::read();
    std::thread::sleep(std::time::Duration::from_millis(50));
    let ticks = hashbench_host::tsc::read().wrapping_sub(start);
    assert!((5_000_000..u64::MAX / 2).contains(&ticks), "{ticks} ticks");
}

#[cfg(not(target_arch = "x86_64"))]
#[test]
fn no_tsc_elsewhere() {
    assert!(Tsc::calibrate_default().is_none());
}
