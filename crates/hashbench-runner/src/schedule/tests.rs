use super::*;

#[test]
fn shuffle_is_a_reproducible_permutation() {
    let mut a: Vec<u32> = (0..50).collect();
    let mut b = a.clone();
    shuffle(&mut a, 7);
    shuffle(&mut b, 7);
    assert_eq!(a, b, "same seed, same order");
    assert_ne!(a, (0..50).collect::<Vec<_>>(), "the order changed");
    let mut sorted = a.clone();
    sorted.sort_unstable();
    assert_eq!(
        sorted,
        (0..50).collect::<Vec<_>>(),
        "nothing lost or repeated"
    );
    let mut c: Vec<u32> = (0..50).collect();
    shuffle(&mut c, 8);
    assert_ne!(a, c, "another seed, another order");
}
