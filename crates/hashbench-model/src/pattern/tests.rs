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
        Pattern::Keys(KeyKind::U64),
        Pattern::Keys(KeyKind::Id16),
        Pattern::Keys(KeyKind::Str),
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

#[test]
fn key_patterns_have_their_json_names() {
    for (name, kind) in [
        ("keys:u64", KeyKind::U64),
        ("keys:id16", KeyKind::Id16),
        ("keys:str", KeyKind::Str),
    ] {
        let p = Pattern::Keys(kind);
        assert_eq!(p.to_string(), name);
        assert_eq!(serde_json::to_string(&p).unwrap(), format!("\"{name}\""));
        assert_eq!(
            serde_json::from_str::<Pattern>(&format!("\"{name}\"")).unwrap(),
            p
        );
        assert_eq!(name.to_ascii_uppercase().parse(), Ok(p));
    }
    for bad in ["keys", "keys:", "keys:u32", "keys:str8"] {
        assert!(bad.parse::<Pattern>().is_err(), "{bad}");
    }
}

#[test]
fn key_patterns_fit_only_their_sizes() {
    use crate::Size;
    let sizes = |n| format!("--sizes {n}");
    assert_eq!(KeyKind::U64.fits(Size::Bytes(8), sizes), Ok(()));
    assert_eq!(KeyKind::Id16.fits(Size::Bytes(16), sizes), Ok(()));
    let err = KeyKind::U64.fits(Size::Bytes(16), sizes).unwrap_err();
    assert!(
        err.contains("keys:u64") && err.contains("--sizes 8"),
        "{err}"
    );
    assert!(KeyKind::Id16
        .fits(Size::Range { min: 1, max: 16 }, sizes)
        .is_err());
    for ok in [
        Size::Bytes(1),
        Size::Bytes(64),
        Size::Range { min: 1, max: 64 },
    ] {
        assert_eq!(KeyKind::Str.fits(ok, sizes), Ok(()), "{ok:?}");
    }
    for bad in [
        Size::Bytes(0),
        Size::Bytes(257),
        Size::Range { min: 0, max: 8 },
    ] {
        let err = KeyKind::Str.fits(bad, sizes).unwrap_err();
        assert!(err.contains("1 to 256"), "{err}");
    }
}
