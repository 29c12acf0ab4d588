//! The graded suite of the `reversi_players` assignment (Vandevoorde, Exercise 15.3).
//!
//! Written against the assignment's public API only and compiled against whichever crate
//! named `reversi_players` is being graded. `fixtures/reversi_players/rubric.toml` gives the
//! points. gamekit's Reversi engine (`gamekit_engines::othello`) is the oracle for the rules.
//!
//! [`board`], [`viewer`], [`players`], [`computer`] and [`game`] are the handout's public
//! tests (`starter/reversi_players/tests/`), included here.
//!
//! - [`board`]: the initial position, `valid_move`, `play`, `possible_move` and the scores
//!   on chosen positions; squares off the board;
//! - [`viewer`]: the text viewer's exact text;
//! - [`players`]: what the human and the computer text players say and read;
//! - [`computer`]: the book's computer player's values and choices on chosen positions
//!   (the expected moves worked out once by [`references`]' copy of the book's search);
//! - [`references`]: the board against the oracle, and the computer against the book's
//!   search written again in this suite on the oracle's boards, along random games;
//! - [`game`]: the book's loop, through recording players, on chosen games (skips, the end,
//!   ties, results; the expected calls worked out once with the oracle);
//! - [`transcripts`]: whole programs, byte for byte: a computer-against-computer game and
//!   games of a person (with invalid input) against the computer, as the book's program
//!   prints them;
//! - [`robustness`]: any input, Windows line ends and the end of the input.

#![expect(
    clippy::duplicate_mod,
    reason = "each public test file is a crate of its own in the handout, declaring the support files it uses; \
              here, where they are modules together, a support file comes once for each"
)]

// The handout's public tests, run here as well: one file for each part, for both.
#[path = "../../starter/reversi_players/tests/board.rs"]
mod board;
#[path = "../../starter/reversi_players/tests/computer.rs"]
mod computer;
#[path = "../../starter/reversi_players/tests/game.rs"]
mod game;
#[path = "../../starter/reversi_players/tests/players.rs"]
mod players;
mod references;
mod robustness;
mod transcripts;
#[path = "../../starter/reversi_players/tests/viewer.rs"]
mod viewer;

use board::boards::shown;
use gamekit_engines::othello::{self, row_col, square_at};
use players::terminal::at_terminal;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use reversi_players::{Board, Color};

/// A move, as (row, column).
type Move = (i32, i32);

/// A position and the colour to move.
type Position = (Board, Color);

/// The oracle's view of `board` with `to_move` to move (row a is the oracle's first eight
/// squares).
fn oracle(board: &Board, to_move: Color) -> othello::Board {
    othello::Board::from_owners(|square| {
        let (row, col) = row_col(square);
        board.at(row, col).map(|color| color == to_move)
    })
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
