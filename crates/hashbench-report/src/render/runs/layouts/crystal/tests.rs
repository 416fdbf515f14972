use super::crystal_bytes;

#[test]
fn bytes_per_op_print_as_crystal_prints_them() {
    assert_eq!(crystal_bytes(None), "n/a");
    assert_eq!(crystal_bytes(Some(0.0)), "0.0B/op");
    assert_eq!(crystal_bytes(Some(592.0)), "592B/op");
    assert_eq!(crystal_bytes(Some(64.5)), "64.5B/op");
    assert_eq!(crystal_bytes(Some(1070.0)), "1.07kB/op");
}
