//! The loader against random damage: a real run file (`fixtures/run-v2.json`, written by
//! `hashbench run crc32/crc32fast adler32/adler2 --sizes 64,4k --time 0.02 --seed 5
//! --format json`), mutated at random, byte by byte and value by value. Whatever the
//! mutation, loading never panics; and a file the loader accepts renders in every
//! format and layout, and compares with the original, without panicking either: the
//! loader's checks are what the renderers rely on.

use proptest::prelude::*;
use serde_json::Value;

use hashbench_analysis::compare::compare;
use hashbench_model::{load_run, Layout};

const RUN: &str = include_str!("../../../../fixtures/run-v2.json");

fn render_everything(run: &hashbench_model::Run) {
    let _ = hashbench_report::render::text::terminal(run);
    let _ = hashbench_report::render::text::markdown(run);
    let _ = hashbench_report::render::csv::csv(run);
    let _ = hashbench_report::render::json::json(run);
    let _ = hashbench_report::render::cycles::terminal(run);
    let _ = hashbench_report::render::cycles::markdown(run);
    for name in Layout::NAMES {
        if let Some(layout) = Layout::parse(name) {
            let _ = hashbench_report::render::layouts::render(run, layout);
        }
    }
    let original = load_run("original", RUN).expect("the fixture loads");
    let c = compare(&original, run, 0.02);
    let _ = hashbench_report::render::compare::render("a", &original, "b", run, &c, false);
}

/// Every leaf of `value`, as a path of keys and indices.
fn leaves(value: &Value, path: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                path.push(Value::String(k.clone()));
                leaves(v, path, out);
                path.pop();
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                path.push(Value::from(i));
                leaves(v, path, out);
                path.pop();
            }
        }
        _ => out.push(path.clone()),
    }
}

fn at<'a>(value: &'a mut Value, path: &[Value]) -> &'a mut Value {
    path.iter().fold(value, |v, key| match key {
        Value::String(k) => &mut v[k.as_str()],
        Value::Number(i) => &mut v[i.as_u64().unwrap_or(0) as usize],
        _ => v,
    })
}

/// Values a hostile or broken file might hold in place of any other.
fn hostile_values() -> Vec<Value> {
    vec![
        Value::Null,
        Value::Bool(true),
        0.into(),
        (-1).into(),
        1e308.into(),
        (-1e308).into(),
        5e-324.into(),
        u64::MAX.into(),
        i64::MIN.into(),
        "".into(),
        "\u{1b}]0;title\u{7}".into(),
        "<script>alert(1)</script>".into(),
        "a|b\n| forged | row |".into(),
        "x".repeat(10_000).into(),
        serde_json::json!([]),
        serde_json::json!({}),
        serde_json::json!([1e308, -1, null]),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn a_value_replaced_anywhere_never_panics(picks in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 1..4)) {
        let mut run: Value = serde_json::from_str(RUN).expect("the fixture is JSON");
        let mut paths = Vec::new();
        leaves(&run, &mut Vec::new(), &mut paths);
        let values = hostile_values();
        for (where_, what) in picks {
            let path = where_.get(&paths).clone();
            *at(&mut run, &path) = what.get(&values).clone();
        }
        if let Ok(loaded) = load_run("mutated", &run.to_string()) {
            render_everything(&loaded);
        }
    }

    #[test]
    fn damaged_bytes_never_panic(edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..8)) {
        let mut bytes = RUN.as_bytes().to_vec();
        for (where_, byte, kind) in edits {
            if bytes.is_empty() {
                break;
            }
            let i = where_.index(bytes.len());
            match kind {
                0 => bytes[i] = byte,
                1 => { bytes.remove(i); }
                _ => bytes.truncate(i),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(loaded) = load_run("damaged", &text) {
            render_everything(&loaded);
        }
    }
}

#[test]
fn the_fixture_itself_loads_and_renders() {
    let run = load_run("fixture", RUN).expect("a real run loads");
    assert_eq!(run.cells.len(), 4);
    assert_eq!(run.baselines.len(), 6);
    render_everything(&run);
}
