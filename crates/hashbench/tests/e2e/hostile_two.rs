//! The hostile corpus, round two (issue 33): endless inputs, files that contradict
//! themselves, escape sequences through error messages and adapters, adapters that hang
//! or outlive hashbench, messages that point at the wrong thing, suite files, output,
//! cost and a standard output opened read-write. Each case is a row of the table in
//! docs/reliability.md, written by `hostile.rs`; none depends on the machine's speed.

// The cases are helper functions of one test: a failed setup step fails the test.
#![allow(clippy::unwrap_used)]

use std::ffi::OsString;
use std::io::Write;
use std::os::unix::ffi::OsStringExt;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use serde_json::Value;

use crate::common::edit::scale_cell;
use crate::common::{hashbench, show};
use crate::hostile::{edited_run, run_with, Bench};

const ESC: u8 = 0x1b;
const BEL: u8 = 0x07;

/// Neither stream holds an escape byte or a bell.
fn inert(out: &Output) {
    for (name, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
        assert!(
            !bytes.contains(&ESC) && !bytes.contains(&BEL),
            "raw escape on {name}\n{}",
            show(out)
        );
    }
}

/// `hashbench` as a plain command, for what `assert_cmd` cannot set up.
fn bare() -> Command {
    Command::new(assert_cmd::cargo::cargo_bin("hashbench"))
}

pub(crate) fn endless(b: &mut Bench) {
    let saved = edited_run(b, "saved.json", |_| {});
    for (args, tried) in [
        (&["report", "/dev/zero"][..], "hashbench report /dev/zero"),
        (
            &[
                "recommend",
                "--size",
                "64",
                "--need",
                "checksum",
                "--from",
                "/dev/zero",
            ],
            "hashbench recommend --size 64 --need checksum --from /dev/zero",
        ),
        (
            &["suite", "--file", "/dev/zero"],
            "hashbench suite --file /dev/zero",
        ),
    ] {
        let out = run_with(args, &[]);
        b.record(
            ("endless input", tried),
            &out,
            (2, "more than the"),
            "refused one byte past the limit, not read to the end",
        );
    }
    let out = run_with(
        &["compare"],
        &[
            saved.clone().into(),
            saved.clone().into(),
            "/dev/zero".into(),
        ],
    );
    b.record(
        (
            "endless input",
            "hashbench compare DIR/saved.json DIR/saved.json /dev/zero",
        ),
        &out,
        (2, "more than the"),
        "refused one byte past the limit, not read to the end",
    );

    // A FIFO fed without end by another process.
    let fifo = b.path("endless.fifo");
    let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut f = std::fs::OpenOptions::new().write(true).open(fifo).unwrap();
            let block = vec![b'['; 1 << 16];
            // Until the reader closes its end (a broken pipe).
            while f.write_all(&block).is_ok() {}
        })
    };
    let out = run_with(&["compare", "--published"], &[fifo.into()]);
    writer.join().unwrap();
    b.record(
        (
            "endless input",
            "hashbench compare --published DIR/endless.fifo  # fed without end",
        ),
        &out,
        (2, "more than the"),
        "refused one byte past the limit; the writer saw the pipe closed",
    );

    // Known answers read from a device, as `--vectors` reads a directory.
    let vectors = b.path("zero-vectors");
    std::fs::create_dir(&vectors).unwrap();
    std::os::unix::fs::symlink("/dev/zero", vectors.join("crc32.json")).unwrap();
    let out = run_with(&["verify", "crc32", "--vectors"], &[vectors.into()]);
    b.record(
        (
            "endless input",
            "ln -s /dev/zero DIR/zero-vectors/crc32.json; hashbench verify crc32 --vectors DIR/zero-vectors",
        ),
        &out,
        (2, "more than the"),
        "refused one byte past the limit",
    );

    let out = run_with(&["sum", "-i", "foldhash-fast", "/dev/zero"], &[]);
    assert!(out.stdout.is_empty(), "{}", show(&out));
    b.record(
        ("endless input", "hashbench sum -i foldhash-fast /dev/zero"),
        &out,
        (1, "which this implementation would hold whole"),
        "said before reading that it cannot stream; refused past 64 MiB, not read to the end",
    );
}

