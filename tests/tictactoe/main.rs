//! The graded suite of the `tictactoe` assignment (Dawson's Tic-Tac-Toe).
//!
//! Written against the assignment's public API only and compiled against whichever crate
//! named `tictactoe` is being graded. `fixtures/tictactoe/rubric.toml` gives the points.
//!
//! - [`computer_move`]: the book's three steps on chosen boards, then on every board a game
//!   against it can reach, against gamekit's reference;
//! - [`perfect`]: the perfect player never loses a game, whatever the human does;
//! - [`all_games`]: all 583 games against the book's player, each whole transcript byte for
//!   byte;
//! - [`transcripts`]: chosen games, in memory and through the program;
//! - [`robustness`]: bad answers and the end of the input.

mod all_games;
mod computer_move;
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

/// The board as the book shows it, for failure messages.
fn show(board: &tictactoe::Board) -> String {
    let [a, b, c, d, e, f, g, h, i] = board;
    format!("    {a} | {b} | {c}\n    ---------\n    {d} | {e} | {f}\n    ---------\n    {g} | {h} | {i}\n")
}
