use super::*;
use std::time::Duration;

#[test]
fn timestamps_are_rfc3339_utc() {
    assert_eq!(timestamp(SystemTime::UNIX_EPOCH), "1970-01-01T00:00:00Z");
    let t = SystemTime::UNIX_EPOCH + Duration::from_secs(1_795_000_000);
    // Expected values from Python: datetime.utcfromtimestamp(1795000000).
    assert_eq!(timestamp(t), "2026-11-18T11:06:40Z");
    let leap = SystemTime::UNIX_EPOCH + Duration::from_secs(951_782_400);
    assert_eq!(timestamp(leap), "2000-02-29T00:00:00Z");
}

#[test]
fn target_cpu_in_every_spelling() {
    assert_eq!(target_cpu("-Ctarget-cpu=native").as_deref(), Some("native"));
    assert_eq!(
        target_cpu("-C target-cpu=znver3").as_deref(),
        Some("znver3")
    );
    assert_eq!(target_cpu("-C opt-level=3"), None);
}