/// The one-cell run with its cell given twice, the second `factor` times as slow.
fn with_twin(r: &mut Value, factor: f64) {
    let mut twin = r["cells"][0].clone();
    scale_cell(&mut twin, factor);
    r["cells"].as_array_mut().unwrap().push(twin);
}

pub(crate) fn lying_files(b: &mut Bench) {
    let saved = b.path("saved.json");
    let dup = edited_run(b, "dup.json", |r| with_twin(r, 10.0));
    let out = run_with(
        &["compare"],
        &[
            saved.clone().into(),
            dup.clone().into(),
            "--fail-on-regression".into(),
            "5".into(),
        ],
    );
    b.record(
        (
            "lying files",
            "hashbench compare DIR/saved.json DIR/dup.json --fail-on-regression 5  # one cell twice, 10x apart",
        ),
        &out,
        (2, "the same cell as"),
        "refused, not judged a regression",
    );
    let out = run_with(&["report"], &[dup.into()]);
    b.record(
        ("lying files", "hashbench report DIR/dup.json"),
        &out,
        (2, "the same cell as"),
        "refused, not listed twice",
    );

    let lie = edited_run(b, "lie.json", |r| {
        r["cells"][0]["algorithm"] = "sha3-512".into();
    });
    let out = run_with(
        &["recommend", "--size", "64", "--need", "crypto", "--from"],
        &[lie.into()],
    );
    b.record(
        (
            "lying files",
            "hashbench recommend --size 64 --need crypto --from DIR/lie.json  # crc32/crc32fast says sha3-512",
        ),
        &out,
        (2, "is an implementation of crc32"),
        "refused, never answered as sha3-512",
    );

    // The times, not the stored rates: an infinite implied rate used to pass as "within
    // tolerance" of the stored one.
    let tiny = edited_run(b, "tiny.json", |r| {
        let c = &mut r["cells"][0];
        for k in ["min", "median", "q1"] {
            c["summary"][k] = 5e-324.into();
        }
        c["summary"]["median_ci"]["low"] = 5e-324.into();
        c["figure"]["median_ns"] = 5e-324.into();
        c["figure"]["ci_low_ns"] = 5e-324.into();
    });
    for (command, tried) in [
        (
            &["report"][..],
            "hashbench report DIR/tiny.json  # median: 5e-324 ns",
        ),
        (
            &["compare", "--view", "changes"],
            "hashbench compare DIR/tiny.json DIR/tiny.json",
        ),
    ] {
        let mut extra: Vec<OsString> = vec![tiny.clone().into()];
        if command[0] == "compare" {
            extra.push(tiny.clone().into());
        }
        let out = run_with(command, &extra);
        b.record(
            ("lying files", tried),
            &out,
            (2, "not a time per call"),
            "refused: no infinite rate is shown or compared",
        );
    }

    let eq = edited_run(b, "eq.json", |r| r["config"]["equivalence"] = 1e300.into());
    let out = run_with(&["report"], &[eq.into()]);
    b.record(
        (
            "lying files",
            "hashbench report DIR/eq.json  # config.equivalence: 1e300",
        ),
        &out,
        (2, "config.equivalence"),
        "refused as the command line refuses 50 % and above",
    );
}

/// A folder of adapters holding only the test adapter, as the `python` runtime.
fn fake_adapters(b: &Bench) -> PathBuf {
    let dir = b.path("adapters");
    if !dir.exists() {
        std::fs::create_dir_all(dir.join("python")).unwrap();
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fixtures/fake-adapter/run");
        std::fs::copy(src, dir.join("python/run")).unwrap();
    }
    dir
}

