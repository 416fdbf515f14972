use super::*;

/// A reader that yields `data` in pieces, failing once with `Interrupted` first, then
/// (if `fail`) with another error after the data.
struct Flaky<'a> {
    data: &'a [u8],
    interrupted: bool,
    fail: bool,
}

impl Read for Flaky<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if !self.interrupted {
            self.interrupted = true;
            return Err(io::ErrorKind::Interrupted.into());
        }
        if self.data.is_empty() {
            return if self.fail {
                Err(io::Error::other("disk on fire"))
            } else {
                Ok(0)
            };
        }
        let n = self.data.len().min(buf.len()).min(3);
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

#[test]
fn a_reader_digests_as_one_call_and_leaves_the_state_reset() {
    let imp = crate::find_implementation("crc32/crc32fast").expect("in the catalogue");
    let mut h = imp.instantiate().expect("runs everywhere");
    let mut out = [0u8; 4];
    let reader = Flaky {
        data: b"123456789",
        interrupted: false,
        fail: false,
    };
    digest_reader(h.as_mut(), reader, &mut out).expect("no error but the retried one");
    assert_eq!(out, [0xcb, 0xf4, 0x39, 0x26]);
    let failing = Flaky {
        data: b"1234",
        interrupted: false,
        fail: true,
    };
    assert!(digest_reader(h.as_mut(), failing, &mut out).is_err());
    // Reset after the failure: the next input digests from scratch.
    digest_reader(h.as_mut(), &b"123456789"[..], &mut out).unwrap();
    assert_eq!(out, [0xcb, 0xf4, 0x39, 0x26]);
}

#[test]
fn a_hasher_that_cannot_stream_is_refused_past_its_limit_of_an_endless_input() {
    let imp = crate::find_implementation("foldhash-fast/foldhash").expect("in the catalogue");
    let mut h = imp.instantiate().expect("portable");
    assert!(h.supports(Pattern::Streaming(BUFFER)).is_err());
    let mut out = vec![0u8; imp.algorithm.output_bytes()];
    // io::repeat never ends, as /dev/zero: refused one read past the limit.
    let err = digest_reader_within(h.as_mut(), io::repeat(1), &mut out, Some(1 << 20))
        .expect_err("an endless input is refused");
    assert_eq!(err.kind(), io::ErrorKind::FileTooLarge);
    assert!(err.to_string().contains("cannot stream"), "{err}");
    // Within the limit it digests as one call, and the state was reset by the refusal.
    let data = vec![1u8; 1000];
    digest_reader_within(h.as_mut(), &data[..], &mut out, Some(1 << 20)).unwrap();
    let mut one_call = vec![0u8; out.len()];
    h.oneshot(&data, &mut one_call);
    assert_eq!(out, one_call);
}

#[test]
fn a_hasher_that_streams_has_no_limit() {
    let imp = crate::find_implementation("crc32/crc32fast").expect("in the catalogue");
    let mut h = imp.instantiate().expect("runs everywhere");
    let mut out = [0u8; 4];
    // Three times the limit of one that cannot stream, in a few reads.
    let big = io::repeat(0).take(3 * HELD_WHOLE_LIMIT);
    digest_reader(h.as_mut(), big, &mut out).expect("streams");
}
