//! Whole games, byte for byte: every `fixtures/reversi/*.in` is played and its output must
//! be exactly the `.out` beside it. Each game is played in memory through `reversi::run`,
//! and once more through the `reversi` program itself.

use crate::program;
use gamekit_testkit::{Capped, Transcript, run_program};
use rstest::rstest;
use std::path::PathBuf;

#[rstest]
fn game(
    #[base_dir = "fixtures/reversi"]
    #[files("*.in")]
    input: PathBuf,
) {
    let transcript = Transcript::load(&input);
    let mut output = Capped::new();
    let result = reversi::run(&transcript.args, transcript.input.as_slice(), &mut output);
    let output = output.bytes;
    transcript.assert_output("reversi", &output);
    assert!(
        matches!(result, Ok(()) | Err(reversi::Error::EndOfInput)),
        "reversi::run returned {result:?} after printing the right output"
    );
    insta::assert_snapshot!(transcript.name.clone(), String::from_utf8_lossy(&output));
}

#[rstest]
fn program_game(
    #[base_dir = "fixtures/reversi"]
    #[files("*.in")]
    input: PathBuf,
) {
    let transcript = Transcript::load(&input);
    let run = run_program(&program(), &transcript.args, transcript.input.clone());
    transcript.assert_output("reversi", &run.stdout);
    let finished = ["Player X wins!\n", "Player O wins!\n", "Draw game!\n"]
        .iter()
        .any(|last| transcript.expected.ends_with(last.as_bytes()));
    let (status, stderr) = (run.status.code(), String::from_utf8_lossy(&run.stderr));
    if finished {
        assert_eq!(status, Some(0), "a finished game must exit with status 0; stderr: {stderr}");
    } else {
        assert_eq!(status, Some(1), "input that ends before the game does must exit with status 1");
    }
}