/// `hashbench ARGS` with the test adapter misbehaving as `mode` says.
fn with_adapter(b: &Bench, mode: &str, args: &[&str]) -> Output {
    hashbench()
        .env("HASHBENCH_ADAPTERS", fake_adapters(b))
        .env("FAKE_ADAPTER_MODE", mode)
        .args(args)
        .output()
        .unwrap()
}

pub(crate) fn escapes(b: &mut Bench) {
    let saved = b.path("saved.json");
    let hostile = OsString::from_vec(b"cut\x1b[31mRED\x07\nFAKE.json".to_vec());
    let out = run_with(
        &["compare"],
        &[saved.clone().into(), saved.clone().into(), hostile.clone()],
    );
    inert(&out);
    assert!(!String::from_utf8_lossy(&out.stderr)
        .lines()
        .any(|l| l.starts_with("FAKE")));
    b.record(
        (
            "escapes",
            "hashbench compare DIR/saved.json DIR/saved.json $'cut\\e[31mRED\\a\\nFAKE.json'",
        ),
        &out,
        (2, "cut\\u{1b}[31mRED\\u{7} FAKE.json"),
        "no escape byte on either stream; the name forges no line",
    );
    let out = run_with(
        &["recommend", "--size", "64", "--need", "checksum", "--from"],
        &[hostile],
    );
    inert(&out);
    b.record(
        (
            "escapes",
            "hashbench recommend --size 64 --need checksum --from $'cut\\e[31mRED\\a\\nFAKE.json'",
        ),
        &out,
        (2, "cut\\u{1b}[31mRED\\u{7} FAKE.json"),
        "no escape byte on either stream",
    );
    let out = run_with(
        &["sum", "-i", "crc32/crc32fast"],
        &[OsString::from_vec(b"no\x1b[31mpe".to_vec())],
    );
    inert(&out);
    b.record(
        ("escapes", "hashbench sum -i crc32/crc32fast $'no\\e[31mpe'"),
        &out,
        (1, "no\\u{1b}[31mpe"),
        "no escape byte on either stream",
    );

    // What each prints on standard output (the adapter's words, made inert).
    for (mode, args, shows, tried) in [
        (
            "garbage",
            &["list", "python"][..],
            "a hello reply that is not JSON",
            "hashbench list python  # its adapter answers hello with ESC ]0;pwned BEL ESC [31m",
        ),
        (
            "escapes",
            &["list", "python"],
            "crc32/python:good",
            "hashbench list python  # ESC sequences in its hello's provider and backend",
        ),
        (
            "die",
            &["verify", "python"],
            "unavailable here: dying",
            "hashbench verify python  # its adapter writes ESC sequences to stderr and exits",
        ),
    ] {
        let out = with_adapter(b, mode, args);
        inert(&out);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(shows), "{}", show(&out));
        assert!(text.contains("\\u{1b}]0;pwned\\u{7}"), "{}", show(&out));
        assert!(
            !text.lines().any(|l| l.starts_with("FAKE LINE")),
            "{}",
            show(&out)
        );
        b.record(
            ("escapes", tried),
            &out,
            (0, shows),
            "its words are shown with ESC and BEL as \\u{1b} and \\u{7}; no forged line",
        );
    }

    // Labels from a suite run, as a seed layout shows them in Markdown.
    let labels = edited_run(b, "labels.json", |r| {
        r["suite"] = serde_json::json!({
            "name": "x", "layout": "default",
            "labels": {"crc32/crc32fast": "<script>alert(1)</script><img src=x onerror=alert(2)>|"},
            "notes": ["<img src=y onerror=alert(3)>"]
        });
    });
    for layout in ["divan", "crystal", "node", "openssl-speed"] {
        let out = run_with(
            &["report", "--format", "markdown", "--layout", layout],
            &[labels.clone().into()],
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            !text.contains("<script") && !text.contains("<img") && text.contains("&lt;script&gt;"),
            "{layout}: {text}"
        );
        assert!(
            text.starts_with("<pre>\n") && text.ends_with("</pre>\n"),
            "{text}"
        );
        b.record(
            (
                "escapes",
                &format!("hashbench report --format markdown --layout {layout} DIR/labels.json  # <script>, <img onerror> labels"),
            ),
            &out,
            (0, ""),
            "the layout is preformatted text (a `pre` block) with `<`, `>` and `&` escaped: no markup reaches a page",
        );
    }
}

