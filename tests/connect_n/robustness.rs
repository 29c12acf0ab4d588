//! Bad answers, bad command lines and the end of the input: never a panic or a hang; the
//! program stops cleanly (status 1, one line on stderr) when the input ends, and refuses a
//! bad command line (status 2, nothing on stdout).

use crate::{at_terminal, program, scaffold};
use connect_n::{HumanPlayer, Player, RED, Screen, Terminal, VACANT};
use gamekit_testkit::run_program;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::io::Cursor;

#[test]
fn any_answers_give_a_column_with_room_or_no_move() {
    let config = Config { cases: 300, failure_persistence: None, ..Config::default() };
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[3; 32]);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let answers = prop::collection::vec(any::<u8>(), 0..200);
    runner
        .run(&answers, |input| {
            let s = scaffold(4, 2, "1123");
            let terminal = Terminal::new(Cursor::new(input), Screen::default());
            let column = HumanPlayer::new("Marge", &terminal).choose_move(&s, 3, RED);
            prop_assert!(column == 0 || ((2..=4).contains(&column) && s.checker_at(column, 2) == VACANT));
            Ok(())
        })
        .unwrap();
}

#[test]
fn numbers_too_large_for_an_int_are_asked_again() {
    let (terminal, screen) = at_terminal("99999999999999999999\n-99999999999\n+2\n");
    assert_eq!(HumanPlayer::new("Marge", &terminal).choose_move(&scaffold(3, 2, ""), 3, RED), 2);
    assert_eq!(screen.text().matches("That is not a column number.").count(), 2, "{}", screen.text());
}

#[test]
fn a_very_long_line_is_read_through() {
    let input = format!("{}\n2\n", "x".repeat(1 << 20));
    let (terminal, _) = at_terminal(&input);
    assert_eq!(HumanPlayer::new("Marge", &terminal).choose_move(&scaffold(3, 2, ""), 3, RED), 2);
}

#[test]
fn the_program_stops_cleanly_when_the_input_ends_during_a_game() {
    let run = run_program(&program(), &[] as &[&str], "Marge\n2\nseven\n");
    assert_eq!(run.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        stdout.ends_with("That is not a column number.\nMarge, drop a red checker in which column (1-4)? "),
        "{stdout}"
    );
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(stderr, "connect-n: Marge made no move: the game stopped unfinished\n");
}

#[test]
fn a_windows_line_end_is_not_part_of_the_name() {
    let screen = Screen::default();
    let terminal = Terminal::new(Cursor::new(b"Marge\r\n".to_vec()), screen.clone());
    assert!(connect_n::run(Vec::<String>::new(), &terminal).is_err());
    assert!(screen.text().contains("Marge (red, R) against Computer (black, B)"), "{}", screen.text());
}

/// A size the command line parses but no game can have: `Game::new` refuses it. (The
/// command line's own errors are provided code, checked by the kit.)
#[rstest::rstest]
#[case(&["--columns", "0"])]
#[case(&["--levels", "-3"])]
#[case(&["--n", "0"])]
#[case(&["--columns", "1001"])]
fn an_impossible_size_is_refused(#[case] args: &[&str]) {
    let run = run_program(&program(), args, "");
    assert_eq!(run.status.code(), Some(2), "{args:?}: stderr {}", String::from_utf8_lossy(&run.stderr));
    assert!(run.stdout.is_empty(), "{args:?} printed {}", String::from_utf8_lossy(&run.stdout));
    assert!(!run.stderr.is_empty());
}
