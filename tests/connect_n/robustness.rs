//! Bad answers, bad command lines and the end of the input: never a panic or a hang; the
//! program stops cleanly (status 1, one line on stderr) when the input ends, and refuses a
//! bad command line (status 2, nothing on stdout).

use crate::{at_terminal, program, scaffold};
use connect_n::{HumanPlayer, Player, RED, Screen, Terminal, VACANT};
use gamekit_testkit::run_program;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestError, TestRng, TestRunner};
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
            let typed = gamekit_testkit::visible_excerpt(&input, 200);
            let terminal = Terminal::new(Cursor::new(input), Screen::default());
            let column = HumanPlayer::new("Marge", &terminal).choose_move(&s, 3, RED);
            prop_assert!(
                column == 0 || ((2..=4).contains(&column) && s.checker_at(column, 2) == VACANT),
                "HumanPlayer's choose_move(…, 3, RED) on a 4 × 2 scaffold after the moves 1123 (red first) returned \
                 {column}: neither 0 (no move) nor a column with room\nthe input: {typed}"
            );
            Ok(())
        })
        .unwrap_or_else(|error| match error {
            // Said as a proptest! test says it: the grader shows the message on the smallest input.
            TestError::Fail(reason, _) | TestError::Abort(reason) => panic!("Test failed: {reason}."),
        });
}

#[test]
fn numbers_too_large_for_an_int_are_asked_again() {
    let (terminal, screen) = at_terminal("99999999999999999999\n-99999999999\n+2\n");
    let call = "HumanPlayer's choose_move(…, 3, RED) on a new 3 × 2 scaffold, the input 99999999999999999999, \
                -99999999999, +2 (one a line)";
    assert_eq!(HumanPlayer::new("Marge", &terminal).choose_move(&scaffold(3, 2, ""), 3, RED), 2, "{call}");
    assert_eq!(
        screen.text().matches("That is not a column number.").count(),
        2,
        "how often {call} prints \"That is not a column number.\" (once a number too big for an int); it printed:\n{}",
        screen.text()
    );
}

#[test]
fn a_very_long_line_is_read_through() {
    let input = format!("{}\n2\n", "x".repeat(1 << 20));
    let (terminal, _) = at_terminal(&input);
    assert_eq!(
        HumanPlayer::new("Marge", &terminal).choose_move(&scaffold(3, 2, ""), 3, RED),
        2,
        "HumanPlayer's choose_move(…, 3, RED) on a new 3 × 2 scaffold, the input a line of 2^20 x, then 2"
    );
}

#[test]
fn the_program_stops_cleanly_when_the_input_ends_during_a_game() {
    let run = run_program(&program(), &[] as &[&str], "Marge\n2\nseven\n");
    let run_on = "connect-n with the input Marge, 2, seven (one a line), which ends during the game";
    assert_eq!(run.status.code(), Some(1), "the exit status of {run_on}");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        stdout.ends_with("That is not a column number.\nMarge, drop a red checker in which column (1-4)? "),
        "{run_on} must end its output with Marge's prompt after \"That is not a column number.\"; it printed:\n{stdout}"
    );
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(stderr, "connect-n: Marge made no move: the game stopped unfinished\n", "the stderr of {run_on}");
}

#[test]
fn a_windows_line_end_is_not_part_of_the_name() {
    let screen = Screen::default();
    let terminal = Terminal::new(Cursor::new(b"Marge\r\n".to_vec()), screen.clone());
    assert!(
        connect_n::run(Vec::<String>::new(), &terminal).is_err(),
        "connect_n::run with no arguments and the input \"Marge\\r\\n\" returned Ok though the input ends before a move"
    );
    assert!(
        screen.text().contains("Marge (red, R) against Computer (black, B)"),
        "connect_n::run with the input \"Marge\\r\\n\": the human's name is Marge, without the \\r; it printed:\n{}",
        screen.text()
    );
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
    assert!(
        !run.stderr.is_empty(),
        "connect-n {} printed nothing on stderr: it must say why it refuses",
        args.join(" ")
    );
}
