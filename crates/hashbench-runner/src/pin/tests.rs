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
