use super::*;

#[test]
fn the_fold_pads_the_last_word_with_zeros() {
    assert_eq!(input_fold(&[]), 0);
    assert_eq!(input_fold(&[1]), 1);
    assert_eq!(input_fold(&[0, 0, 0, 0, 0, 0, 0, 0, 2]), 2);
    assert_eq!(input_fold(&[1, 0, 0, 0, 0, 0, 0, 0, 1]), 0);
    assert_eq!(input_fold(&[0, 1]), 0x100);
}

/// Serializes the tests that start adapters with the one that kills every adapter's
/// group (`groups`' test calls `kill_all`, which would kill another test's adapter
/// mid-request: "go adapter exited", one run in four).
pub(crate) fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
