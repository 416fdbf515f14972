use super::*;

#[test]
fn every_pattern_round_trips_through_its_name() {
    for p in [
        Pattern::Oneshot,
        Pattern::New,
        Pattern::Reuse,
        Pattern::Prealloc,
        Pattern::Alloc,
        Pattern::Hex,
        Pattern::ByName,
        Pattern::Prefetched,
        Pattern::Streaming(1),
        Pattern::Streaming(100),
        Pattern::Streaming(4096),
        Pattern::Streaming(3 << 20),
    ] {
        assert_eq!(p.to_string().parse::<Pattern>(), Ok(p), "{p}");
    }
}

#[test]
fn chunk_sizes_take_suffixes_and_ignore_case() {
    assert_eq!("streaming:4k".parse(), Ok(Pattern::Streaming(4096)));
    assert_eq!("Streaming:1M".parse(), Ok(Pattern::Streaming(1 << 20)));
    assert_eq!("streaming:64".parse(), Ok(Pattern::Streaming(64)));
    assert_eq!(Pattern::Streaming(4096).to_string(), "streaming:4k");
    assert_eq!("BY-NAME".parse(), Ok(Pattern::ByName));
}

#[test]
fn bad_patterns_say_what_is_accepted() {
    for bad in ["", "fast", "streaming", "one-shot", "byname"] {
        let err = bad.parse::<Pattern>().unwrap_err();
        assert!(matches!(err, PatternError::Unknown(_)), "{bad}: {err}");
        assert!(err.to_string().contains("streaming:CHUNK"), "{err}");
    }
    for bad in [
        "streaming:",
        "streaming:0",
        "streaming:-4",
        "streaming:1.5k",
        "streaming:4x",
        "streaming:k",
        "streaming:2g",
        "streaming:99999999999999999999",
    ] {
        let err = bad.parse::<Pattern>().unwrap_err();
        assert!(matches!(err, PatternError::BadChunk(_)), "{bad}: {err}");
    }
}
