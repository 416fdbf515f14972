use super::*;

#[test]
fn resolution_is_the_smallest_step_of_the_clock() {
    // A clock that moves 40 ns every third reading, and once (the 500th reading)
    // by only 25 ns: the resolution is that smallest step.
    let mut reads = 0u64;
    let mut now = Duration::ZERO;
    let r = resolution_of(|| {
        reads += 1;
        if reads.is_multiple_of(3) {
            now += Duration::from_nanos(if reads == 501 { 25 } else { 40 });
        }
        now
    });
    assert_eq!(r, 25.0);
    // A clock that never moves gives the documented fallback of 1 ns, not a hang.
    assert_eq!(resolution_of(|| Duration::ZERO), 1.0);
}
