use super::*;

#[test]
fn read_fold_depends_on_every_byte() {
    for len in [1usize, 7, 8, 9, 63, 64, 65, 4096, 4099] {
        let data: Vec<u8> = (0..len).map(|i| (i * 31 + 7) as u8).collect();
        let base = read_fold(&data);
        for i in 0..len {
            let mut changed = data.clone();
            changed[i] ^= 0x5A;
            assert_ne!(read_fold(&changed), base, "len {len} byte {i}");
        }
    }
    assert_eq!(read_fold(&[]), 0);
}

#[test]
fn the_widest_variant_computes_the_same_fold() {
    for len in [
        0usize, 1, 8, 63, 64, 65, 127, 128, 191, 255, 256, 257, 4096, 100_003,
    ] {
        let data: Vec<u8> = (0..len).map(|i| (i * 131 + 3) as u8).collect();
        assert_eq!(widest_read_fold()(&data), read_fold(&data), "len {len}");
    }
}

#[test]
fn memcpy_copies() {
    let mut m = Memcpy::default();
    m.run(&[1, 2, 3], &mut []);
    let dst = |m: &Memcpy| m.dst.as_ref().expect("a destination").as_ptr();
    // Into the buffer's first 64-byte boundary.
    let start = dst(&m).align_offset(64);
    assert_eq!((dst(&m) as usize + start) % 64, 0);
    assert_eq!(m.dst.as_ref().unwrap()[start..start + 3], [1, 2, 3]);
    // A shorter input is copied into the prefix: no new buffer.
    let buffer = dst(&m);
    m.run(&[4, 5], &mut []);
    assert_eq!(dst(&m), buffer);
    assert_eq!(m.dst.as_ref().unwrap()[start..start + 3], [4, 5, 3]);
}

#[test]
fn memcpy_copies_into_a_new_destination_after_each_placement() {
    // The destination is a mapping of its own; placing again lets it go and the next call
    // makes another, the copy unchanged.
    let input: Vec<u8> = (0..(100usize << 10)).map(|i| (i % 251) as u8).collect();
    let mut m = Memcpy::default();
    m.run(&input, &mut []);
    assert!(matches!(m.dst, Some(crate::input::Buf::Mapped(_))));
    m.place();
    assert!(m.dst.is_none());
    m.run(&input, &mut []);
    let d = m.dst.as_ref().expect("a destination");
    let start = d.as_ptr().align_offset(64).min(64);
    assert_eq!(&d[start..start + input.len()], &input[..]);
}
