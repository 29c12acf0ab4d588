//! The graded suite of the `nim` assignment.
//!
//! - [`winning_move`]: `winning_move` on chosen positions (the handout's public test
//!   `starter/nim/tests/winning_move.rs`);
//! - [`transcripts`]: whole runs of the program, in memory and through the program.

#[path = "../../starter/nim/tests/winning_move.rs"]
mod winning_move;
mod transcripts;

/// The `nim` program of the crate under test.
fn program() -> std::path::PathBuf {
    gamekit_testkit::program(env!("CARGO_MANIFEST_DIR"), "nim", "nim")
}
