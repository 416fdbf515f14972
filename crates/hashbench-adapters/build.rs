//! Embeds the runtime adapters' sources (`adapters/` of the checkout, as git would track
//! them: each folder's `.gitignore` keeps out what `setup` installs) in the crate, so that
//! an installed `hashbench` has them outside a checkout (`embedded.rs` unpacks them).
//! Built from a package without the folder, it embeds nothing.

use std::fmt::Write as _;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).join("../../adapters");
    let mut table = String::from("&[\n");
    if root.is_dir() {
        let mut files: Vec<_> = ignore::WalkBuilder::new(&root)
            .hidden(false)
            .require_git(false)
            .build()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_some_and(|t| t.is_file()))
            .map(ignore::DirEntry::into_path)
            .filter(|p| p.file_name().is_some_and(|n| n != ".gitignore"))
            .collect();
        files.sort();
        for path in files {
            let relative = path.strip_prefix(&root).expect("walked below the root");
            let executable = std::fs::metadata(&path)
                .map(|m| m.permissions().mode() & 0o111 != 0)
                .unwrap_or(false);
            writeln!(
                table,
                "    ({:?}, include_bytes!({:?}), {executable}),",
                relative.display().to_string(),
                path.canonicalize()
                    .expect("a file just walked")
                    .display()
                    .to_string()
            )
            .expect("writing to a String");
        }
    }
    table.push(']');
    // Cargo scans the folder whole: a file edited, added or removed builds again.
    println!("cargo:rerun-if-changed={}", root.display());
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded.rs");
    std::fs::write(out, table).expect("writing the embedded adapters' table");
}
