//! Whole programs, byte for byte: every `fixtures/connect_n/*.in` is run with its `.args`
//! and its output must be exactly the `.out` beside it, in memory through `connect_n::run`,
//! and once more through the `connect-n` program.

use crate::program;
use connect_n::{Screen, Terminal};
use gamekit::testkit::{Transcript, run_program};
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
    let transcript = Transcript::load(&input);
    let run = run_program(&program(), &transcript.args, transcript.input.clone());
    transcript.assert_output("connect-n", &run.stdout);
    assert_eq!(
        run.status.code(),
        Some(0),
        "a finished game exits with status 0; stderr: {}",
        String::from_utf8_lossy(&run.stderr)
    );
}
