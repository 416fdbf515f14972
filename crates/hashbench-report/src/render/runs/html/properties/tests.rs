//! The properties table of a run with a crc32 and an adler32 cell (and a hash): the rows,
//! the HD at the run's sizes, the sources, every string escaped; a run file without
//! recorded properties shown from the catalogue given, and said so.

use hashbench_model::testutil::{cell_with, run_with};
use hashbench_model::{AlgorithmClass, AlgorithmProperties, Detection, Fips, Run};

use crate::render::html::Html;
use crate::render::Render;

fn props(id: &str, class: AlgorithmClass, bits: u32) -> AlgorithmProperties {
    AlgorithmProperties {
        id: id.to_string(),
        class,
        output_bits: bits,
        collision_bits: None,
        broken: false,
        standard: None,
        note: String::new(),
        hash: None,
        detection: None,
        fips: None,
    }
}

/// crc32's profile (Koopman's first three lengths), adler32's weakness with a source that
/// tries to open a script, sha2-256 FIPS-approved.
fn catalogue() -> Vec<AlgorithmProperties> {
    let mut crc = props("crc32", AlgorithmClass::Checksum, 32);
    crc.standard = Some("ISO-HDLC".to_string());
    crc.detection = Some(Detection::Profile {
        polynomial: "0x04C11DB7".to_string(),
        koopman: "0x82608edb".to_string(),
        max_bits: vec![4_294_967_263, 91_607, 2_974],
        source: "Koopman, CRC Zoo <0x82608edb>".to_string(),
        lower_bounds: Vec::new(),
    });
    let mut adler = props("adler32", AlgorithmClass::Checksum, 32);
    adler.detection = Some(Detection::Weak {
        weakness: "weak on short inputs".to_string(),
        source: "RFC 3309 <script>alert(1)</script> & \"co\"".to_string(),
    });
    let mut sha = props("sha2-256", AlgorithmClass::CryptographicHash, 256);
    sha.fips = Some(Fips {
        approved: true,
        status: "approved: specified in FIPS 180-4".to_string(),
        source: "FIPS 180-4, https://csrc.nist.gov/pubs/fips/180-4/upd1/final".to_string(),
    });
    sha.detection = Some(Detection::NotApplicable {
        reason: "not a CRC".to_string(),
    });
    vec![crc, adler, sha]
}

/// crc32 at 64 B and 4 KiB (HD 5 and 4: 512 ≤ 2974 bits; 32768 ≤ 91607 but > 2974 bits),
/// adler32 at 64 B.
fn run() -> Run {
    let mut cells = Vec::new();
    for (imp, size) in [
        ("crc32/crc32fast", 64),
        ("crc32/crc32fast", 4096),
        ("adler32/adler2", 64),
    ] {
        let mut c = cell_with(imp, 1, size, 10.0);
        c.algorithm = imp.split('/').next().map(str::to_string);
        cells.push(c);
    }
    run_with(cells)
}

#[test]
fn each_algorithm_of_the_run_has_a_row_with_its_properties_and_sources_escaped() {
    let mut run = run();
    run.properties = catalogue();
    let html = Html::default().render(&run).unwrap();
    assert!(html.contains("<h2>Properties of the algorithms, with sources</h2>"));
    assert!(
        html.contains(
            "<tr><td>crc32</td><td>checksum</td><td class=\"num\">32</td>\
             <td>HD 5 at 64 B, HD 4 at 4 KiB (polynomial 0x04C11DB7)</td><td>-</td>\
             <td>ISO-HDLC</td><td>-</td><td>-</td>\
             <td>detection: Koopman, CRC Zoo &lt;0x82608edb&gt;</td></tr>"
        ),
        "{html}"
    );
    assert!(
        html.contains(
            "<tr><td>adler32</td><td>checksum</td><td class=\"num\">32</td>\
             <td>no guaranteed HD</td><td>weak on short inputs</td><td>-</td><td>-</td>\
             <td>-</td><td>detection: RFC 3309 &lt;script&gt;alert(1)&lt;&#x2F;script&gt; \
             &amp; &quot;co&quot;</td></tr>"
        ),
        "{html}"
    );
    // Only the run's algorithms: sha2-256 is known but not measured.
    assert!(!html.contains("<td>sha2-256</td>"), "{html}");
    assert!(!html.contains("<script>"), "{html}");
    assert!(!html.contains("predates"), "{html}");
}

#[test]
fn a_run_file_without_properties_is_shown_from_the_catalogue_and_says_so() {
    let html = Html::default()
        .with_properties(catalogue())
        .render(&run())
        .unwrap();
    assert!(html.contains("<td>no guaranteed HD</td>"), "{html}");
    assert!(html.contains("predates them"), "{html}");
    // Neither recorded nor given: the section says why it is empty.
    let bare = Html::default().render(&run()).unwrap();
    assert!(
        bare.contains("Not shown: this run file does not record its algorithms"),
        "{bare}"
    );
    assert!(!bare.contains("<td>no guaranteed HD</td>"), "{bare}");
}

/// A level that is only a lower bound makes the HD past it `HD>=`: with crc32's HD-5
/// length (2974 bits) a bound, 4 KiB (32768 bits) has HD 4 proven and HD 5 not ruled
/// out, `HD>=4`; 64 B (512 bits) is within it, `HD 5` as before.
#[test]
fn a_lower_bound_reads_at_least() {
    let mut run = run();
    let mut cat = catalogue();
    let crc = cat.iter_mut().find(|p| p.id == "crc32").unwrap();
    if let Some(Detection::Profile { lower_bounds, .. }) = crc.detection.as_mut() {
        lower_bounds.push(5);
    }
    run.properties = cat;
    let html = Html::default().render(&run).unwrap();
    assert!(
        html.contains("<td>HD 5 at 64 B, HD&gt;=4 at 4 KiB (polynomial 0x04C11DB7)</td>"),
        "{html}"
    );
}
