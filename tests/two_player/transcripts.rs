//! Whole programs, byte for byte: every `fixtures/two_player/*.in` is played and its output
//! must be exactly the `.out` beside it, in memory and once more through the program
//! (`connect_four_*` fixtures with `connect-four`, `stonehenge_*` with `stonehenge`).

use crate::{at_terminal, program};
use gamekit_testkit::Transcript;
use rstest::rstest;
use std::path::PathBuf;
use two_player::{Error, Terminal};

/// A program of the crate: its arguments, on a terminal.
type Program = fn(&[String], &Terminal) -> Result<(), Error>;

/// The program a fixture is for, by its name.
fn program_of(transcript: &Transcript) -> (&'static str, Program) {
    if transcript.name.starts_with("connect_four") {
        ("connect-four", |args, terminal| two_player::run_connect_four(args, terminal))
    } else {
        ("stonehenge", |args, terminal| two_player::run_stonehenge(args, terminal))
    }
}

#[rstest]
fn game(
    #[base_dir = "fixtures/two_player"]
    #[files("*.in")]
    input: PathBuf,
) {
    let transcript = Transcript::load(&input);
    let (name, run) = program_of(&transcript);
    let (terminal, screen) = at_terminal(&String::from_utf8_lossy(&transcript.input));
    let result = run(&transcript.args, &terminal);
    transcript.assert_output(name, &screen.bytes());
    assert!(matches!(result, Ok(())), "{name} returned {result:?} after printing the right output");
}

#[rstest]
fn program_game(
    #[base_dir = "fixtures/two_player"]
    #[files("*.in")]
    input: PathBuf,
) {
    let transcript = Transcript::load(&input);
    let (name, _) = program_of(&transcript);
    transcript.assert_program(name, &program(name));
}
