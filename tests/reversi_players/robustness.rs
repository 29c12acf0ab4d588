//! Any input, Windows line ends and the end of the input: never a panic or a hang; the
//! program stops cleanly (status 1, one line on stderr) when the input ends.

use crate::{at_terminal, program};
use gamekit::testkit::run_program;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use reversi_players::{ConsoleError, Error};

const ANSWERS: &[&str] = &[
    "h\n",
    "c\n",
    "H\n",
    "x\n",
    "d3\n",
    "c4\n",
    "f5\n",
    "e6\n",
    "a1\n",
    "z9\n",
    "3d\n",
    "d 3\n",
    "\n",
    "\r\n",
    "d3\r\n",
    "\u{e9}\u{e8}\n",
    "99\n",
    "hh",
    "?",
];

#[test]
fn any_answers_end_cleanly() {
    let config = Config { cases: 40, failure_persistence: None, ..Config::default() };
    let mut runner = TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &[3; 32]));
    let answers = prop::collection::vec(prop::sample::select(ANSWERS), 0..80);
    runner
        .run(&answers, |answers| {
            let (terminal, _) = at_terminal(&answers.concat());
            let result = reversi_players::run(Vec::<String>::new(), &terminal);
            prop_assert!(
                matches!(result, Ok(()) | Err(Error::Console(ConsoleError::EndOfInput))),
                "{result:?} on {answers:?}"
            );
            Ok(())
        })
        .unwrap();
}

#[test]
fn windows_line_ends_are_read_as_line_ends() {
    // A whole game with many invalid tries, typed with Windows line ends, prints the
    // transcript exactly.
    let input = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/reversi_players/black_person_last_valid_move.in");
    let transcript = gamekit::testkit::Transcript::load(std::path::Path::new(input));
    let typed = String::from_utf8_lossy(&transcript.input).replace('\n', "\r\n");
    let (terminal, screen) = at_terminal(&typed);
    let result = reversi_players::run(&transcript.args, &terminal);
    transcript.assert_output("reversi-players", &screen.bytes());
    assert!(matches!(result, Ok(())), "reversi-players returned {result:?}");
}

#[test]
fn a_long_line_of_nonsense_is_refused_two_characters_at_a_time() {
    let (terminal, screen) = at_terminal(&format!("h\nc\n{}\n", "zz".repeat(5000)));
    let result = reversi_players::run(Vec::<String>::new(), &terminal);
    assert!(matches!(result, Err(Error::Console(ConsoleError::EndOfInput))), "{result:?}");
    assert_eq!(screen.text().matches("Invalid move. Please try again.").count(), 5000);
}

#[test]
fn the_end_of_the_input_stops_the_program_with_status_1() {
    for input in ["", "h\n", "h\nh\n", "c\nh\n"] {
        let run = run_program(&program(), &[] as &[&str], input);
        assert_eq!(run.status.code(), Some(1), "input {input:?}");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(stderr.lines().count(), 1, "one line on stderr: {stderr}");
    }
}
