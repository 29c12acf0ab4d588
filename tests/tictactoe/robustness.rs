//! Bad answers and the end of the input: the prompt again for anything but `y`/`n` and for
//! anything but a free square from 0 to 8; at the end of the input, a clean stop.

use crate::assert_plays_like_the_book;
use crate::program;
use gamekit_testkit::run_program;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use rstest::rstest;

#[rstest]
#[case::letters_for_first_move(b"Yes\nmaybe\nn\n")]
#[case::letters_for_a_square(b"y\nfour\nx4\n4\n")]
#[case::out_of_range_squares(b"y\n9\n-1\n99999999999\n+4\n")]
#[case::an_occupied_square(b"n\n4\n0\n")]
#[case::end_of_input_at_the_first_question(b"")]
#[case::end_of_input_after_a_bad_answer(b"x")]
#[case::end_of_input_at_a_square(b"y\n")]
#[case::end_of_input_inside_a_number(b"y\n-")]
fn is_answered_like_the_book(#[case] input: &[u8]) {
    assert_plays_like_the_book(input);
}

#[test]
fn the_program_stops_at_the_end_of_input_with_status_1() {
    let run = run_program(&program(), &[] as &[&str], "y\n4\n");
    assert!(
        String::from_utf8_lossy(&run.stdout).ends_with("Where will you move? (0 - 8): "),
        "stdout ends at the prompt"
    );
    assert_eq!(run.status.code(), Some(1), "the exit status at the end of the input");
    assert_eq!(String::from_utf8_lossy(&run.stderr).lines().count(), 1, "one line on stderr");
}

proptest! {
    #![proptest_config(Config { cases: 300, rng_seed: RngSeed::Fixed(2006), failure_persistence: None, ..Config::default() })]

    /// Random answers, good and bad: the game goes as the book's would.
    #[test]
    fn random_answers(tokens in proptest::collection::vec(prop::sample::select(TOKENS.to_vec()), 0..40)) {
        assert_plays_like_the_book(tokens.concat().as_bytes());
    }
}

const TOKENS: [&str; 20] = [
    "y\n",
    "n\n",
    "Y ",
    "yes\n",
    "0\n",
    "1 ",
    "2\n",
    "3 ",
    "4\n",
    "5\r\n",
    "6 ",
    "7\n",
    "8\n",
    "9\n",
    "-1 ",
    "x\n",
    "04 ",
    "+8 ",
    "99999999999\n",
    "\t",
];
