//! The graded suite of the `tictactoe` assignment (Dawson's Tic-Tac-Toe).
//!
//! Written against the assignment's public API only and compiled against whichever crate
//! named `tictactoe` is being graded. `fixtures/tictactoe/rubric.toml` gives the points.
//!
//! - [`computer_move`]: the book's three steps on chosen boards (the handout's public test
//!   `starter/tictactoe/tests/computer_move.rs`);
//! - [`perfect`]: the perfect player never loses a game, whatever the human does, and
//!   chooses as minimax does on chosen boards (the handout's `tests/perfect.rs`);
//! - [`every_board`]: both players on every board a game reaches, against gamekit's
//!   references;
//! - [`all_games`]: all 583 games against the book's player, each whole transcript byte for
//!   byte;
//! - [`transcripts`]: chosen games, in memory and through the program;
//! - [`robustness`]: bad answers and the end of the input.

#![expect(
    clippy::duplicate_mod,
    reason = "each public test file is a crate of its own in the handout, declaring the support files it uses; \
              here, where they are modules together, a support file comes once for each"
)]

mod all_games;
// The handout's public tests, run here as well: one file for each part, for both.
#[path = "../../starter/tictactoe/tests/computer_move.rs"]
mod computer_move;
mod every_board;
#[path = "../../starter/tictactoe/tests/perfect.rs"]
mod perfect;
mod robustness;
mod transcripts;

use gamekit_engines::cin::Ending;
use gamekit_engines::tictactoe::transcript;
use gamekit_testkit::{Capped, assert_same_run};

/// Plays the game on `input` in memory and checks it prints exactly what the book's program
/// prints (gamekit's reference for it) and ends the same way.
#[track_caller]
fn assert_plays_like_the_book(input: &[u8]) {
    let reference = transcript(input, gamekit_engines::tictactoe::book_move);
    let mut output = Capped::new();
    let ended = match tictactoe::run(Vec::<String>::new(), input, &mut output) {
        Ok(()) => Ok(Ending::Finished),
        Err(tictactoe::Error::EndOfInput) => Ok(Ending::EndOfInput),
        Err(error) => Err(format!("{error:?}")),
    };
    assert_same_run("tictactoe", input, &reference, &output.bytes, ended);
}

/// The `tictactoe` program of the crate under test.
fn program() -> std::path::PathBuf {
    gamekit_testkit::program(env!("CARGO_MANIFEST_DIR"), "tictactoe", "tictactoe")
}
