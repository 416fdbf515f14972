use super::*;

fn file(bytes: &[u8]) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().expect("temp file");
    std::io::Write::write_all(&mut f, bytes).expect("written");
    f
}

#[test]
fn lines_are_strings_without_blanks_duplicates_or_carriage_returns() {
    let f = file(b"alpha\r\nbeta\n\nalpha\ngamma");
    let set = load(f.path(), KeyFile::Lines).expect("loads");
    assert_eq!(
        set.keys,
        Keys::Str(vec!["alpha".into(), "beta".into(), "gamma".into()])
    );
    let f = file(b"ok\n\xff\xfe\n");
    let set = load(f.path(), KeyFile::Lines).expect("loads");
    assert_eq!(
        set.keys,
        Keys::Bytes(vec![b"ok".to_vec(), vec![0xff, 0xfe]])
    );
}

#[test]
fn records_of_8_and_16_bytes_are_integers_and_ids() {
    let mut bytes = 1u64.to_le_bytes().to_vec();
    bytes.extend(2u64.to_le_bytes());
    bytes.extend(1u64.to_le_bytes());
    let f = file(&bytes);
    assert_eq!(
        load(f.path(), KeyFile::Records(8)).expect("loads").keys,
        Keys::U64(vec![1, 2])
    );
    assert!(
        load(f.path(), KeyFile::Records(16)).is_err(),
        "24 bytes are not 16-byte records"
    );
    assert_eq!(
        load(f.path(), KeyFile::Records(12)).expect("loads").keys,
        Keys::Bytes(vec![bytes[..12].to_vec(), bytes[12..].to_vec()])
    );
    bytes.extend([0u8; 8]);
    let f = file(&bytes);
    let Keys::Id16(ids) = load(f.path(), KeyFile::Records(16)).expect("loads").keys else {
        panic!("ids")
    };
    assert_eq!(ids.len(), 2);
}

#[test]
fn every_bad_file_is_a_typed_error_naming_it() {
    let empty = file(b"");
    let blank = file(b"\n\r\n\n");
    let long = file(&vec![b'x'; MAX_KEY_BYTES + 1]);
    let odd = file(&[0u8; 17]);
    let cases: Vec<(Result<KeySet, KeysError>, &str)> = vec![
        (load(empty.path(), KeyFile::Lines), "holds no keys"),
        (load(blank.path(), KeyFile::Lines), "holds no keys"),
        (load(empty.path(), KeyFile::Records(8)), "holds no keys"),
        (load(long.path(), KeyFile::Lines), "line 1 is 65537 bytes"),
        (load(odd.path(), KeyFile::Records(8)), "1 bytes left over"),
        (load(odd.path(), KeyFile::Records(0)), "a record is 1 to"),
        (
            load(Path::new("/nonexistent/keys.txt"), KeyFile::Lines),
            "cannot read the key file",
        ),
    ];
    for (result, says) in cases {
        let message = result.expect_err(says).to_string();
        assert!(message.contains(says), "{message}");
    }
    let dir = tempfile::tempdir().expect("dir");
    let message = load(dir.path(), KeyFile::Lines)
        .expect_err("a directory")
        .to_string();
    assert!(message.contains("cannot read"), "{message}");
}

#[test]
fn a_file_over_the_size_bound_is_refused() {
    let f = tempfile::NamedTempFile::new().expect("temp file");
    f.as_file()
        .set_len(MAX_FILE_BYTES + 10)
        .expect("sparse file");
    let message = load(f.path(), KeyFile::Records(8))
        .expect_err("too large")
        .to_string();
    assert!(message.contains("over 67108864 bytes"), "{message}");
}
