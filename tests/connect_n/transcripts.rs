//! Whole programs, byte for byte: every `fixtures/connect_n/*.in` is run with its `.args`
//! and its output must be exactly the `.out` beside it, in memory through `connect_n::run`,
//! and once more through the `connect-n` program.

use crate::program;
use connect_n::{Screen, Terminal};
use gamekit_testkit::Transcript;
use rstest::rstest;
use std::io::Cursor;
use std::path::PathBuf;

#[rstest]
fn game(
    #[base_dir = "fixtures/connect_n"]
    #[files("*.in")]
    input: PathBuf,
) {
    let transcript = Transcript::load(&input);
    let screen = Screen::default();
    let terminal = Terminal::new(Cursor::new(transcript.input.clone()), screen.clone());
    let result = connect_n::run(&transcript.args, &terminal);
    transcript.assert_output("connect-n", &screen.bytes());
    assert!(result.is_ok(), "connect_n::run returned {result:?} after printing the right output");
}

#[rstest]
fn program_game(
    #[base_dir = "fixtures/connect_n"]
    #[files("*.in")]
    input: PathBuf,
) {
    Transcript::load(&input).assert_program("connect-n", &program());
}
