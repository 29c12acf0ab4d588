//! Whole games, byte for byte: every `fixtures/reversi/*.in` is played and its output must
//! be exactly the `.out` beside it. Each game is played in memory through `reversi::run`,
//! and once more through the `reversi` program itself.

use assert_cmd::Command;
use gamekit::testkit::{Transcript, program};
use rstest::rstest;
use std::path::PathBuf;

#[rstest]
fn game(#[files("fixtures/reversi/*.in")] input: PathBuf) {
    let transcript = Transcript::load(&input);
    let mut output = Vec::new();
    let result = reversi::run(&transcript.args, transcript.input.as_slice(), &mut output);
    transcript.assert_output("reversi", &output);
    assert!(
        matches!(result, Ok(()) | Err(reversi::Error::EndOfInput)),
        "reversi::run returned {result:?} after printing the right output"
    );
    insta::assert_snapshot!(transcript.name.clone(), String::from_utf8_lossy(&output));
}

#[rstest]
fn program_game(#[files("fixtures/reversi/*.in")] input: PathBuf) {
    let transcript = Transcript::load(&input);
    let run = Command::new(program(env!("CARGO_MANIFEST_DIR"), "reversi", "reversi"))
        .args(&transcript.args)
        .write_stdin(transcript.input.clone())
        .timeout(std::time::Duration::from_secs(10))
        .output()
        .expect("the reversi program runs");
    transcript.assert_output("reversi", &run.stdout);
    let finished = ["Player X wins!\n", "Player O wins!\n", "Draw game!\n"]
        .iter()
        .any(|last| transcript.expected.ends_with(last.as_bytes()));
    let (status, stderr) = (run.status.code(), String::from_utf8_lossy(&run.stderr));
    if finished {
        assert_eq!(
            status,
            Some(0),
            "a finished game must exit with status 0; stderr: {stderr}"
        );
    } else {
        assert_eq!(
            status,
            Some(1),
            "input that ends before the game does must exit with status 1"
        );
    }
}
