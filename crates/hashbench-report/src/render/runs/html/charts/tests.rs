use super::*;

#[test]
fn size_ticks_are_powers_of_two_and_few() {
    assert_eq!(
        size_ticks(40.0, 1100.0),
        [64.0, 128.0, 256.0, 512.0, 1024.0]
    );
    let wide = size_ticks(1.0, 64.0 * 1024.0 * 1024.0);
    assert!(wide.len() <= 9 && wide.iter().all(|t| t.log2().fract() == 0.0));
    assert_eq!(decade_ticks(0.3, 30.0), [0.5, 1.0, 2.0, 5.0, 10.0, 20.0]);
    assert!(decade_ticks(1e-3, 1e6).len() <= 10);
}

#[test]
fn labels_are_escaped_and_cleaned_in_the_svg() {
    let chart = Bars {
        title: "t",
        x_desc: "GB/s",
        x_format: |x| format!("{x}"),
        bars: vec![Bar {
            label: "<script>\u{1b}[31m&".into(),
            value: 1.0,
            interval: Some((0.5, f64::INFINITY)),
            colour: colour(0),
        }],
        rules: vec![],
    };
    let svg = bars(&chart).unwrap().unwrap();
    assert!(
        svg.contains("&lt;script&gt;") && svg.contains("&amp;"),
        "{svg}"
    );
    assert!(!svg.contains("<script") && !svg.contains('\u{1b}'));
    assert!(svg.contains("<rect"), "a bar is drawn");
}
