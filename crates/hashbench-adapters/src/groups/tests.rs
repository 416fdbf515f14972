use super::*;

use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};

/// Whether process `pid` still runs: absent or a zombie (killed, not yet reaped by
/// whoever adopted it) is not running.
fn running(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        // The state follows the command's closing parenthesis.
        s.rsplit_once(')')
            .is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z'))
    })
}

#[test]
fn a_group_recorded_is_killed_whole_and_then_forgotten() {
    let _serial = crate::tests::serial();
    // A shell that starts a child of its own in its group: killing the group takes both.
    let mut child = Command::new("sh")
        .args(["-c", "sleep 600 & echo $!; wait"])
        .process_group(0)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut grandchild = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut grandchild)
        .unwrap();
    let grandchild = grandchild.trim().to_string();
    assert!(running(&grandchild));
    add(child.id());
    assert!(GROUPS
        .iter()
        .any(|s| s.load(Ordering::SeqCst) == pid(child.id())));
    kill_all();
    assert!(!child.wait().unwrap().success());
    // SIGKILL is delivered to the whole group at once; the adopted sleep may take a
    // moment to be marked dead. A wait for a condition, not a timing.
    let mut tries = 0;
    while running(&grandchild) && tries < 500 {
        std::thread::sleep(std::time::Duration::from_millis(10));
        tries += 1;
    }
    assert!(
        !running(&grandchild),
        "the group's other process outlived the kill"
    );
    remove(child.id());
    assert!(!GROUPS
        .iter()
        .any(|s| s.load(Ordering::SeqCst) == pid(child.id())));
}
