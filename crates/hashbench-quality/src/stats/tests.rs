use super::*;

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs()
}

#[test]
fn the_normal_tail_matches_published_values() {
    // Abramowitz and Stegun, table 26.1, and the usual quantiles.
    assert!(close(normal_upper(0.0), 0.5, 1e-12));
    assert!(close(normal_upper(1.0), 0.158_655_253_931_457, 1e-10));
    assert!(close(normal_upper(1.959_963_984_540_054), 0.025, 1e-10));
    assert!(close(normal_upper(3.0), 1.349_898_031_630_095e-3, 1e-9));
    assert!(close(normal_upper(5.0), 2.866_515_718_791_939e-7, 1e-9));
    assert!(close(normal_upper(10.0), 7.619_853_024_160_527e-24, 1e-9));
    assert!(close(
        normal_upper(-1.0),
        1.0 - 0.158_655_253_931_457,
        1e-10
    ));
}

#[test]
fn the_inverse_undoes_the_tail() {
    for p in [0.25, 1e-3, 1e-6, 1e-12, 1e-20] {
        assert!(close(normal_upper(normal_upper_inverse(p)), p, 1e-9), "{p}");
    }
    assert!(close(
        normal_upper_inverse(0.025),
        1.959_963_984_540_054,
        1e-9
    ));
}

#[test]
fn the_chi_squared_tail_is_close_to_the_tables() {
    // Points of chi-squared from its exact tail, the regularized upper incomplete gamma
    // Q(df/2, x/2) (its continued fraction, Numerical Recipes 6.2, in double precision):
    // the 0.1 % points with 255 and 4095 degrees of freedom, the 1e-9 points with 255
    // and 65535, and the median region.
    assert!(close(chi2_upper(330.52, 255.0), 1e-3, 0.05));
    assert!(close(chi2_upper(4_380.37, 4095.0), 1e-3, 0.05));
    assert!(close(chi2_upper(414.545, 255.0), 1e-9, 0.3));
    assert!(close(chi2_upper(67_729.79, 65535.0), 1e-9, 0.1));
    assert!(close(chi2_upper(255.0, 255.0), 0.4882, 0.02));
}

#[test]
fn the_birthday_expectation() {
    // 2^16 keys in 2^32 values: about 1/2; 2^18 keys: about 8.
    assert!(close(expected_collisions(1 << 16, 32), 0.5, 1e-3));
    assert!(close(expected_collisions(1 << 18, 32), 8.0, 1e-3));
    assert!(expected_collisions(1 << 20, 64) < 1e-7);
    // As many keys as values: m/e of them land on a taken value... n - m(1 - 1/e).
    let m = 65_536.0;
    assert!(close(
        expected_collisions(1 << 16, 16),
        m - m * (1.0 - (-1.0f64).exp()),
        1e-3
    ));
}

#[test]
fn the_poisson_tail_and_what_it_allows() {
    assert!(close(poisson_upper(1, 2.0), 1.0 - (-2.0f64).exp(), 1e-12));
    // P(X >= 3) for mean 1 = 1 - e^-1 (1 + 1 + 1/2).
    assert!(close(
        poisson_upper(3, 1.0),
        1.0 - (-1.0f64).exp() * 2.5,
        1e-9
    ));
    // A mean near zero (64-bit collisions): not one is allowed at any sane cut.
    assert_eq!(allowed_collisions(2e-9, 1e-8), 0);
    // A mean of 8 at a cut of 1e-8: 8 + several sigma.
    let allowed = allowed_collisions(8.0, 1e-8);
    assert!((25..=35).contains(&allowed), "{allowed}");
    assert!(poisson_upper(allowed + 1, 8.0) <= 1e-8);
    assert!(poisson_upper(allowed, 8.0) > 1e-8);
}