/// The first CPU this process may run on, alone: a machine of one logical CPU.
fn one_cpu(cmd: &mut Command) -> &mut Command {
    // SAFETY: sched_getaffinity and sched_setaffinity only read and set the child's own
    // affinity mask, between fork and exec; both are async-signal-safe.
    unsafe {
        cmd.pre_exec(|| {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            if libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            let first = (0..libc::CPU_SETSIZE as usize)
                .find(|&c| libc::CPU_ISSET(c, &set))
                .unwrap_or(0);
            let mut one: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_SET(first, &mut one);
            if libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &one) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        })
    }
}

pub(crate) fn adapters(b: &mut Bench) {
    // Hung in hello: listed unavailable after the hello's short limit, not two minutes.
    let out = with_adapter(b, "hang", &["list", "python"]);
    b.record(
        (
            "adapters",
            "hashbench list python  # its adapter never answers",
        ),
        &out,
        (0, "no answer to hello within 10 s"),
        "the runtime is listed unavailable with why; the adapter was stopped",
    );

    // SIGTERM while the adapter is in a minute-long `time` request.
    let pids = b.path("adapter.pids");
    let result = b.path("term-adapter.json");
    let child = bare()
        .env("HASHBENCH_ADAPTERS", fake_adapters(b))
        .env("FAKE_ADAPTER_MODE", "slow")
        .env("FAKE_ADAPTER_PIDS", &pids)
        .args([
            "run",
            "crc32/python:good",
            "--sizes",
            "64",
            "--time",
            "0.02",
            "-q",
        ])
        .args(["--format", "json", "-o"])
        .arg(&result)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Verification is by digest requests; the signal goes once the adapter says its first
    // `time` request has begun (it then sleeps). Waits for conditions only.
    let timing = b.path("adapter.pids.timing");
    let mut waited = 0;
    while !timing.exists() && waited < 6000 {
        std::thread::sleep(Duration::from_millis(10));
        waited += 1;
    }
    assert!(timing.exists(), "the adapter never began a time request");
    let ids = std::fs::read_to_string(&pids).unwrap();
    // SAFETY: a signal to the child this test started.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let out = child.wait_with_output().unwrap();
    let running = |pid: &str| {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
            s.rsplit_once(')')
                .is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z'))
        })
    };
    let mut tries = 0;
    while ids.split_whitespace().any(running) && tries < 500 {
        std::thread::sleep(Duration::from_millis(10));
        tries += 1;
    }
    for pid in ids.split_whitespace() {
        assert!(
            !running(pid),
            "process {pid} outlived hashbench\n{}",
            show(&out)
        );
    }
    assert_eq!(
        crate::common::read_json(&result)["complete"],
        Value::Bool(false)
    );
    b.record(
        (
            "adapters",
            "hashbench run crc32/python:good ... -o DIR/term-adapter.json  # SIGTERM during a minute-long time request",
        ),
        &out,
        (143, ""),
        "the adapter and the process it started are gone; the partial result is written",
    );

    let out = with_adapter(
        b,
        "zero-ns",
        // A fixed seed: the shuffled order decides which of the two cells fails first,
        // and so the order of the reasons in the message.
        &[
            "run",
            "crc32/python:good",
            "--sizes",
            "64",
            "--time",
            "0.02",
            "--seed",
            "5",
            "-q",
            "--format",
            "json",
        ],
    );
    let run: Value = serde_json::from_slice(&out.stdout).unwrap();
    let reasons: Vec<&str> = run["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["reason"].as_str().unwrap())
        .collect();
    assert!(reasons.contains(&"adapter-failed"), "{reasons:?}");
    assert!(
        !reasons.contains(&"wrong-digest-under-measurement"),
        "{reasons:?}"
    );
    b.record(
        (
            "adapters",
            "hashbench run crc32/python:good ... --seed 5  # its adapter times every batch at 0 ns",
        ),
        &out,
        (1, "no implementation was measured"),
        "skipped as adapter-failed (a broken timer), not as a wrong digest",
    );
}

