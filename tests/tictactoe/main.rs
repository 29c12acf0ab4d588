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

use gamekit::testkit::{Capped, explain_difference, visible_excerpt};
use gamekit::tictactoe::{Ending, transcript};

/// Plays the game on `input` in memory and checks it prints exactly what the book's program
/// prints (gamekit's reference for it) and ends the same way.
#[track_caller]
fn assert_plays_like_the_book(input: &[u8]) {
    let (expected, ending) = transcript(input, gamekit::tictactoe::book_move);
    let mut output = Capped::new();
    let result = tictactoe::run(Vec::<String>::new(), input, &mut output);
    if let Some(difference) = explain_difference(expected.as_bytes(), &output.bytes) {
        panic!(
            "with the input\n  {}\nthe output differs from the book's program.\n{difference}",
            visible_excerpt(input, 400)
        );
    }
    let ended_right = match ending {
        Ending::Finished => matches!(result, Ok(())),
        Ending::EndOfInput => matches!(result, Err(tictactoe::Error::EndOfInput)),
    };
    assert!(
        ended_right,
        "with the input\n  {}\ntictactoe::run returned {result:?}, but the game {}",
        visible_excerpt(input, 400),
        if ending == Ending::Finished {
            "was over: Ok(())"
        } else {
            "stopped at the end of the input: Err(EndOfInput)"
        }
    );
}

/// The board as the book shows it, for failure messages.
fn show(board: &tictactoe::Board) -> String {
    let [a, b, c, d, e, f, g, h, i] = board;
    format!("    {a} | {b} | {c}\n    ---------\n    {d} | {e} | {f}\n    ---------\n    {g} | {h} | {i}\n")
}
