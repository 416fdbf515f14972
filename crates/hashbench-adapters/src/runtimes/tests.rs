use super::*;
use crate::protocol::PROTOCOL;

/// An adapter folder whose `run` answers every request with `reply`.
fn answering(reply: &str) -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path().join("run");
    let script = format!("#!/bin/sh\nwhile IFS= read -r line; do printf '%s\\n' '{reply}'; done\n");
    std::fs::write(&run, script).unwrap();
    std::fs::set_permissions(&run, std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

fn hello_with(version: &str, implementations: &str) -> String {
    format!(
        r#"{{"ok":true,{version}"runtime":"go","version":"go0","nop":"nop/go","implementations":{implementations}}}"#
    )
}

/// `start("go", dir)`. A test thread that forks while `answering` has the script open
/// for writing leaves a child holding that descriptor until it execs, and exec of the
/// script then fails with ETXTBSY ("Text file busy"): a race of the test harness's
/// threads, not of the adapter, so that one error is retried.
fn start_go(dir: &tempfile::TempDir) -> RuntimeState {
    for _ in 0..50 {
        match start("go", dir.path()) {
            RuntimeState::Unavailable { why, .. } if why.contains("(os error 26)") => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            state => return state,
        }
    }
    panic!("the script stayed busy (ETXTBSY) for a second");
}

fn unavailable(reply: &str) -> (String, String) {
    let dir = answering(reply);
    match start_go(&dir) {
        RuntimeState::Unavailable { why, setup } => {
            assert_eq!(setup, dir.path().join("setup").display().to_string());
            (why, setup)
        }
        RuntimeState::Ready { hello, .. } => panic!("started: {hello:?}"),
    }
}

#[test]
fn an_adapter_of_another_protocol_version_is_unavailable_with_the_versions() {
    let _serial = crate::tests::serial();
    let next = PROTOCOL + 1;
    let (why, _) = unavailable(&hello_with(&format!(r#""protocol":{next},"#), "[]"));
    assert!(
        why.starts_with(&format!(
            "go adapter: it speaks protocol version {next}, this hashbench speaks version {PROTOCOL}: "
        )),
        "{why}"
    );
    // Another version is named before any other fault of the reply it sent.
    let (why, _) = unavailable(&hello_with(&format!(r#""protocol":{next},"#), "7"));
    assert!(why.contains(&format!("protocol version {next}")), "{why}");
    let (why, _) = unavailable(&hello_with("", "[]"));
    assert!(
        why.starts_with("go adapter: its hello reports no protocol version"),
        "{why}"
    );
    let (why, _) = unavailable(&hello_with(r#""protocol":"1","#, "[]"));
    assert!(
        why.contains("a hello reply that is not the protocol's: protocol: invalid type: string"),
        "{why}"
    );
}

#[test]
fn a_hello_of_our_version_that_breaks_the_contract_is_named_by_its_field() {
    let _serial = crate::tests::serial();
    let ours = format!(r#""protocol":{PROTOCOL},"#);
    let (why, _) = unavailable(&hello_with(&ours, r#"[{"id":"crc32/go:x"}]"#));
    assert!(
        why.contains("a hello reply that is not the protocol's: implementations[0]: missing field `algorithm`"),
        "{why}"
    );
    let (why, _) = unavailable(r#"{"protocol":1}"#);
    assert!(why.contains("a hello reply without \"ok\""), "{why}");
    let (why, _) = unavailable(r#"{"ok":false,"error":"no"}"#);
    assert_eq!(why, "go adapter: no");

    let dir = answering(&hello_with(&ours, "[]"));
    match start_go(&dir) {
        RuntimeState::Ready { hello, .. } => assert_eq!(hello.protocol, PROTOCOL),
        RuntimeState::Unavailable { why, .. } => panic!("{why}"),
    }
}

#[test]
fn offered_ids_are_parsed_once_and_a_malformed_one_is_refused_with_why() {
    let _serial = crate::tests::serial();
    let ours = format!(r#""protocol":{PROTOCOL},"#);
    let offered = r#"[{"id":"crc32c/go:hash/crc32","algorithm":"crc32c","provider":"go1","patterns":["oneshot"]},
        {"id":"crc32c/go","algorithm":"crc32c","provider":"go1","patterns":["oneshot"]}]"#
        .replace('\n', "");
    let dir = answering(&hello_with(&ours, &offered));
    let runtime = Runtime {
        name: "go".to_string(),
        state: start_go(&dir),
    };
    let (ok, refused) = runtime.implementations();
    let ids: Vec<String> = ok.iter().map(|e| e.id.to_string()).collect();
    assert_eq!(ids, ["crc32c/go:hash/crc32"]);
    assert_eq!(ok[0].id.runtime, "go");
    assert_eq!(ok[0].id.library, "hash/crc32");
    assert_eq!(
        refused,
        [(
            "crc32c/go".to_string(),
            "its id is not <algorithm>/<runtime>:<library> (no ':' after the '/')".to_string()
        )]
    );
}
