use super::*;

/// A fold that records the pieces it read.
fn lengths(data: &[u8], parts: usize) -> Vec<usize> {
    use std::sync::Mutex;
    static SEEN: Mutex<Vec<usize>> = Mutex::new(Vec::new());
    SEEN.lock().unwrap().clear();
    let fold: fn(&[u8]) -> u64 = |d| {
        SEEN.lock().unwrap().push(d.len());
        0
    };
    split_fold(fold, data, parts);
    let mut seen = SEEN.lock().unwrap().clone();
    seen.sort_unstable();
    seen
}

#[test]
fn every_byte_is_read_once_in_as_many_pieces_as_threads() {
    let data = vec![1u8; 1 << 20];
    for parts in [1, 2, 3, 4, 16] {
        let seen = lengths(&data, parts);
        assert_eq!(seen.len(), parts, "{parts}: {seen:?}");
        assert_eq!(seen.iter().sum::<usize>(), data.len(), "{parts}");
    }
    // A small input is read by one thread.
    assert_eq!(lengths(&data[..4096], 4), vec![4096]);
}
