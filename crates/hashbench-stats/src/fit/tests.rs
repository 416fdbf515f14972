use super::*;

#[test]
fn exact_line() {
    let pts: Vec<(f64, f64)> = (0..10)
        .map(|i| (f64::from(i), 2.0 * f64::from(i) + 1.0))
        .collect();
    assert_eq!(
        theil_sen(&pts),
        Ok(Fit {
            intercept: 1.0,
            slope: 2.0
        })
    );
}

#[test]
fn one_wild_outlier_is_ignored() {
    let mut pts: Vec<(f64, f64)> = (0..11)
        .map(|i| (f64::from(i), 3.0 * f64::from(i) - 4.0))
        .collect();
    pts[5].1 = 1.0e6;
    let fit = theil_sen(&pts).expect("fit");
    assert_eq!(
        fit,
        Fit {
            intercept: -4.0,
            slope: 3.0
        }
    );
}

#[test]
fn degenerate_and_bad_input() {
    assert_eq!(theil_sen(&[]), Err(FitError::Degenerate));
    assert_eq!(theil_sen(&[(1.0, 2.0)]), Err(FitError::Degenerate));
    assert_eq!(
        theil_sen(&[(1.0, 2.0), (1.0, 5.0)]),
        Err(FitError::Degenerate)
    );
    assert_eq!(
        theil_sen(&[(1.0, 2.0), (f64::NAN, 5.0)]),
        Err(FitError::NotFinite { index: 1 })
    );
    assert_eq!(
        theil_sen(&[(0.0, -f64::MAX), (1e-300, f64::MAX)]),
        Err(FitError::Overflow)
    );
}

#[test]
fn sen_interval_ranks() {
    // 10 points: m = 45 slopes, C = 1.96·sqrt(10·9·25/18) = 21.91, ranks
    // floor(11.54) = 11 and ceil(33.46) + 1 = 35.
    let noise = [0.3, -1.1, 0.8, -0.2, 1.5, -0.9, 0.1, -1.4, 0.6, -0.5];
    let pts: Vec<(f64, f64)> = (0..10)
        .map(|i| {
            let x = f64::from(i);
            (x, 2.0 * x + 5.0 + noise[i as usize])
        })
        .collect();
    let fi = theil_sen_interval(&pts).expect("fit");
    assert_eq!(fi.method, SlopeCiMethod::Sen);
    assert_eq!(fi.fit, theil_sen(&pts).expect("fit"));
    let all = sorted_slopes(&pts).expect("slopes");
    assert_eq!((fi.slope_low, fi.slope_high), (all[10], all[34]));
    assert!(fi.slope_low < fi.fit.slope && fi.fit.slope < fi.slope_high);
    assert!(fi.intercept_low <= fi.intercept_high);
    // An exact line has an interval of zero width.
    let exact: Vec<(f64, f64)> = (0..10)
        .map(|i| (f64::from(i), 3.0 * f64::from(i)))
        .collect();
    let e = theil_sen_interval(&exact).expect("fit");
    assert_eq!((e.slope_low, e.slope_high), (3.0, 3.0));
}

#[test]
fn few_points_give_the_extreme_slopes() {
    let pts = [(0.0, 0.0), (1.0, 2.0), (2.0, 3.0)];
    let fi = theil_sen_interval(&pts).expect("fit");
    assert_eq!(fi.method, SlopeCiMethod::MinMaxTooFewPoints);
    assert_eq!((fi.slope_low, fi.slope_high), (1.0, 2.0));
    assert_eq!(fi.fit.slope, 1.5);
}

#[test]
fn duplicate_x_pairs_are_skipped() {
    // (0, 2) is off the line y = x: its pairs give slopes −1, 0 and 1/3,
    // the other six distinct-x pairs give 1, and the (0, 0)–(0, 2) pair
    // is skipped. Median of the nine slopes: 1.
    let pts = [(0.0, 0.0), (0.0, 2.0), (1.0, 1.0), (2.0, 2.0), (3.0, 3.0)];
    let fit = theil_sen(&pts).expect("fit");
    assert_eq!(fit.slope, 1.0);
    assert_eq!(fit.intercept, 0.0);
}
