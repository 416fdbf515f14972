use super::*;

/// Records what it was asked to do, so that each pattern is seen to call what it says.
#[derive(Default)]
struct Log(Vec<&'static str>);

impl Hasher for Log {
    fn update(&mut self, _: &[u8]) {
        self.0.push("update");
    }
    fn finalize_reset(&mut self, out: &mut [u8]) {
        self.0.push("finalize");
        out.fill(1);
    }
    fn reset(&mut self) {
        self.0.push("reset");
    }
    fn oneshot(&mut self, _: &[u8], out: &mut [u8]) {
        self.0.push("oneshot");
        out.fill(2);
    }
    fn fresh(&mut self, _: &[u8], out: &mut [u8]) {
        self.0.push("fresh");
        out.fill(3);
    }
    fn write_into(&mut self, _: &[u8], out: &mut [u8]) {
        self.0.push("write_into");
        out.fill(4);
    }
    fn by_name(&mut self, _: &[u8], out: &mut [u8]) {
        self.0.push("by_name");
        out.fill(5);
    }
}

#[test]
fn each_pattern_makes_its_own_calls_iters_times() {
    let cases: [(Pattern, &[&str], u8); 8] = [
        (Pattern::Oneshot, &["oneshot"], 2),
        (Pattern::Prefetched, &["oneshot"], 2),
        (Pattern::New, &["fresh"], 3),
        (Pattern::Reuse, &["update", "finalize"], 1),
        (Pattern::Prealloc, &["write_into"], 4),
        (Pattern::ByName, &["by_name"], 5),
        (Pattern::Alloc, &["oneshot"], 0),
        (Pattern::Hex, &["oneshot"], 0),
    ];
    for (pattern, calls, byte) in cases {
        for iters in [0u64, 1, 5] {
            let mut h = Log::default();
            let mut out = [0u8; 4];
            // Through the trait object, as the engine calls it.
            let dynh: &mut dyn Hasher = &mut h;
            dynh.run_batch(pattern, b"abcdefgh", &mut out, iters);
            let want: Vec<&str> = (0..iters).flat_map(|_| calls.iter().copied()).collect();
            assert_eq!(h.0, want, "{pattern} x {iters}");
            let expect_out = if iters == 0 { 0 } else { byte };
            assert_eq!(out, [expect_out; 4], "{pattern} x {iters}");
        }
    }
}

#[test]
fn streaming_feeds_chunks_then_finalizes() {
    let mut h = Log::default();
    let mut out = [0u8; 2];
    h.run_batch(Pattern::Streaming(3), b"abcdefgh", &mut out, 2);
    let one = ["update", "update", "update", "finalize"];
    assert_eq!(h.0, [one, one].concat());
    assert_eq!(out, [1, 1]);
}

/// Hashes with FNV-1a into 8 bytes, and logs the inputs it was given.
#[derive(Default)]
struct Fnv(Vec<Vec<u8>>);

impl Hasher for Fnv {
    fn update(&mut self, _: &[u8]) {}
    fn finalize_reset(&mut self, _: &mut [u8]) {}
    fn reset(&mut self) {}
    fn oneshot(&mut self, data: &[u8], out: &mut [u8]) {
        self.0.push(data.to_vec());
        let h = data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        out.copy_from_slice(&h.to_le_bytes()[..out.len()]);
    }
}

#[test]
fn a_chained_feed_passes_each_digest_into_the_next_input() {
    let start = *b"0123456789";
    let mut buf = start;
    let mut h = Fnv::default();
    let mut out = [0u8; 8];
    let mut feed = Feed {
        buf: &mut buf,
        lengths: None,
        chained: true,
    };
    h.run_feed(Pattern::Oneshot, &mut feed, &mut out, 3);
    // By hand: each input is the last one with its first 8 bytes XORed with the
    // digest of the last one.
    let mut want = start.to_vec();
    let mut seen = Vec::new();
    for _ in 0..3 {
        seen.push(want.clone());
        let mut d = [0u8; 8];
        Fnv::default().oneshot(&want, &mut d);
        for (w, x) in want.iter_mut().zip(d) {
            *w ^= x;
        }
    }
    assert_eq!(h.0, seen);
    assert_eq!(buf.to_vec(), want);
    // Short digests and short inputs chain what they have.
    let mut short = *b"ab";
    let mut out4 = [0u8; 4];
    let mut feed = Feed {
        buf: &mut short,
        lengths: None,
        chained: true,
    };
    Fnv::default().run_feed(Pattern::Hex, &mut feed, &mut out4, 1);
    let mut d = [0u8; 4];
    Fnv::default().oneshot(b"ab", &mut d);
    let hex = hex::encode(d);
    assert_eq!(short, [b'a' ^ hex.as_bytes()[0], b'b' ^ hex.as_bytes()[1]]);
}

#[test]
fn lengths_are_taken_in_turn_and_wrap() {
    let mut buf = *b"abcdef";
    let mut h = Fnv::default();
    let mut out = [0u8; 8];
    let lengths = [3u32, 0, 6];
    let mut feed = Feed {
        buf: &mut buf,
        lengths: Some(&lengths),
        chained: false,
    };
    h.run_feed(Pattern::Oneshot, &mut feed, &mut out, 5);
    let got: Vec<&[u8]> = h.0.iter().map(Vec::as_slice).collect();
    assert_eq!(got, [&b"abc"[..], b"", b"abcdef", b"abc", b""]);
    assert_eq!(buf, *b"abcdef", "not chained: the input is untouched");
}

#[test]
fn link_reads_up_to_eight_bytes_little_endian() {
    assert_eq!(link(&[1, 2, 3, 4, 5, 6, 7, 8, 9]), 0x0807_0605_0403_0201);
    assert_eq!(link(&[1, 2]), 0x0201);
    assert_eq!(link(&[]), 0);
}

#[test]
fn hex_and_alloc_hold_the_digest() {
    let mut h = Log::default();
    assert_eq!(alloc_digest(&mut h, b"", 3), [2, 2, 2]);
    assert_eq!(hex_digest(&mut h, b"", 3), "020202");
}
