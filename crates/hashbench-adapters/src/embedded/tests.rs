use super::*;

#[test]
fn the_checkout_adapters_are_carried_as_git_tracks_them() {
    assert!(
        carried(),
        "built in a checkout, the binary carries adapters/"
    );
    let names: Vec<&str> = FILES.iter().map(|(p, _, _)| *p).collect();
    for runtime in crate::RUNTIMES {
        for script in ["run", "setup"] {
            let path = format!("{runtime}/{script}");
            let entry = FILES.iter().find(|(p, _, _)| *p == path);
            assert!(
                entry.is_some_and(|(_, _, x)| *x),
                "{path} carried and executable: {names:?}"
            );
        }
    }
    // What `setup` installs is not: the folders' .gitignore keep it out.
    assert!(
        !names
            .iter()
            .any(|p| p.contains("node_modules/") || p.contains(".venv/")),
        "{names:?}"
    );
}

#[test]
fn unpacking_writes_every_file_once_with_its_mode() {
    let data = tempfile::tempdir().unwrap();
    let dir = unpack(data.path()).unwrap();
    assert!(dir.starts_with(data.path().join("adapters")));
    let run = dir.join("python/run");
    let mode = std::fs::metadata(&run).unwrap().permissions().mode();
    assert_eq!(mode & 0o111, 0o111, "{} is executable", run.display());
    let (path, bytes, _) = FILES
        .iter()
        .find(|(p, _, _)| *p == "python/adapter.py")
        .unwrap();
    assert_eq!(std::fs::read(dir.join(path)).unwrap(), *bytes);
    // Unpacked once: a file changed there (a user's edit, a setup's output) stays.
    std::fs::write(&run, "edited").unwrap();
    assert_eq!(unpack(data.path()).unwrap(), dir);
    assert_eq!(std::fs::read_to_string(&run).unwrap(), "edited");
}
