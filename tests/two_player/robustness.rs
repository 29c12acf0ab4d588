//! Bad answers and the end of the input: never a panic or a hang; the programs stop cleanly
//! (status 1, one line on stderr) when the input ends.

use crate::{at_terminal, program};
use gamekit_testkit::run_program;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestError, TestRng, TestRunner};
use two_player::{Error, Terminal};

/// Runs `run` on any input made of `alphabet`: it must end, Ok or at the end of the input.
fn any_input_ends_cleanly(seed: u8, alphabet: &'static [&'static str], run: fn(&Terminal) -> Result<(), Error>) {
    let config = Config { cases: 60, failure_persistence: None, ..Config::default() };
    let mut runner = TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &[seed; 32]));
    let answers = prop::collection::vec(prop::sample::select(alphabet), 0..120);
    runner
        .run(&answers, |answers| {
            let (terminal, _) = at_terminal(&answers.concat());
            let result = run(&terminal);
            prop_assert!(
                matches!(result, Ok(()) | Err(Error::EndOfInput)),
                "the program ended with {result:?}, not Ok(()) nor at the end of the input\nthe input: {}",
                gamekit_testkit::visible_excerpt(answers.concat().as_bytes(), 200)
            );
            Ok(())
        })
        .unwrap_or_else(|error| match error {
            // Said as a proptest! test says it: the grader shows the message on the smallest input.
            TestError::Fail(reason, _) | TestError::Abort(reason) => panic!("Test failed: {reason}."),
        });
}

const ANSWERS: &[&str] = &[
    "y\n",
    "n\n",
    "1\n",
    "4\n",
    "7\n",
    "8\n",
    "0\n",
    "\n",
    "x\n",
    "12\n",
    "-3\n",
    "7 3\n",
    "0 6\n",
    "17 1\n",
    "5 5\n",
    "18 2\n",
    "3 9\n",
    "\r\n",
    "y\r\n",
    "\u{e9}\n",
    "99999999999999999999 1\n",
    "4",
];

#[test]
fn connect_four_ends_cleanly_on_any_answers() {
    any_input_ends_cleanly(1, ANSWERS, |terminal| two_player::run_connect_four(["--depth", "2"], terminal));
}

#[test]
fn stonehenge_ends_cleanly_on_any_answers() {
    any_input_ends_cleanly(2, ANSWERS, |terminal| two_player::run_stonehenge(["--depth", "1"], terminal));
}

#[rstest::rstest]
#[case::connect_four("connect-four", "n\nn\n4\n", "Choose player2 : ")]
#[case::stonehenge("stonehenge", "n\nn\n7 3\n", "O, your move (place stone): ")]
fn the_program_stops_with_status_1_when_the_input_ends(#[case] name: &str, #[case] input: &str, #[case] prompt: &str) {
    let run = run_program(&program(name), &[] as &[&str], input);
    assert_eq!(run.status.code(), Some(1), "the exit status of `{name}` when the input {input:?} ends");
    assert!(String::from_utf8_lossy(&run.stdout).ends_with(prompt), "the output should end at the prompt {prompt:?}");
    assert_eq!(
        String::from_utf8_lossy(&run.stderr),
        format!("{name}: end of input: the game stopped unfinished\n"),
        "what `{name}` printed on stderr when the input {input:?} ends"
    );
}

#[test]
fn windows_line_ends_are_answers_like_any_other() {
    let (terminal, screen) = at_terminal("y\r\ny\r\nn\r\n");
    two_player::run_connect_four(["--depth", "1"], &terminal).expect(
        "run_connect_four(--depth 1) on the answers \"y\\r\\ny\\r\\nn\\r\\n\" should play a game of two machines \
         and return Ok on no to play again",
    );
    assert!(
        screen.text().ends_with("Play again? y/n ? Bye for now ... \n"),
        "run_connect_four(--depth 1) on the answers \"y\\r\\ny\\r\\nn\\r\\n\" should end after no to play again"
    );
    let (terminal, _) = at_terminal("n\r\nn\r\n7 3\r\n");
    let result = two_player::run_stonehenge(Vec::<String>::new(), &terminal);
    assert!(
        matches!(result, Err(Error::EndOfInput)),
        "run_stonehenge on the answers \"n\\r\\nn\\r\\n7 3\\r\\n\", then none, should be Err(EndOfInput): {result:?}"
    );
}

#[test]
fn a_very_long_answer_is_read_through() {
    let input = format!("n\nn\n{}\n7 3\n", "x".repeat(1 << 20));
    let (terminal, screen) = at_terminal(&input);
    let _ = two_player::run_stonehenge(Vec::<String>::new(), &terminal);
    assert!(
        screen.text().contains("X puts a 3 on place 7."),
        "run_stonehenge on the answers n, n, 2^20 x's on one line, then 7 3 should read through and play 7 3"
    );
}
