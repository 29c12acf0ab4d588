//! The `reversi` program itself, run as a separate process.

use assert_cmd::Command;
use gamekit::testkit::{panic_message, program};
use std::process::Output;
use std::time::Duration;

/// Runs `reversi` with `args` on `input`; a panic of the program fails the test with the
/// program's own panic message.
pub fn run_reversi(args: &[String], input: impl Into<Vec<u8>>) -> Output {
    let output = Command::new(program(env!("CARGO_MANIFEST_DIR"), "reversi", "reversi"))
        .args(args)
        .write_stdin(input)
        .timeout(Duration::from_secs(10))
        .output()
        .expect("the reversi program runs");
    if let Some(message) = panic_message(&String::from_utf8_lossy(&output.stderr)) {
        panic!("the reversi program panicked: {message}");
    }
    output
}
