//! Embeds every known-answer file of `vectors/` (one `<algorithm>.json` per algorithm of
//! the catalogue). The list is read from the directory, not written out a second time:
//! the catalogue says which algorithms exist, the directory holds their data, and a test
//! (`vectors::tests`) checks that the two agree.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"))
        .join("../../vectors");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut ids: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".json").map(str::to_string)
        })
        .collect();
    ids.sort();
    let mut out =
        String::from("/// The vector files compiled into the binary: (algorithm id, JSON text).\n");
    out.push_str("pub static EMBEDDED: &[(&str, &str)] = &[\n");
    for id in &ids {
        let path = dir.join(format!("{id}.json"));
        println!("cargo:rerun-if-changed={}", path.display());
        writeln!(
            out,
            "    ({id:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a String");
    }
    out.push_str("];\n");
    let dest =
        PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo")).join("embedded.rs");
    std::fs::write(&dest, out).unwrap_or_else(|e| panic!("writing {}: {e}", dest.display()));
}
