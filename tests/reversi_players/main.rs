//! The graded suite of the `reversi_players` assignment (Vandevoorde, Exercise 15.3).
//!
//! Written against the assignment's public API only and compiled against whichever crate
//! named `reversi_players` is being graded. `fixtures/reversi_players/rubric.toml` gives the
//! points. gamekit's Reversi engine (`gamekit_engines::othello`) is the oracle for the rules.
//!
//! - [`board`]: the initial position, `valid_move`, `play`, `possible_move` and the scores,
//!   on chosen positions and against the oracle along random games; squares off the board;
//! - [`viewer`]: the text viewer's exact text;
//! - [`players`]: what the human and the computer text players say and read;
//! - [`game`]: the book's loop, through recording players (skips, the end, ties, results);
//! - [`computer`]: the book's computer player's values and choices, against the book's
//!   search written again in this suite on the oracle's boards;
//! - [`transcripts`]: whole programs, byte for byte: a computer-against-computer game and
//!   games of a person (with invalid input) against the computer, as the book's program
//!   prints them;
//! - [`robustness`]: any input, Windows line ends and the end of the input.

mod board;
mod computer;
mod game;
mod players;
mod robustness;
mod transcripts;
mod viewer;

use gamekit_engines::othello::{self, row_col, square_at};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use reversi_players::{Board, Color, Screen, Terminal};
use std::io::Cursor;

/// A terminal that reads `input` and records what is printed on the returned screen.
fn at_terminal(input: &str) -> (Terminal, Screen) {
    let screen = Screen::default();
    (Terminal::new(Cursor::new(input.as_bytes().to_vec()), screen.clone()), screen)
}

/// A move, as (row, column).
type Move = (i32, i32);

/// A position and the colour to move.
type Position = (Board, Color);

/// The (row, column) of a square's name, as `d3`.
fn square(name: &str) -> (i32, i32) {
    let [row, col] = name.as_bytes() else { panic!("a square name: {name}") };
    (i32::from(row - b'a') + 1, i32::from(col - b'0'))
}

/// The oracle's view of `board` with `to_move` to move (row a is the oracle's first eight
/// squares).
fn oracle(board: &Board, to_move: Color) -> othello::Board {
    othello::Board::from_owners(|square| {
        let (row, col) = row_col(square);
        board.at(row, col).map(|color| color == to_move)
    })
}

/// `board` drawn for a failure message, from its squares as `at` tells them (`*` Black, `o`
/// White), rows a to h down and columns 1 to 8 across, as the book names squares (`d3`).
/// Drawn before the assertion, never while it fails: a panic of the submission's `at` there
/// would be a panic within a panic.
fn shown(board: &Board) -> String {
    let mut text = String::from("      1 2 3 4 5 6 7 8\n");
    for (row, name) in (1..=8).zip('a'..='h') {
        text.push_str(&format!("    {name}"));
        for col in 1..=8 {
            text.push_str(match board.at(row, col) {
                Some(Color::Black) => " *",
                Some(Color::White) => " o",
                None => " .",
            });
        }
        text.push('\n');
    }
    text
}

/// The board after `moves` (square names, Black first, the colours alternating; a pass is
/// not written: the side with no move is skipped), and the colour to move.
#[track_caller]
fn after(moves: &[&str]) -> (Board, Color) {
    let mut board = Board::new();
    let mut color = Color::Black;
    for name in moves {
        if oracle(&board, color).legal_moves() == 0 {
            color = color.opponent();
        }
        let (row, col) = square(name);
        board.play(color, row, col).unwrap_or_else(|error| panic!("{name} by {color:?}: {error:?}"));
        color = color.opponent();
    }
    (board, color)
}

/// A random game, played by the crate's board with moves the oracle lists, to its end:
/// every position with the colour to move, in order, and the moves with who made them.
fn random_game(rng: &mut ChaCha8Rng) -> (Vec<Position>, Vec<(Color, Move)>) {
    let (mut board, mut color) = (Board::new(), Color::Black);
    let (mut positions, mut moves) = (vec![(board.clone(), color)], Vec::new());
    loop {
        let options = oracle(&board, color).legal_moves();
        if options == 0 {
            if oracle(&board, color.opponent()).legal_moves() == 0 {
                return (positions, moves);
            }
        } else {
            let pick = rng.random_range(0..options.count_ones() as usize);
            let (row, col) = row_col(othello::squares(options).nth(pick).expect("a move"));
            board.play(color, row, col).expect("the oracle's move is valid");
            moves.push((color, (row, col)));
        }
        color = color.opponent();
        positions.push((board.clone(), color));
    }
}

/// The positions of `games` random games from `seed`.
fn random_positions(seed: u64, games: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..games).flat_map(|_| random_game(&mut rng).0).collect()
}

/// The `reversi-players` program of the crate under test.
fn program() -> std::path::PathBuf {
    gamekit_testkit::program(env!("CARGO_MANIFEST_DIR"), "reversi_players", "reversi-players")
}
