use super::*;

#[test]
fn percentages() {
    assert_eq!(parse_percent("--x", "5").unwrap(), 5.0);
    assert_eq!(parse_percent("--x", " 2.5% ").unwrap(), 2.5);
    for bad in ["", "%", "0", "-3", "abc", "nan", "5%%", "1e9"] {
        let e = parse_percent("--x", bad).unwrap_err();
        assert!(e.0.contains("--x"), "{bad}: {e}");
    }
}

#[test]
fn sizes_with_suffixes() {
    let bytes = |v: &[u64]| v.iter().map(|&n| Size::Bytes(n)).collect::<Vec<_>>();
    assert_eq!(
        parse_sizes("64,384,4k,16K,64k,1m,4m").unwrap(),
        bytes(&[64, 384, 4 << 10, 16 << 10, 64 << 10, 1 << 20, 4 << 20])
    );
    assert_eq!(parse_sizes("1g, 7b").unwrap(), bytes(&[7, 1 << 30]));
    assert_eq!(parse_sizes("4k,4096,4KiB,4 kb").unwrap(), bytes(&[4096]));
    assert_eq!(parse_sizes("1MiB,0").unwrap(), bytes(&[0, 1 << 20]));
    assert_eq!(size_spec(" cache ").unwrap(), SizeSpec::AroundCaches);
}

#[test]
fn ranges_and_sweeps() {
    assert_eq!(
        parse_sizes("1..=128, 64").unwrap(),
        [Size::Bytes(64), Size::Range { min: 1, max: 128 }]
    );
    assert_eq!(
        parse_sizes("1k..=2k").unwrap(),
        [Size::Range {
            min: 1024,
            max: 2048
        }]
    );
    let every = parse_sizes("every:0..=256").unwrap();
    assert_eq!(every.len(), 257);
    assert_eq!((every[0], every[256]), (Size::Bytes(0), Size::Bytes(256)));
    assert_eq!(parse_sizes("every:3..=3,3").unwrap(), [Size::Bytes(3)]);
}

#[test]
fn bad_sizes_say_why() {
    for (text, why) in [
        ("4x", "whole number"),
        ("4 kilobytes", "whole number"),
        ("9..=1", "empty"),
        ("1..128", "A..=B"),
        ("every:1..=1m", "at most 65536"),
        ("0..=5000", "at most 4096"),
        ("every:x..=3", "whole number"),
        ("", "empty"),
        ("64,,4k", "empty"),
        ("-1", "whole number"),
        ("1.5k", "whole number"),
        ("99999999999999999999", "whole number"),
        ("17179869184g", "too large"),
    ] {
        let err = parse_sizes(text).unwrap_err().0;
        assert!(err.contains(why), "{text}: {err}");
    }
}

#[test]
fn times_and_precisions() {
    assert_eq!(parse_seconds("0.3").unwrap(), 0.3);
    assert_eq!(parse_seconds("300ms").unwrap(), 0.3);
    assert_eq!(parse_seconds("2s").unwrap(), 2.0);
    assert!(parse_seconds("0").is_err() && parse_seconds("abc").is_err());
    assert_eq!(parse_precision("1%").unwrap(), 0.01);
    assert_eq!(parse_precision("0.005").unwrap(), 0.005);
    assert!(parse_precision("0").is_err() && parse_precision("150%").is_err());
    assert_eq!(parse_margin("3%").unwrap(), 0.03);
    assert_eq!(parse_margin("0").unwrap(), 0.0);
    assert!(parse_margin("-1%").is_err() && parse_margin("50%").is_err());
    assert!(parse_margin("nan").is_err());
}

#[test]
fn baseline_names_are_plain_file_names() {
    for good in ["main", "v1.2_rc-3", "a"] {
        assert_eq!(baseline_name(good).unwrap(), good);
    }
    for bad in ["", ".hidden", "a/b", "../x", "sp ace", &"x".repeat(101)] {
        let e = baseline_name(bad).unwrap_err();
        assert!(
            e.0.starts_with(&format!("bad baseline name '{bad}'")),
            "{e}"
        );
    }
}

#[test]
fn needs_by_name() {
    for n in NEEDS {
        assert_eq!(need(n.as_str()).unwrap(), n);
    }
    assert!(need("crc").is_err());
}
