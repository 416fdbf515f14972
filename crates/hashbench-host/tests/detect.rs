//! Detection on the machine running the tests.

use hashbench_host::{Host, Tsc};

#[test]
fn detect_basics_everywhere() {
    let host = Host::detect();
    assert!(host.logical_cores >= 1);
    assert!(!host.os.is_empty());
    assert_eq!(host.arch, std::env::consts::ARCH);
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
fn records_are_serde_types() {
    fn serde_type<T: serde::Serialize + serde::de::DeserializeOwned>() {}
    serde_type::<Host>();
    serde_type::<hashbench_host::Cache>();
    serde_type::<hashbench_host::Build>();
    serde_type::<Tsc>();
}

#[cfg(target_arch = "x86_64")]
#[test]
fn tsc_calibration_is_plausible_and_consistent() {
    let a = Tsc::calibrate_default().expect("x86_64 has a TSC");
    let b = Tsc::calibrate_default().expect("x86_64 has a TSC");
    for tsc in [a, b] {
        assert!(
            (100e6..10e9).contains(&tsc.hz()),
            "implausible TSC rate {} Hz",
            tsc.hz()
        );
    }
    let spread = (a.hz() - b.hz()).abs() / a.hz().min(b.hz());
    assert!(spread < 0.10, "{} Hz vs {} Hz", a.hz(), b.hz());
}

#[cfg(target_arch = "x86_64")]
#[test]
fn tsc_measures_a_sleep() {
    let tsc = Tsc::calibrate_default().expect("x86_64 has a TSC");
    let start = hashbench_host::tsc::read();
    let t0 = std::time::Instant::now();
    std::thread::sleep(std::time::Duration::from_millis(50));
    let wall = t0.elapsed().as_secs_f64();
    let measured = tsc.ticks_to_secs(hashbench_host::tsc::read() - start);
    assert!(
        (measured - wall).abs() / wall < 0.10,
        "{measured} s vs {wall} s"
    );
}

#[cfg(not(target_arch = "x86_64"))]
#[test]
fn no_tsc_elsewhere() {
    assert!(Tsc::calibrate_default().is_none());
}
