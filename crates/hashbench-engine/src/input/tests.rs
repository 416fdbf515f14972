use super::*;

#[test]
fn aligned_plus_misalign() {
    for misalign in [0, 1, 7, 8, 31, 63, 64, 100] {
        for len in [0, 1, 13, 4096] {
            let input = Input::new(len, 42, misalign);
            assert_eq!(input.bytes().len(), len);
            assert_eq!(input.misalign(), misalign);
            let addr = input.bytes().as_ptr() as usize;
            assert_eq!(addr % INPUT_ALIGN, misalign % INPUT_ALIGN, "len {len}");
        }
    }
}

#[test]
fn a_placed_input_keeps_its_bytes_and_alignment_at_another_offset() {
    let a = Input::new(4096, 5, 3);
    for lines in [0, 1, 63, 511] {
        let b = Input::placed(4096, 5, 3, lines);
        assert_eq!(a.bytes(), b.bytes());
        assert_eq!(b.bytes().as_ptr() as usize % INPUT_ALIGN, 3);
        // `lines` cache lines past the buffer's first 64-byte boundary (which lies
        // wherever the allocator put the buffer, under 64 bytes in).
        assert!(b.start >= 64 * lines + b.misalign);
        assert!(b.start - b.misalign - 64 * lines < 64);
    }
}

#[test]
fn deterministic_per_seed() {
    let a = Input::new(4099, 7, 3);
    let b = Input::new(4099, 7, 0);
    assert_eq!(a.bytes(), b.bytes());
    assert_eq!(a.seed(), 7);
    let c = Input::new(4099, 8, 3);
    assert_ne!(a.bytes(), c.bytes());
    let zero = Input::new(64, 0, 0);
    assert!(zero.bytes().iter().any(|&b| b != 0));
}

#[test]
fn the_stream_start_reproduces_the_bytes_with_the_plain_generator() {
    let input = Input::new(21, 99, 3);
    let mut x = Input::stream_start(99);
    let mut plain = Vec::new();
    while plain.len() < 21 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        plain.extend_from_slice(&x.to_le_bytes());
    }
    plain.truncate(21);
    assert_eq!(input.bytes(), plain);
}

#[test]
fn a_clone_keeps_its_bytes_and_its_alignment() {
    let mut a = Input::new(100, 9, 5);
    a.bytes_mut()[0] ^= 1;
    let b = a.clone();
    assert_eq!(a.bytes(), b.bytes());
    assert_eq!(b.bytes().as_ptr() as usize % INPUT_ALIGN, 5);
}

#[test]
fn shuffled_lengths_are_each_length_once_in_a_seeded_order() {
    let a = Input::shuffled_lengths(1, 128, 3);
    let mut sorted = a.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (1..=128).collect::<Vec<u32>>());
    assert_ne!(a, sorted, "shuffled");
    assert_eq!(a, Input::shuffled_lengths(1, 128, 3));
    assert_ne!(a, Input::shuffled_lengths(1, 128, 4));
    assert_eq!(Input::shuffled_lengths(5, 5, 1), [5]);
}

#[cfg(unix)]
#[test]
fn every_input_small_or_large_lives_in_pages_mapped_for_it_alone() {
    // A heap buffer would keep a process's pages (and the level they set) for its life;
    // each placement maps its own, at 64 B as at 1 MiB.
    for len in [0, 64, 4096, 1 << 20] {
        let a = Input::placed(len, 9, 0, 3);
        let b = Input::placed(len, 9, 0, 3);
        assert!(matches!(a.buf, Buf::Mapped(_)), "len {len}");
        assert_eq!(
            a.buf.as_ptr() as usize % 4096,
            0,
            "len {len}: a mapping starts a page"
        );
        assert_ne!(
            a.buf.as_ptr(),
            b.buf.as_ptr(),
            "len {len}: two at once, two mappings"
        );
        assert_eq!(a.bytes(), b.bytes());
    }
}
