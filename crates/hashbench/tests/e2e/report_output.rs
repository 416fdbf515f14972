//! `hashbench report RUN.json -o OUT`: the rendering goes to OUT, whole, and nothing to
//! standard output, in every format; an OUT that cannot be written is refused first.

use std::path::Path;

use crate::common::{
    hashbench, output, quick_run, read_json, run_ok, show, stderr, stdout, usage_error,
};

#[test]
fn report_writes_every_format_to_the_file_and_nothing_to_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let run = quick_run(dir.path(), "run.json");
    let report = |format: &str, out: Option<&Path>| {
        let mut cmd = hashbench();
        cmd.arg("report").arg(&run).args(["--format", format]);
        if let Some(out) = out {
            cmd.arg("-o").arg(out);
        }
        run_ok(&mut cmd)
    };
    for format in ["table", "markdown", "csv", "json"] {
        let file = dir.path().join(format!("out.{format}"));
        let o = report(format, Some(&file));
        assert!(o.stdout.is_empty(), "{format}: {}", show(&o));
        assert!(
            stderr(&o).contains(&format!("wrote {}", file.display())),
            "{format}: {}",
            show(&o)
        );
        // The file holds exactly what the same report prints without -o.
        let written = std::fs::read_to_string(&file).expect("the report file exists");
        assert_eq!(written, stdout(&report(format, None)), "{format}");
        // And it is that format, of this run: the first implementation cell is in it.
        let first = read_json(&run)["cells"][0]["implementation"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(written.contains(&first), "{format}: {written}");
        match format {
            "markdown" => assert!(written.lines().any(|l| l.starts_with("| ")), "{written}"),
            "csv" => {
                // A header and one row per cell: 4 implementation cells, 6 baselines.
                assert!(written.starts_with("kind,implementation,"), "{written}");
                assert_eq!(written.lines().count(), 1 + 10, "{written}");
            }
            "json" => {
                let v: serde_json::Value = serde_json::from_str(&written).unwrap();
                assert_eq!(v["cells"], read_json(&run)["cells"]);
            }
            _ => assert!(!written.contains("| "), "{written}"),
        }
    }
    // No temporary file is left beside the outputs.
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "out.csv",
            "out.json",
            "out.markdown",
            "out.table",
            "run.json"
        ]
    );

    // An existing, longer file is replaced whole, not overwritten in place.
    let file = dir.path().join("out.table");
    std::fs::write(
        &file,
        "stale contents that are longer than nothing\n".repeat(500),
    )
    .unwrap();
    report("csv", Some(&file));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        stdout(&report("csv", None))
    );
}

#[test]
fn report_refuses_an_output_it_cannot_write_before_rendering() {
    let dir = tempfile::tempdir().unwrap();
    let run = quick_run(dir.path(), "run.json");
    let run = run.to_str().unwrap();
    let missing = dir.path().join("no-such-dir/out.txt");
    usage_error(
        &["report", run, "-o", missing.to_str().unwrap()],
        "does not exist",
    );
    assert!(!missing.exists());
    let o = output(hashbench().args(["report", run, "-o"]).arg(dir.path()));
    assert_eq!(o.status.code(), Some(2), "{}", show(&o));
    assert!(stderr(&o).contains("is a directory"), "{}", show(&o));
}

#[test]
fn a_library_html_render_is_the_clis_page() {
    // The run records its algorithms' classes, so a library caller of the HTML renderer
    // draws the page the CLI draws, charts grouped by class included.
    use hashbench_report::render::Render;
    let dir = tempfile::tempdir().unwrap();
    let run = quick_run(dir.path(), "run.json");
    let text = std::fs::read_to_string(&run).unwrap();
    let loaded = hashbench_model::load_run("run.json", &text).unwrap();
    assert_eq!(
        loaded.classes.get("crc32").map(|c| c.as_str()),
        Some("checksum"),
        "{:?}",
        loaded.classes
    );
    let library = hashbench_report::render::html::Html::new(hashbench_model::Layout::Default)
        .render(&loaded)
        .unwrap();
    let cli = stdout(&run_ok(
        hashbench()
            .arg("report")
            .arg(&run)
            .args(["--format", "html"]),
    ));
    assert_eq!(library, cli);
}
