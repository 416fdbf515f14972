//! The page around the charts: escaping, the inline style sheet, HTML tables and the
//! document itself.
//!
//! Every string that comes from a run (implementation names, backends, host fields,
//! flags, suite names...) is untrusted: a result file can be written by anyone. It goes
//! through [`esc`] (or [`table`], which calls it), which first makes control characters
//! visible (an ANSI escape in a name must not reach a terminal that `cat`s the file) and
//! then HTML-escapes the text with `html-escape`.

/// `text` with every control character (ESC, NUL...) and bidirectional control shown as
/// its code, `\u{1b}`, and line breaks as spaces: the same rule as the terminal's
/// ([`sanitize::escaped`](crate::render::sanitize::escaped)), so the text stays readable
/// and no control byte reaches the output. Labels handed to the charts go through this
/// too (plotters escapes `<`, `&` and quotes in SVG text, but passes control characters
/// through).
pub(crate) fn clean(text: &str) -> String {
    crate::render::sanitize::escaped(text).into_owned()
}

/// `text` cleaned ([`clean`]) and HTML-escaped, for element content and quoted
/// attribute values alike.
pub(crate) fn esc(text: &str) -> String {
    html_escape::encode_safe(&clean(text)).into_owned()
}

/// Preformatted text (a seed layout's aligned table): line breaks kept, everything else
/// as [`esc`].
pub(crate) fn pre(text: &str) -> String {
    let lines: Vec<String> = text.lines().map(esc).collect();
    format!("<pre>{}</pre>\n", lines.join("\n"))
}

/// A heading; `level` 2 for sections, 3 within them.
pub(crate) fn heading(level: u8, text: &str) -> String {
    format!("<h{level}>{}</h{level}>\n", esc(text))
}

/// A paragraph of plain text.
pub(crate) fn para(text: &str) -> String {
    format!("<p>{}</p>\n", esc(text))
}

/// A paragraph in the muted note style.
pub(crate) fn note(text: &str) -> String {
    format!("<p class=\"note\">{}</p>\n", esc(text))
}

/// A definition list of (term, value) pairs: the run's facts.
pub(crate) fn facts(pairs: &[(&str, String)]) -> String {
    let mut out = String::from("<dl>\n");
    for (term, value) in pairs {
        out.push_str(&format!("<dt>{}</dt><dd>{}</dd>\n", esc(term), esc(value)));
    }
    out.push_str("</dl>\n");
    out
}

/// A table: `right[i]` right-aligns column `i` (figures). Every cell is escaped here.
pub(crate) fn table(header: &[&str], rows: &[Vec<String>], right: &[bool]) -> String {
    let class = |i: usize| {
        if right.get(i).copied().unwrap_or(false) {
            " class=\"num\""
        } else {
            ""
        }
    };
    let mut out = String::from("<table>\n<thead><tr>");
    for (i, h) in header.iter().enumerate() {
        out.push_str(&format!("<th{}>{}</th>", class(i), esc(h)));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in rows {
        out.push_str("<tr>");
        for (i, cell) in row.iter().enumerate() {
            out.push_str(&format!("<td{}>{}</td>", class(i), esc(cell)));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n");
    out
}

/// A chart (an SVG from plotters) in a figure with its caption.
pub(crate) fn figure(svg: &str, caption: &str) -> String {
    format!(
        "<figure>\n{svg}\n<figcaption>{}</figcaption>\n</figure>\n",
        esc(caption)
    )
}

/// The style sheet, inline: the page loads nothing.
const STYLE: &str = "
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px;
       color: #222; background: #fff; padding: 0 1em; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
dl { display: grid; grid-template-columns: max-content auto; gap: .2em 1em; }
dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: .5em 0 1em; font-size: .9em; }
th, td { border: 1px solid #ddd; padding: .2em .5em; text-align: left; }
th { background: #f3f3f3; } td.num, th.num { text-align: right;
     font-variant-numeric: tabular-nums; }
figure { margin: 1em 0; } figcaption { color: #555; font-size: .9em; }
svg { max-width: 100%; height: auto; display: block; }
pre { background: #f7f7f7; padding: .5em; overflow-x: auto; font-size: .85em; }
.note { color: #555; font-size: .9em; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; }
ul.legend { list-style: none; padding: 0; margin: 0 0 1.5em; display: flex;
            flex-wrap: wrap; gap: .3em 1.2em; font-size: .85em; }
ul.legend span { display: inline-block; width: 1.8em; height: 0; margin-right: .4em;
                 border-top: 3px solid; vertical-align: middle; }
ul.legend span.dashed { border-top-style: dashed; }
";

/// The whole document. The Content-Security-Policy forbids every load (scripts,
/// styles, images, fonts, connections) except the inline style: the report works from
/// a file, an e-mail attachment or an air-gapped machine, and a string that slipped past
/// the escaping still could not fetch or run anything.
pub(crate) fn document(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src 'unsafe-inline'\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n{body}\
         </body>\n</html>\n",
        esc(title),
        esc(title)
    )
}

#[cfg(test)]
mod tests;
