use super::*;

#[test]
fn an_intact_guard_is_no_breach_and_a_write_past_the_body_is_found() {
    let mut g = Guarded::new(4);
    g.body().copy_from_slice(&[1, 2, 3, 4]);
    assert_eq!(g.breach(), None);
    // What a C function writing 6 bytes into a 4-byte output does.
    // SAFETY: the guard is part of the buffer.
    unsafe { g.ptr().add(5).write(pattern(1) ^ 1) };
    assert_eq!(g.breach(), Some(1));
    // Rearmed after the report: the next call starts clean.
    assert_eq!(g.breach(), None);
}

#[test]
fn the_body_is_aligned_for_any_c_struct() {
    let mut g = Guarded::new(200);
    assert_eq!(g.ptr() as usize % 64, 0);
    assert_eq!(g.body().len(), 200);
}