pub(crate) fn messages(b: &mut Bench) {
    let saved = b.path("saved.json");
    let keys = b.path("keys.json");
    let made = run_with(
        &[
            "run",
            "fxhash/rustc-hash",
            "--sizes",
            "8",
            "--mode",
            "latency",
            "--pattern",
            "keys:u64",
            "--time",
            "0.02",
            "-q",
            "--format",
            "json",
            "-o",
        ],
        &[keys.clone().into()],
    );
    assert_eq!(made.status.code(), Some(0), "{}", show(&made));
    let out = run_with(
        &["recommend", "--size", "8", "--need", "hash-table", "--from"],
        &[keys.clone().into(), "--from".into(), saved.clone().into()],
    );
    b.record(
        (
            "messages",
            "hashbench recommend --size 8 --need hash-table --from DIR/keys.json --from DIR/saved.json",
        ),
        &out,
        (2, "saved.json: the run has no latency cells"),
        "the file that cannot answer is named",
    );
    let out = run_with(
        &[
            "recommend",
            "--size",
            "8",
            "--need",
            "hash-table",
            "--key",
            "str",
            "--from",
        ],
        &[keys.clone().into()],
    );
    b.record(
        (
            "messages",
            "hashbench recommend --size 8 --need hash-table --key str --from DIR/keys.json  # a keys:u64 run",
        ),
        &out,
        (2, "are called keys:u64, not keys:str"),
        "says what rules the cells out, not that 8 B is missing",
    );
    let wide = edited_run(b, "wide.json", |r| r["cells"][0]["threads"] = 65536.into());
    let out = run_with(
        &["recommend", "--size", "64", "--need", "checksum", "--from"],
        &[wide.into()],
    );
    b.record(
        (
            "messages",
            "hashbench recommend --size 64 --need checksum --from DIR/wide.json  # cells on 65,536 threads",
        ),
        &out,
        (2, "are on 65536 threads"),
        "says what rules the cells out",
    );
    let bare_cells = edited_run(b, "no-algorithm.json", |r| {
        r["cells"][0].as_object_mut().unwrap().remove("algorithm");
    });
    let out = run_with(
        &["recommend", "--size", "64", "--need", "checksum", "--from"],
        &[bare_cells.into()],
    );
    b.record(
        (
            "messages",
            "hashbench recommend --size 64 --need checksum --from DIR/no-algorithm.json",
        ),
        &out,
        (2, "algorithm: missing"),
        "refused at loading, naming the field",
    );
    let out = run_with(&["recommend", "--size", "1024g", "--need", "checksum"], &[]);
    b.record(
        (
            "messages",
            "hashbench recommend --size 1024g --need checksum",
        ),
        &out,
        (2, "--size: 1024 GiB"),
        "names --size, recommend's flag; refused before measuring",
    );
    b.redact_last("allows (", " at most");
    let suite = b.path("huge-size.toml");
    std::fs::write(
        &suite,
        "name = \"x\"\ndescription = \"d\"\nimplementations = [\"crc32\"]\nsizes = \"1024g\"\n",
    )
    .unwrap();
    let out = run_with(&["suite", "--file"], &[suite.into()]);
    b.record(
        (
            "messages",
            "hashbench suite --file DIR/huge-size.toml  # sizes = \"1024g\"",
        ),
        &out,
        (2, "key `sizes`: 1024 GiB"),
        "names the file and its key, not --sizes",
    );
    b.redact_last("allows (", " at most");
    let out = one_cpu(bare().args([
        "recommend",
        "--size",
        "64",
        "--need",
        "checksum",
        "--threads",
        "5",
    ]))
    .output()
    .unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("--allow-oversubscribe"));
    b.record(
        (
            "messages",
            "taskset -c 0 hashbench recommend --size 64 --need checksum --threads 5  # one logical CPU",
        ),
        &out,
        (2, "give at most 4"),
        "no advice to add a flag recommend does not take",
    );
    let abc = b.path("abc");
    std::fs::write(&abc, "abc").unwrap();
    let out = run_with(&["sum", "-i", "sha2-256/OPENSSL"], &[abc.into()]);
    assert!(out.stdout.starts_with(b"ba7816bf"), "{}", show(&out));
    b.record(
        ("messages", "hashbench sum -i sha2-256/OPENSSL DIR/abc"),
        &out,
        (0, ""),
        "ids are matched in any case, as SHA256 is",
    );
    let cut = b.path("cut-run.json");
    let made = run_with(
        &[
            "run",
            "crc32/crc32fast",
            "adler32/adler2",
            "--sizes",
            "64,4k",
            "--time",
            "0.02",
            "-q",
            "--format",
            "json",
            "-o",
        ],
        &[cut.clone().into()],
    );
    assert_eq!(made.status.code(), Some(0), "{}", show(&made));
    let mut run = crate::common::read_json(&cut);
    run["complete"] = false.into();
    std::fs::write(&cut, run.to_string()).unwrap();
    let out = run_with(
        &["crossover", "crc32/crc32fast", "adler32/adler2", "--from"],
        &[cut.into()],
    );
    assert!(
        String::from_utf8_lossy(&out.stdout).starts_with("INCOMPLETE: the run was interrupted"),
        "{}",
        show(&out)
    );
    b.record(
        (
            "messages",
            "hashbench crossover crc32/crc32fast adler32/adler2 --from DIR/cut-run.json  # complete: false",
        ),
        &out,
        (0, ""),
        "the table starts INCOMPLETE: the run was interrupted",
    );
}

