use super::*;
use std::fs::Permissions;
use std::os::unix::fs::PermissionsExt;

fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_regular_file_is_replaced_whole_and_nothing_else_is_left() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.json");
    fs::write(&path, "old").unwrap();
    fs::set_permissions(&path, Permissions::from_mode(0o640)).unwrap();
    let d = Destination::check(&path).unwrap();
    assert_eq!(d, Destination::File(path.clone()));
    d.write("new").unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), "new");
    assert_eq!(entries(dir.path()), ["run.json"], "no temporary file left");
    assert_eq!(
        fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o640
    );
}

#[test]
fn a_planted_symlink_at_any_temporary_name_is_never_followed() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim");
    fs::write(&victim, "precious").unwrap();
    // The names the old writer would have used, and some of tempfile's shape.
    for name in [
        format!(".run.json.{}.tmp", std::process::id()),
        ".hashbench-.tmp".to_string(),
    ] {
        std::os::unix::fs::symlink(&victim, dir.path().join(name)).unwrap();
    }
    let path = dir.path().join("run.json");
    Destination::check(&path).unwrap().write("result").unwrap();
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
    assert_eq!(fs::read_to_string(&path).unwrap(), "result");
}

#[test]
fn a_symlink_to_a_file_keeps_the_link_and_replaces_its_target() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("real.json");
    fs::write(&target, "old").unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    Destination::check(&link).unwrap().write("new").unwrap();
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(fs::read_to_string(&target).unwrap(), "new");
}

#[test]
fn devices_and_fifos_are_written_not_replaced() {
    let null = Destination::check(Path::new("/dev/null")).unwrap();
    assert_eq!(null, Destination::Stream(PathBuf::from("/dev/null")));
    null.write("discarded").unwrap();
    assert!(fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());

    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
    };
    Destination::check(&fifo).unwrap().write("through").unwrap();
    assert_eq!(reader.join().unwrap(), "through");
    assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
}

#[test]
fn what_cannot_be_written_is_refused_up_front() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (dir.path().join("missing/run.json"), "does not exist"),
        (dir.path().to_path_buf(), "is a directory"),
        (dir.path().join("dangling"), "dangling"),
    ];
    std::os::unix::fs::symlink(dir.path().join("nowhere"), dir.path().join("dangling")).unwrap();
    for (path, says) in cases {
        let err = Destination::check(&path).unwrap_err();
        assert!(err.is::<UsageError>(), "{err}");
        assert!(err.to_string().contains(says), "{path:?}: {err}");
    }
    assert_eq!(
        Destination::check(Path::new("-")).unwrap(),
        Destination::Stdout
    );
    // The check leaves nothing behind.
    assert_eq!(entries(dir.path()), ["dangling"]);
}
