use super::*;

#[test]
fn an_endless_reader_is_refused_one_byte_past_the_limit() {
    // io::repeat never ends, as /dev/zero or an endless pipe.
    let err = read_at_most(io::repeat(0), 1000, "a result file").unwrap_err();
    assert!(
        matches!(err, ReadError::TooLarge { limit: 1000, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("1000 bytes"), "{err}");
}

#[test]
fn input_up_to_the_limit_is_read_whole() {
    let data = vec![7u8; 1000];
    assert_eq!(read_at_most(&data[..], 1000, "x").unwrap(), data);
    assert_eq!(read_at_most(&b""[..], 0, "x").unwrap(), Vec::<u8>::new());
    assert!(read_at_most(&data[..], 999, "x").is_err());
}

#[test]
fn a_device_without_a_size_is_bounded_too() {
    let err = read_file_at_most(Path::new("/dev/zero"), 4096, "a suite file").unwrap_err();
    assert!(
        matches!(err, ReadError::TooLarge { limit: 4096, .. }),
        "{err}"
    );
    assert!(matches!(
        read_file_at_most(Path::new("/no/such/file"), 10, "x"),
        Err(ReadError::Io(_))
    ));
}

#[test]
fn keep_newest_drops_the_oldest_and_the_first_of_a_tie() {
    let mut map: BTreeMap<&str, u64> = [("a", 5), ("b", 1), ("c", 3), ("d", 1), ("e", 9)].into();
    keep_newest(&mut map, 3, |&at| at);
    assert_eq!(map.keys().copied().collect::<Vec<_>>(), ["a", "c", "e"]);
    keep_newest(&mut map, 2, |&at| at);
    assert_eq!(map.keys().copied().collect::<Vec<_>>(), ["a", "e"]);
    keep_newest(&mut map, 5, |&at| at);
    assert_eq!(map.len(), 2);
    // Equal dates: the first by key goes first.
    let mut tie: BTreeMap<&str, u64> = [("x", 1), ("y", 1)].into();
    keep_newest(&mut tie, 1, |&at| at);
    assert_eq!(tie.keys().copied().collect::<Vec<_>>(), ["y"]);
}