pub(crate) fn suites(b: &mut Bench) {
    let base = "name = \"x\"\ndescription = \"d\"\nimplementations = [\"crc32\"]\nsizes = \"64\"\n";
    for (name, extra, says, tried, checked) in [
        (
            "typo.toml",
            "[labels]\n\"crc32/crc32fst\" = \"crc32\"\n",
            "names no implementation the suite selects; did you mean",
            "hashbench suite --file DIR/typo.toml  # [labels] \"crc32/crc32fst\"",
            "a typo in a label is an error, never a label that names nothing",
        ),
        (
            "seed.toml",
            "published_seeds = [99]\n",
            "there is no seed 99",
            "hashbench suite --file DIR/seed.toml  # published_seeds = [99]",
            "the seeds that exist are named",
        ),
    ] {
        let path = b.path(name);
        std::fs::write(&path, format!("{base}{extra}")).unwrap();
        let out = run_with(&["suite", "--file"], &[path.into()]);
        b.record(("suites", tried), &out, (2, says), checked);
    }
    let deep = b.path("deep.toml");
    std::fs::write(
        &deep,
        format!("{base}x = {}{}\n", "[".repeat(100_000), "]".repeat(100_000)),
    )
    .unwrap();
    let out = run_with(&["suite", "--file"], &[deep.into()]);
    assert!(
        out.stderr.len() < 2000,
        "{} bytes of error",
        out.stderr.len()
    );
    b.record(
        (
            "suites",
            "hashbench suite --file DIR/deep.toml  # arrays nested 100,000 deep",
        ),
        &out,
        (2, "more bytes)"),
        "the message is bounded (under 2,000 bytes), not 200 KB",
    );
}

/// `run` as the one-cell saved run, from another machine named `cpu`, with `n`
/// implementations (`crc32/gen-N`) all of whose figures are the one cell's.
fn machine_of(run: &Value, cpu: &str, n: usize) -> Value {
    let mut r = run.clone();
    r["host"]["cpu_model"] = cpu.into();
    let cell = r["cells"][0].clone();
    r["cells"] = (0..n)
        .map(|i| {
            let mut c = cell.clone();
            c["implementation"] = format!("crc32/gen-{i:05}").into();
            c
        })
        .collect();
    r
}

