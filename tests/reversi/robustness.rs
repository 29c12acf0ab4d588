//! Bad input and the end of input: the program rejects what the spec rejects, silently
//! re-prompts after an unreadable token, stops cleanly when the input ends at any prompt,
//! and on random bytes and tokens prints exactly what the original program prints.

use crate::differential::assert_plays_like_the_original;
use crate::program;
use gamekit_engines::cin::Ending;
use gamekit_engines::reversi::Position;
use gamekit_engines::reversi::program::transcript;
use gamekit_testkit::{Capped, explain_difference, run_program, visible_excerpt};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use rstest::rstest;

/// Runs the game in memory on `input`; returns what it printed and how it ended.
fn run(args: &[&str], input: &[u8]) -> (Vec<u8>, Result<(), reversi::Error>) {
    let mut output = Capped::new();
    let result = reversi::run(args, input, &mut output);
    (output.bytes, result)
}

/// The board at the start of a game without blocks, as printed.
fn initial(size: usize) -> String {
    Position::new(size).expect("an allowed size").to_string()
}

/// Checks that on `input` the game prints exactly `expected` and then stops at the end of
/// the input.
#[track_caller]
fn assert_stops_at_end_of_input(args: &[&str], input: &[u8], expected: &str) {
    let (output, result) = run(args, input);
    if let Some(difference) = explain_difference(expected.as_bytes(), &output) {
        panic!(
            "the output of reversi::run differs from the original program's.\n{difference}the input: {}",
            visible_excerpt(input, 200)
        );
    }
    assert!(
        matches!(result, Err(reversi::Error::EndOfInput)),
        "reversi::run should stop with Err(EndOfInput) when the input ends at a prompt, but returned {result:?}\n\
         the input: {}",
        visible_excerpt(input, 200)
    );
}

mod end_of_input {
    use super::*;

    #[test]
    fn at_the_block_count() {
        assert_stops_at_end_of_input(&[], b"", "Enter number of blocks: ");
    }

    #[test]
    fn at_a_block_position() {
        assert_stops_at_end_of_input(
            &[],
            b"2\nA1\n",
            "Enter number of blocks: Enter position for block 1: Enter position for block 2: ",
        );
    }

    #[test]
    fn at_a_move() {
        let expected = format!("Enter number of blocks: Round 1:\n{}Player X's turn: ", initial(4));
        assert_stops_at_end_of_input(&["--size", "4"], b"0\n", &expected);
    }

    #[test]
    fn at_a_move_after_an_invalid_one() {
        let expected = format!(
            "Enter number of blocks: Round 1:\n{}Player X's turn: Invalid move!\nPlayer X's turn: ",
            initial(6)
        );
        assert_stops_at_end_of_input(&["--size", "6"], b"0 A1", &expected);
    }

    #[test]
    fn inside_a_position_after_its_letter() {
        let expected = format!("Enter number of blocks: Round 1:\n{}Player X's turn: ", initial(4));
        assert_stops_at_end_of_input(&["--size", "4"], b"0\nC", &expected);
    }

    #[test]
    fn after_a_sign() {
        assert_stops_at_end_of_input(&[], b"-", "Enter number of blocks: ");
    }

    #[test]
    fn after_an_unreadable_token_re_prompts_first() {
        assert_stops_at_end_of_input(&[], b"abc", "Enter number of blocks: Enter number of blocks: ");
    }

    #[test]
    fn in_the_program_exits_1_with_one_line_on_stderr() {
        let run = run_program(&program(), &["--size", "4"], "1\n");
        assert_eq!(
            String::from_utf8_lossy(&run.stdout),
            "Enter number of blocks: Enter position for block 1: ",
            "what `reversi --size 4` prints with the input \"1\\n\", which ends at block 1's position"
        );
        assert_eq!(run.status.code(), Some(1), "the exit status at end of input");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(stderr.lines().count(), 1, "exactly one line on stderr, got {stderr:?}");
    }
}

mod bad_input {
    use super::*;

    #[rstest]
    #[case::letters("xyz\n")]
    #[case::a_number_too_big_for_int("99999999999999999999\n")]
    #[case::a_lone_sign("- 5\n")]
    #[case::a_decimal_point_then_garbage(".5\n")]
    fn an_unreadable_block_count_re_prompts_silently(#[case] bad: &str) {
        let input = format!("{bad}0\n");
        let expected =
            format!("Enter number of blocks: Enter number of blocks: Round 1:\n{}Player X's turn: ", initial(4));
        assert_stops_at_end_of_input(&["--size", "4"], input.as_bytes(), &expected);
    }

    #[rstest]
    #[case::negative("-1\n")]
    #[case::zero("0\n")]
    #[case::plus_zero_with_leading_zeros("+000\n")]
    fn a_count_of_zero_or_less_adds_no_blocks(#[case] count: &str) {
        let expected = format!("Enter number of blocks: Round 1:\n{}Player X's turn: ", initial(4));
        assert_stops_at_end_of_input(&["--size", "4"], count.as_bytes(), &expected);
    }

    #[test]
    fn too_many_blocks_then_the_most_allowed() {
        let expected = "Enter number of blocks: Too many blocks!\nEnter number of blocks: Enter position for block 1: ";
        assert_stops_at_end_of_input(&["--size", "4"], b"9\n8\n", expected);
    }

