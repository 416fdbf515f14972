use super::*;

fn line(r: &Request<'_>) -> String {
    serde_json::to_string(r).unwrap()
}

#[test]
fn requests_are_written_as_the_protocol_says() {
    assert_eq!(
        line(&Request::Hello { protocol: PROTOCOL }),
        r#"{"op":"hello","protocol":1}"#
    );
    let digest = Request::Digest {
        id: "sha2-256/node:crypto",
        pattern: Pattern::Oneshot,
        data: b"abc",
        splits: &[],
    };
    assert_eq!(
        line(&digest),
        r#"{"op":"digest","id":"sha2-256/node:crypto","pattern":"oneshot","data":"616263"}"#
    );
    let split = Request::Digest {
        id: "x/go:y",
        pattern: Pattern::New,
        data: &[],
        splits: &[1, 2],
    };
    assert!(line(&split).ends_with(r#""data":"","splits":[1,2]}"#));
    let time = Request::Time {
        id: "nop/go",
        pattern: Pattern::Oneshot,
        size: 64,
        seed: u64::MAX,
        iterations: 10,
        batches: 3,
    };
    assert_eq!(
        line(&time),
        r#"{"op":"time","id":"nop/go","pattern":"oneshot","size":64,"seed":18446744073709551615,"iterations":10,"batches":3}"#
    );
    assert_eq!(time.op(), "time");
}

#[test]
fn a_time_reply_decodes_with_its_fold_and_digest_as_numbers_and_bytes() {
    let v: Value = serde_json::from_str(
        r#"{"ok":true,"input_fold":"00000000000000ff","batches_ns":[5,6],"digest":"0a0b","extra":1}"#,
    )
    .unwrap();
    let r: TimeReply = decode("time", &v).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.input_fold, 0xff);
    assert_eq!(r.batches_ns, [5, 6]);
    assert_eq!(r.digest, [10, 11]);
    assert_eq!(r.bytes_allocated_per_call, None);
}

fn why<T: DeserializeOwned + std::fmt::Debug>(op: &str, reply: &str) -> String {
    let v: Value = serde_json::from_str(reply).unwrap();
    match decode::<T>(op, &v) {
        Ok(t) => panic!("decoded {t:?}"),
        Err(e) => e,
    }
}

#[test]
fn a_broken_reply_is_named_by_its_field() {
    let e = why::<TimeReply>(
        "time",
        r#"{"ok":true,"input_fold":"ff","batches_ns":[1],"digest":""}"#,
    );
    assert!(
        e.starts_with(
            r#"a time reply that is not the protocol's: input_fold: "ff" is not 16 hex digits"#
        ),
        "{e}"
    );
    let e = why::<TimeReply>(
        "time",
        r#"{"ok":true,"input_fold":"0000000000000000","batches_ns":[1, -2],"digest":""}"#,
    );
    assert!(
        e.contains("batches_ns[1]: invalid value: integer `-2`"),
        "{e}"
    );
    let e = why::<DigestReply>("digest", r#"{"ok":true,"digest":"xyz"}"#);
    assert!(e.contains(r#"digest: "xyz" is not hex"#), "{e}");
    let e = why::<DigestReply>("digest", r#"{"ok":true}"#);
    assert!(
        e.starts_with("a digest reply that is not the protocol's: missing field `digest`"),
        "{e}"
    );
    let e = why::<Hello>(
        "hello",
        r#"{"ok":true,"protocol":1,"runtime":"go","version":"1","nop":"nop/go",
                "implementations":[{"id":"a/go:b","algorithm":"a","provider":"p","patterns":"oneshot"}]}"#,
    );
    assert!(
        e.contains("implementations[0].patterns: invalid type: string"),
        "{e}"
    );
}

/// The server's side (the plugin worker's) reads what the client writes, and the client
/// decodes what the server writes: one set of types, both directions.
#[test]
fn each_side_reads_what_the_other_writes() {
    let digest = Request::Digest {
        id: "crc32/plugin:mine",
        pattern: Pattern::New,
        data: b"abc",
        splits: &[1],
    };
    match serde_json::from_str::<Served>(&line(&digest)).expect("served") {
        Served::Digest {
            id,
            pattern,
            data,
            splits,
        } => assert_eq!(
            (id.as_str(), pattern.as_str(), data.as_slice(), splits),
            ("crc32/plugin:mine", "new", &b"abc"[..], vec![1])
        ),
        other => panic!("read as {other:?}"),
    }
    let hello = line(&Request::Hello { protocol: PROTOCOL });
    assert!(matches!(
        serde_json::from_str::<Served>(&hello),
        Ok(Served::Hello {
            protocol: Some(PROTOCOL)
        })
    ));
    let reply = TimeReply {
        input_fold: 0x0123_4567_89ab_cdef,
        batches_ns: vec![10, 11],
        digest: vec![0xde, 0xad],
        bytes_allocated_per_call: None,
    };
    let written = ok_reply(&reply).expect("an object");
    assert_eq!(written["ok"], true);
    assert_eq!(written["input_fold"], "0123456789abcdef");
    assert_eq!(written["digest"], "dead");
    assert!(written.get("bytes_allocated_per_call").is_none());
    let read: TimeReply = decode("time", &written).expect("decodes");
    assert_eq!(
        (read.input_fold, read.batches_ns, read.digest),
        (reply.input_fold, reply.batches_ns, reply.digest)
    );
    assert_eq!(
        error_reply("no such id"),
        serde_json::json!({"ok": false, "error": "no such id"})
    );
}
