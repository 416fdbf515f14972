use super::*;

#[test]
fn the_graver_outcome_wins() {
    assert_eq!(Outcome::Done.and(Outcome::Failed), Outcome::Failed);
    assert_eq!(
        Outcome::Interrupted.and(Outcome::Failed),
        Outcome::Interrupted
    );
    assert_eq!(Outcome::failed_if(false), Outcome::Done);
}
