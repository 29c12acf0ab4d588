//! Chosen games, byte for byte: every `fixtures/tictactoe/*.in` is played and its output must
//! be exactly the `.out` beside it, in memory through `tictactoe::run`, and once more through
//! the `tictactoe` program.

use crate::program;
use gamekit_testkit::{Capped, Transcript};
use rstest::rstest;
use std::path::PathBuf;

#[rstest]
fn game(
    #[base_dir = "fixtures/tictactoe"]
    #[files("*.in")]
    input: PathBuf,
) {
    let transcript = Transcript::load(&input);
    let mut output = Capped::new();
    let result = tictactoe::run(&transcript.args, transcript.input.as_slice(), &mut output);
    transcript.assert_output("tictactoe", &output.bytes);
    assert!(matches!(result, Ok(())), "tictactoe::run returned {result:?} after printing the right output");
    insta::assert_snapshot!(transcript.name.clone(), String::from_utf8_lossy(&output.bytes));
}

#[rstest]
fn program_game(
    #[base_dir = "fixtures/tictactoe"]
    #[files("*.in")]
    input: PathBuf,
) {
    Transcript::load(&input).assert_program("tictactoe", &program());
}
