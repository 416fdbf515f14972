//! `recommend --from A --from B ...`: each machine's answer, then whether they agree.

use hashbench_analysis::agreement::Agreement;
use hashbench_analysis::recommend::Recommendation;
use hashbench_model::Run;

use super::document;
use crate::format::size;

/// `recommend --from A --from B ...`: each machine's answer (its run from `runs`, and
/// from `answers` its file's name and its recommendations), then one line per size
/// saying whether the machines agree; as JSON, `{"machines": [...], "agree": [...]}`.
///
/// # Errors
///
/// JSON serialization.
pub fn machines_document(
    runs: &[Run],
    answers: &[(String, Vec<Recommendation>)],
    agree: &[Agreement],
    as_json: bool,
) -> serde_json::Result<String> {
    let mut out = String::new();
    let mut docs = Vec::new();
    for (i, (run, (name, recs))) in runs.iter().zip(answers).enumerate() {
        let doc = document(run, Some(name.clone()), recs, as_json)?;
        if as_json {
            docs.push(serde_json::from_str::<serde_json::Value>(&doc)?);
        } else {
            let name = crate::render::sanitize::escaped(name);
            out.push_str(&format!(
                "== {}: {name} ==\n{doc}\n",
                crate::render::machines::letter(i)
            ));
        }
    }
    if as_json {
        let mut s =
            serde_json::to_string_pretty(&serde_json::json!({ "machines": docs, "agree": agree }))?;
        s.push('\n');
        return Ok(s);
    }
    out.push_str(&agreement_text(agree));
    Ok(out)
}

/// Under the answers of several machines: per size, each machine's answer and whether
/// they agree (`recommend --from A --from B`).
#[must_use]
pub fn agreement_text(agree: &[Agreement]) -> String {
    let mut out = String::from("Across the machines:\n");
    for a in agree {
        let each: Vec<String> = a
            .answers
            .iter()
            .enumerate()
            .map(|(i, x)| {
                format!(
                    "{}: {}",
                    crate::render::machines::letter(i),
                    x.as_deref().map_or("no answer".to_string(), |s| {
                        crate::render::sanitize::escaped(s).into_owned()
                    })
                )
            })
            .collect();
        out.push_str(&format!(
            "  {}: {} ({})\n",
            size(a.size),
            if a.same {
                "the same answer"
            } else {
                "the answer differs"
            },
            each.join(", ")
        ));
    }
    out
}
