//! `--format html` end to end: `run`, `report` and `compare` write one self-contained
//! page with charts; and the page, loaded in headless Chromium with every host name
//! unresolvable, logs nothing to its console, requests nothing, and draws its charts
//! (the screenshot is checked for colour).

use std::collections::HashSet;
use std::path::Path;
use std::process::Command as Process;

use crate::common::{hashbench, quick_run, run_ok, QUICK};

/// The checks every HTML page passes: a document with SVG charts drawn (paths or
/// rectangles), tables, and no URL that points at the network.
fn assert_page(html: &str, charts: usize) {
    assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
    assert!(
        html.matches("<svg").count() >= charts,
        "too few charts: {html}"
    );
    assert!(
        html.contains("<polyline") || html.contains("<rect"),
        "no data drawn"
    );
    assert!(html.contains("<table>"));
    assert!(!html.contains("<script") && !html.contains('\u{1b}'));
    for attr in ["src=", "href=", "url("] {
        for (i, _) in html.match_indices(attr) {
            let after = &html[i..(i + 40).min(html.len())];
            assert!(
                !after.contains("http://") && !after.contains("https://"),
                "{after}"
            );
        }
    }
}

#[test]
fn run_report_and_compare_write_html() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("run.html");
    run_ok(
        hashbench()
            .args(QUICK)
            .args(["--format", "html", "-o"])
            .arg(&page),
    );
    // QUICK: two checksums at two sizes: one throughput chart and two rankings.
    assert_page(&std::fs::read_to_string(&page).unwrap(), 3);

    let a = quick_run(dir.path(), "a.json");
    let b = quick_run(dir.path(), "b.json");
    let out = run_ok(hashbench().arg("report").arg(&a).args(["--format", "html"]));
    let html = String::from_utf8(out.stdout).unwrap();
    assert_page(&html, 3);
    assert!(html.contains("crc32/crc32fast") && html.contains("Throughput: checksum"));

    let out = run_ok(
        hashbench()
            .arg("compare")
            .arg(&a)
            .arg(&b)
            .args(["--format", "html"]),
    );
    let html = String::from_utf8(out.stdout).unwrap();
    assert_page(&html, 1);
    assert!(html.contains("Change in time per call") && html.contains("noise +5 %"));
}

/// Hosts of Chromium's own background services (update checks, accounts): the browser
/// asks for them whatever the page, and the resolver rule fails them. Any other URL in
/// the network log would be the page's.
const BROWSER_HOSTS: [&str; 4] = ["google.com", "googleapis.com", "gvt1.com", "~notfound"];

fn page_requests(netlog: &str) -> Vec<String> {
    let mut found = Vec::new();
    for scheme in ["http://", "https://", "ws://", "wss://"] {
        for (i, _) in netlog.match_indices(scheme) {
            let rest = &netlog[i + scheme.len()..];
            let host: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || matches!(c, '.' | '-' | '~' | '_'))
                .collect();
            let browser = BROWSER_HOSTS
                .iter()
                .any(|h| host == *h || host.ends_with(&format!(".{h}")));
            if !browser {
                found.push(format!("{scheme}{host}"));
            }
        }
    }
    found
}

/// Distinct colours, and pixels of a clear hue (lines, bands, bars: the text and the
/// grid are grey), in an RGB(A) screenshot.
fn colours(png_path: &Path) -> (usize, usize) {
    let file =
        std::io::BufReader::new(std::fs::File::open(png_path).expect("the screenshot exists"));
    let mut reader = png::Decoder::new(file).read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a PNG of sensible size")];
    let info = reader.next_frame(&mut buf).expect("a PNG frame");
    let step = info.color_type.samples();
    assert!(step >= 3, "an RGB screenshot: {:?}", info.color_type);
    let mut distinct = HashSet::new();
    let mut hued = 0;
    for px in buf[..info.buffer_size()].chunks(step) {
        let (r, g, b) = (px[0], px[1], px[2]);
        distinct.insert((r, g, b));
        if r.max(g).max(b) - r.min(g).min(b) > 60 {
            hued += 1;
        }
    }
    (distinct.len(), hued)
}

#[test]
fn the_page_renders_in_headless_chromium_offline() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let which = Process::new("sh")
        .args(["-c", "command -v chromium"])
        .output()
        .unwrap();
    assert!(
        which.status.success(),
        "chromium is missing: run scripts/bootstrap (it installs Debian's chromium)"
    );
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("run.html");
    run_ok(
        hashbench()
            .args(QUICK)
            .args(["--format", "html", "-o"])
            .arg(&page),
    );
    let shot = dir.path().join("run.png");
    let netlog = dir.path().join("net.json");
    // The script gives Chromium a temporary profile, --no-sandbox and a 120 s timeout,
    // so a hung browser fails this test instead of hanging it.
    let out = Process::new(root.join("scripts/report-screenshot"))
        .arg(&page)
        .arg(&shot)
        .arg("1000,2400")
        .env("HASHBENCH_NETLOG", &netlog)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "report-screenshot failed: {stderr}");
    let console: Vec<&str> = stderr.lines().filter(|l| l.contains(":CONSOLE")).collect();
    assert!(console.is_empty(), "console messages: {console:#?}");
    let log = std::fs::read_to_string(&netlog).expect("Chromium wrote its network log");
    assert!(log.contains("run.html"), "the log saw the page load: {log}");
    assert_eq!(
        page_requests(&log),
        Vec::<String>::new(),
        "the page made requests"
    );
    let (distinct, hued) = colours(&shot);
    assert!(distinct > 50, "{distinct} colours: a blank page?");
    assert!(
        hued > 2000,
        "{hued} coloured pixels: the charts did not draw"
    );
}
