use super::*;

#[test]
fn the_fold_pads_the_last_word_with_zeros() {
    assert_eq!(input_fold(&[]), 0);
    assert_eq!(input_fold(&[1]), 1);
    assert_eq!(input_fold(&[0, 0, 0, 0, 0, 0, 0, 0, 2]), 2);
    assert_eq!(input_fold(&[1, 0, 0, 0, 0, 0, 0, 0, 1]), 0);
    assert_eq!(input_fold(&[0, 1]), 0x100);
}
