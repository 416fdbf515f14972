//! Pattern kernels: every pattern of every implementation gives the known digest, patterns a
//! library cannot express are refused, and a wrong digest is caught in every pattern.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use hashbench_catalog::{registry::IMPLEMENTATIONS, Hasher};
use hashbench_engine::{
    measure, Config, EngineError, HashKernel, Input, Kernel, KernelError, Workload,
};
use hashbench_model::Pattern;

const ALL: &[Pattern] = &[
    Pattern::Oneshot,
    Pattern::New,
    Pattern::Reuse,
    Pattern::Prealloc,
    Pattern::Alloc,
    Pattern::Hex,
    Pattern::Streaming(1),
    Pattern::Streaming(7),
    Pattern::Streaming(64),
    Pattern::Streaming(4096),
    Pattern::ByName,
    Pattern::Prefetched,
];

/// Lengths around block and chunk boundaries, and an input large enough for blake3's
/// multithreaded path to split it.
const LENGTHS: &[usize] = &[0, 1, 63, 64, 65, 1000, 300_000];

fn id(s: &str) -> &'static hashbench_catalog::Implementation {
    hashbench_catalog::find_implementation(s).expect("in the catalogue")
}

/// Each pattern kernel of each available implementation, called twice in a row (a state
/// reused across calls must come back clean), agrees with the algorithm's reference.
#[test]
fn every_applicable_pattern_of_every_implementation_gives_the_reference_digest() {
    let mut kernels_checked = 0;
    for imp in IMPLEMENTATIONS {
        if !imp.availability().is_available() {
            continue;
        }
        let reference = hashbench_catalog::implementations_of(imp.algorithm.id)
            .find(|i| i.availability().is_available())
            .unwrap();
        let mut reference = reference.instantiate().unwrap();
        for &pattern in ALL {
            let mut kernel = match HashKernel::for_pattern(imp, pattern) {
                Ok(k) => k,
                Err(KernelError::NotApplicable { .. }) => continue,
                Err(e) => panic!("{}: {e}", imp.id),
            };
            kernels_checked += 1;
            let len = imp.algorithm.output_bytes();
            for &n in LENGTHS {
                if matches!(pattern, Pattern::Streaming(c) if c < 64) && n > 1000 {
                    continue; // byte-at-a-time over 300 KB adds minutes, not coverage
                }
                let input = Input::new(n, n as u64 + 3, 0);
                let mut want = vec![0u8; len];
                reference.oneshot(input.bytes(), &mut want);
                for call in 0..2 {
                    let mut got = vec![0u8; len];
                    kernel.check(input.bytes(), &mut got).unwrap();
                    assert_eq!(got, want, "{} [{pattern}] at {n} B, call {call}", imp.id);
                }
                // The timed path too, where it writes the digest.
                if !matches!(pattern, Pattern::Alloc | Pattern::Hex) {
                    let mut got = vec![0u8; len];
                    kernel.run(input.bytes(), &mut got);
                    assert_eq!(got, want, "{} [{pattern}] timed path at {n} B", imp.id);
                }
            }
        }
    }
    assert!(kernels_checked > 400, "{kernels_checked}");
}

#[test]
fn patterns_a_library_cannot_express_are_refused_with_a_reason() {
    let refused = |imp: &str, p: Pattern| match HashKernel::for_pattern(id(imp), p) {
        Err(KernelError::NotApplicable { pattern, reason }) => {
            assert_eq!(pattern, p);
            assert!(!reason.is_empty());
            true
        }
        Ok(_) => false,
        Err(e) => panic!("{imp}: {e}"),
    };
    // ring's `finish` consumes its context: no reset, no caller buffer.
    assert!(refused("sha2-256/ring", Pattern::Reuse));
    assert!(refused("sha2-256/ring", Pattern::Prealloc));
    // blake2b_simd's finalize leaves the state as is; it has no reset.
    assert!(refused("blake2b-512/blake2b_simd", Pattern::Reuse));
    // Only OpenSSL looks algorithms up by name.
    for imp in [
        "blake2b-512/blake2",
        "blake2b-512/libsodium",
        "sha2-256/sha2",
    ] {
        assert!(refused(imp, Pattern::ByName), "{imp}");
        assert!(refused(imp, Pattern::Prefetched), "{imp}");
    }
    // The must-show set: what each of the three libraries can express.
    for p in [
        Pattern::New,
        Pattern::Reuse,
        Pattern::Prealloc,
        Pattern::Hex,
    ] {
        for imp in [
            "blake2b-512/blake2",
            "blake2b-512/libsodium",
            "blake2b-512/openssl",
        ] {
            assert!(!refused(imp, p), "{imp} [{p}]");
        }
    }
    assert!(!refused("blake2b-512/openssl", Pattern::ByName));
    assert!(!refused("blake2b-512/openssl", Pattern::Prefetched));
}

/// A BLAKE2b-512 whose digests are all wrong in the last byte.
struct OffByOne(Box<dyn Hasher>);

impl Hasher for OffByOne {
    fn update(&mut self, data: &[u8]) {
        self.0.update(data);
    }
    fn finalize_reset(&mut self, out: &mut [u8]) {
        self.0.finalize_reset(out);
        out[63] ^= 1;
    }
    fn reset(&mut self) {
        self.0.reset();
    }
    fn oneshot(&mut self, data: &[u8], out: &mut [u8]) {
        self.0.oneshot(data, out);
        out[63] ^= 1;
    }
}

#[test]
fn a_wrong_digest_is_caught_through_the_alloc_and_hex_conversions() {
    let imp = id("blake2b-512/blake2");
    let input = Input::new(64, 9, 0);
    let mut expected = vec![0u8; 64];
    imp.instantiate()
        .unwrap()
        .oneshot(input.bytes(), &mut expected);
    let config = Config {
        time_budget: Duration::from_millis(5),
        min_samples: 2,
        ..Config::default()
    };
    for pattern in [
        Pattern::Oneshot,
        Pattern::Alloc,
        Pattern::Hex,
        Pattern::Streaming(10),
    ] {
        let broken = Box::new(OffByOne(imp.instantiate().unwrap()));
        let mut kernel = HashKernel::with_pattern("broken", broken, 64, pattern).unwrap();
        let err = measure(
            &mut kernel,
            &mut Workload::plain(input.clone()),
            &config,
            Some(&expected),
            &AtomicBool::new(false),
        )
        .unwrap_err();
        // A call path that is wrong from the start fails before anything is timed.
        match err {
            EngineError::WrongDigestBeforeTiming { got, expected: e } => {
                assert_ne!(got, e, "{pattern}");
                assert_eq!(got.len(), 128, "{pattern}: {got}");
            }
            other => panic!("{pattern}: {other}"),
        }
    }
}

#[test]
fn a_plain_hasher_offers_only_what_its_interface_can_do() {
    let plain = OffByOne(id("blake2b-512/blake2").instantiate().unwrap());
    assert!(plain.supports(Pattern::Oneshot).is_ok());
    assert!(plain.supports(Pattern::Streaming(3)).is_ok());
    assert!(plain.supports(Pattern::Hex).is_ok());
    // It cannot construct its library's state, nor knows a reset of its library's own.
    assert!(plain.supports(Pattern::New).is_err());
    assert!(plain.supports(Pattern::Reuse).is_err());
    assert!(plain.supports(Pattern::ByName).is_err());
}
