//! `recommend --from A --from B ...`: the line per size under the machines' answers
//! that says whether they agree.

use hashbench_analysis::agreement::Agreement;

use crate::format::size;

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