pub(crate) fn output(b: &mut Bench) {
    let c4k = b.path("c4k.json");
    let made = run_with(
        &[
            "run",
            "crc32/crc32fast",
            "--sizes",
            "4k",
            "--time",
            "0.02",
            "-q",
            "--format",
            "json",
            "-o",
        ],
        &[c4k.clone().into()],
    );
    assert_eq!(made.status.code(), Some(0), "{}", show(&made));
    let out = run_with(
        &["compare", "--published", "--format", "markdown"],
        &[c4k.into()],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("| published | size | figure | per call | this machine |")
            && text.contains("\n## Seed "),
        "{text}"
    );
    b.record(
        (
            "output",
            "hashbench compare --published DIR/c4k.json --format markdown",
        ),
        &out,
        (0, ""),
        "Markdown headings and tables, not the terminal's",
    );

    let saved = crate::common::read_json(&b.path("saved.json"));
    let mut files: Vec<OsString> = Vec::new();
    for (name, cpu) in [
        ("m-a.json", "Machine A"),
        ("m-b.json", "Machine Bee"),
        ("m-c.json", "Machine Cee"),
    ] {
        let path = b.path(name);
        std::fs::write(&path, machine_of(&saved, cpu, 3).to_string()).unwrap();
        files.push(path.into());
    }
    let out = hashbench()
        .env("COLUMNS", "80")
        .arg("compare")
        .args(&files)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let table: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("implementation"))
        .take_while(|l| !l.is_empty())
        .collect();
    assert!(table.len() > 1, "{text}");
    assert!(table.iter().all(|l| l.chars().count() <= 80), "{text}");
    b.record(
        (
            "output",
            "COLUMNS=80 hashbench compare DIR/m-a.json DIR/m-b.json DIR/m-c.json  # three machines",
        ),
        &out,
        (0, ""),
        "every row of the machines view fits 80 columns (the ratios' intervals give way too)",
    );

    // Cost: compare linear in the cells. Its time is shown by scripts/compare-scale (docs),
    // never asserted here; this case runs the path that was quadratic.
    let mut many: Vec<OsString> = Vec::new();
    for (name, cpu) in [
        ("many-a.json", "Machine A"),
        ("many-b.json", "Machine Bee"),
        ("many-c.json", "Machine Cee"),
    ] {
        let path = b.path(name);
        std::fs::write(&path, machine_of(&saved, cpu, 14_000).to_string()).unwrap();
        many.push(path.into());
    }
    let out = run_with(&["compare", "--format", "json"], &many);
    let view: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(view["rows"].as_array().unwrap().len(), 14_000 + 3);
    b.record(
        (
            "cost",
            "hashbench compare DIR/many-a.json DIR/many-b.json DIR/many-c.json  # 14,000 implementations each",
        ),
        &out,
        (0, ""),
        "every row and ranking; compare is linear in the cells (its time: scripts/compare-scale)",
    );
    let out = run_with(
        &[
            "run",
            "crc32/crc32fast",
            "--sizes",
            "64",
            "--time",
            "0.02",
            "--force-progress",
            "--format",
            "json",
        ],
        &[],
    );
    b.record(
        (
            "cost",
            "hashbench run crc32/crc32fast --sizes 64 --time 0.02",
        ),
        &out,
        (0, "plan:"),
        "the plan's bound counts the warm-ups and says what it leaves out",
    );
}

pub(crate) fn dev_null(b: &mut Bench) {
    let out = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" sum -i crc32/crc32fast /dev/null 1<>/dev/null")
        .arg(assert_cmd::cargo::cargo_bin("hashbench"))
        .output()
        .unwrap();
    b.record(
        (
            "silence",
            "hashbench sum -i crc32/crc32fast /dev/null 1<>/dev/null  # as subprocess.DEVNULL",
        ),
        &out,
        (0, ""),
        "a /dev/null opened read-write is an open output; only a closed one (>&-) is refused",
    );
}
