use super::*;

/// The official test vectors' input: bytes 0, 1, ..., 250, 0, 1, ...
fn input(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i % 251) as u8).collect()
}

fn all_levels() -> Vec<Platform> {
    [
        Portable::platform(),
        Sse2::platform(),
        Sse41::platform(),
        Avx2::platform(),
        Avx512::platform(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Lengths around chunk, batch and tree boundaries, compared with the crate itself,
/// one-shot and fed in odd pieces (the vector suite checks fewer lengths).
#[test]
fn every_level_agrees_with_the_crate() {
    let lengths = [
        0usize,
        1,
        63,
        64,
        65,
        1023,
        1024,
        1025,
        2048,
        2049,
        3072,
        4096,
        4097,
        8191,
        16 * 1024,
        16 * 1024 + 1,
        17 * 1024,
        31 * 1024 + 5,
        32 * 1024,
        65 * 1024 + 3,
        100_000,
    ];
    for platform in all_levels() {
        for &len in &lengths {
            let data = input(len);
            let want = *blake3::hash(&data).as_bytes();
            let mut h = LevelHasher::new(platform);
            h.update(&data);
            assert_eq!(h.finalize(), want, "{platform:?} one update, len {len}");
            assert_eq!(h.oneshot(&data), want, "{platform:?} oneshot, len {len}");
            for piece in [1usize, 7, 1000, 1024, 3000] {
                h.reset();
                for part in data.chunks(piece) {
                    h.update(part);
                }
                assert_eq!(
                    h.finalize(),
                    want,
                    "{platform:?} pieces of {piece}, len {len}"
                );
            }
        }
    }
}

#[test]
fn portable_is_always_there_and_reports_itself() {
    assert!(level_probe::<Portable>().is_ok());
    assert_eq!(level_backend::<Portable>(), "portable (forced)");
}
