use super::*;

#[test]
fn cpu_lists_read_like_the_kernels() {
    assert_eq!(cpu_list(&[0, 1, 2, 3, 6]), "0-3,6");
    assert_eq!(cpu_list(&[1]), "1");
    assert_eq!(cpu_list(&[0, 2, 4, 5]), "0,2,4-5");
    assert_eq!(cpu_list(&[]), "");
}

#[cfg(target_os = "linux")]
#[test]
fn a_cpu_outside_the_set_is_refused() {
    let allowed = allowed_cpus().unwrap();
    assert!(!allowed.is_empty());
    assert!(check(allowed[0]).is_ok());
    let err = check(100_000).unwrap_err();
    assert!(err.to_string().contains("may run only on CPUs"), "{err}");
}

#[cfg(target_os = "linux")]
#[test]
fn an_adapters_process_is_put_on_the_cpu() {
    // The last CPU this process may use: on a machine of several, not the whole set the
    // child inherits, so a pin that did nothing reads otherwise.
    let allowed = allowed_cpus().unwrap();
    let cpu = *allowed.last().unwrap();
    let mut child = std::process::Command::new("sleep")
        .arg("5")
        .spawn()
        .unwrap();
    pin_process(child.id(), cpu);
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    let list = status
        .lines()
        .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
        .unwrap()
        .trim()
        .to_string();
    assert_eq!(list, cpu.to_string());
    // A process that is gone is passed over, not an error.
    pin_process(child.id(), cpu);
}