    const AGAIN: &str = "Enter position for block 1: ";
    const INVALID: &str = "Invalid position!\n";

    #[rstest]
    #[case::two_letters_discard_the_rest_of_the_line(b"AA1 B2\nC3\n", &[AGAIN, AGAIN, INVALID, AGAIN])]
    #[case::row_zero(b"A0\n", &[AGAIN, INVALID, AGAIN])]
    #[case::row_minus_one(b"A-1\n", &[AGAIN, INVALID, AGAIN])]
    #[case::huge_row(b"A99999999999999999999\n", &[AGAIN, AGAIN])]
    #[case::not_a_letter(b"#1\n", &[AGAIN, INVALID, AGAIN])]
    #[case::lowercase_beyond_the_board(b"z1\n", &[AGAIN, INVALID, AGAIN])]
    #[case::the_character_after_z(b"[1\n", &[AGAIN, INVALID, AGAIN])]
    #[case::a_byte_above_ascii(b"\xff1\n", &[AGAIN, INVALID, AGAIN])]
    #[case::a_two_byte_character_is_a_letter_then_no_number(b"\xc3\xa91\n", &[AGAIN, AGAIN])]
    #[case::a_centre_disc(b"B2\n", &[AGAIN, INVALID, AGAIN])]
    #[case::crlf_line_ends(b"\r\nA1\r\n", &[AGAIN, "Round 1:\n"])]
    fn odd_block_positions(#[case] input: &[u8], #[case] printed: &[&str]) {
        let input = [b"1\n".as_slice(), input].concat();
        let mut expected = format!("Enter number of blocks: {}", printed.concat());
        if expected.ends_with("Round 1:\n") {
            let mut position = Position::new(4).expect("size 4");
            position.set(0, 0, '#');
            expected += &format!("{position}Player X's turn: ");
        }
        assert_stops_at_end_of_input(&["--size", "4"], &input, &expected);
    }

    #[test]
    fn a_leading_zero_reads_as_the_same_row() {
        let mut position = Position::new(4).expect("size 4");
        position.set(0, 0, '#');
        let expected =
            format!("Enter number of blocks: Enter position for block 1: Round 1:\n{position}Player X's turn: ");
        assert_stops_at_end_of_input(&["--size", "4"], b"1\nA01\n", &expected);
    }

    #[test]
    fn a_megabyte_line_of_garbage_is_one_unreadable_token() {
        let input = [vec![b'x'; 1 << 20], b"\n0\n".to_vec()].concat();
        let expected =
            format!("Enter number of blocks: Enter number of blocks: Round 1:\n{}Player X's turn: ", initial(4));
        assert_stops_at_end_of_input(&["--size", "4"], &input, &expected);
    }

    #[test]
    fn a_megabyte_line_of_invalid_moves_is_answered_move_by_move() {
        let moves = 1 << 18;
        let input = [b"0\n".to_vec(), b"A1 ".repeat(moves)].concat();
        let expected = format!(
            "Enter number of blocks: Round 1:\n{}Player X's turn: {}",
            initial(4),
            "Invalid move!\nPlayer X's turn: ".repeat(moves)
        );
        assert_stops_at_end_of_input(&["--size", "4"], &input, &expected);
    }

    #[test]
    fn binary_bytes_in_the_program_end_cleanly() {
        let input: Vec<u8> = (0..=255u8).cycle().take(1 << 16).collect();
        let run = run_program(&program(), &[] as &[&str], input.clone());
        let (expected, ending) = transcript(8, &input).expect("size 8");
        if let Some(difference) = explain_difference(expected.as_bytes(), &run.stdout) {
            panic!(
                "with binary bytes 0 to 255 as the input, the output differs from the original program's.\n{difference}"
            );
        }
        let status = if ending == Ending::Finished { 0 } else { 1 };
        assert_eq!(
            run.status.code(),
            Some(status),
            "the exit status; stderr: {}",
            String::from_utf8_lossy(&run.stderr)
        );
    }
}

proptest! {
    #![proptest_config(Config { cases: 200, rng_seed: RngSeed::Fixed(1120), failure_persistence: None, ..Config::default() })]

    /// Random bytes: the game prints what the original does and ends the same way.
    #[test]
    fn random_bytes_are_read_like_the_original(input in proptest::collection::vec(any::<u8>(), 0..400), size in prop::sample::select(vec![4usize, 6, 8])) {
        assert_plays_like_the_original(size, &input);
    }

    /// Random tokens, good and bad: the same.
    #[test]
    fn random_tokens_are_read_like_the_original(tokens in proptest::collection::vec(prop::sample::select(TOKENS.to_vec()), 0..300)) {
        assert_plays_like_the_original(4, tokens.concat().as_bytes());
    }
}

const TOKENS: [&str; 24] = [
    "0 ",
    "1 ",
    "3\n",
    "9 ",
    "-1 ",
    "A1 ",
    "a2 ",
    "B3 ",
    "c4\n",
    "D1 ",
    "d2 ",
    "C1\r\n",
    "A4 ",
    "b1 ",
    "Z9 ",
    "AA1 ",
    "A01 ",
    "x ",
    "\n",
    "# ",
    "99999999999 ",
    "+2 ",
    "A",
    "\t",
];
