//! Whole programs, byte for byte: every `fixtures/reversi_players/*.in` is played and its
//! output must be exactly the `.out` beside it (printed by the book's program, compiled from
//! the book's code with the fixes of SPEC-DECISIONS.md), in memory and once more through the
//! `reversi-players` program.

use crate::{at_terminal, program};
use gamekit_testkit::Transcript;
use rstest::rstest;
use std::path::PathBuf;

#[rstest]
fn game(
    #[base_dir = "fixtures/reversi_players"]
    #[files("*.in")]
    input: PathBuf,
) {
    let transcript = Transcript::load(&input);
    let (terminal, screen) = at_terminal(&String::from_utf8_lossy(&transcript.input));
    let result = reversi_players::run(&transcript.args, &terminal);
    transcript.assert_output("reversi-players", &screen.bytes());
    assert!(matches!(result, Ok(())), "reversi-players returned {result:?} after printing the right output");
}

#[rstest]
fn program_game(
    #[base_dir = "fixtures/reversi_players"]
    #[files("*.in")]
    input: PathBuf,
) {
    Transcript::load(&input).assert_program("reversi-players", &program());
}
