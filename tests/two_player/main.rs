//! The graded suite of the `two_player` assignment (the OCaml chapter "Two Player Games").
//!
//! Written against the assignment's public API only and compiled against whichever crate
//! named `two_player` is being graded. `fixtures/two_player/rubric.toml` gives the points.
//!
//! - [`alphabeta`]: the generic search on game trees of the suite's own (so it is graded
//!   apart from the games), then on both games, always against a plain minimax: the same
//!   value, and the same move under the chapter's tie-break;
//! - [`connect_four`] and [`stonehenge`]: each representation, evaluation and text
//!   interface alone, one behaviour per test; the arbiter on chosen positions, every rule;
//! - [`skeleton`]: the game loop, machine and person moves, results, play again;
//! - [`transcripts`]: whole programs, byte for byte, in memory and through `connect-four`
//!   and `stonehenge`;
//! - [`robustness`]: any answers, long lines, Windows line ends and the end of the input.
//!   (The command line is the handout's code, checked by the kit rather than graded.)

mod alphabeta;
mod connect_four;
mod robustness;
mod skeleton;
mod stonehenge;
mod transcripts;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::Cursor;
use two_player::{ConnectFour, Evaluation, Representation, Screen, StoneMove, Stonehenge, Terminal};

/// A terminal that reads `input` and records what is printed on the returned screen.
fn at_terminal(input: &str) -> (Terminal, Screen) {
    let screen = Screen::default();
    (Terminal::new(Cursor::new(input.as_bytes().to_vec()), screen.clone()), screen)
}

/// Connect Four after `columns` (digits 1 to 7), the first player first.
#[track_caller]
fn connect_four(columns: &str) -> ConnectFour {
    columns
        .bytes()
        .enumerate()
        .fold(ConnectFour::game_start(), |game, (index, column)| game.play(index % 2 == 0, usize::from(column - b'0')))
}

/// Connect Four from a picture: six rows of seven cells (`X`, `O` or `.`, spaces ignored),
/// the top row first; each column's discs are dropped from the bottom up.
#[track_caller]
fn board(picture: &str) -> ConnectFour {
    let rows: Vec<Vec<char>> =
        picture.lines().map(|row| row.chars().filter(|c| !c.is_whitespace()).collect()).collect();
    assert!(rows.len() == 6 && rows.iter().all(|row| row.len() == 7), "a broken picture:\n{picture}");
    let mut game = ConnectFour::game_start();
    for row in rows.iter().rev() {
        for (column, &cell) in row.iter().enumerate() {
            if cell != '.' {
                game = game.play(cell == 'X', column + 1);
            }
        }
    }
    game
}

/// Stonehenge after `moves` (place, stone), the first player first.
#[track_caller]
fn stonehenge(moves: &[(usize, u32)]) -> Stonehenge {
    moves.iter().enumerate().fold(Stonehenge::game_start(), |game, (index, &(place, stone))| {
        game.play(index % 2 == 0, StoneMove { place, stone })
    })
}

/// The positions of `count` random games of `E::Game`, each stopped after a random number
/// of moves below `max_moves` (or at its end), with the player to move.
fn random_positions<E: Evaluation>(seed: u64, count: usize, max_moves: usize) -> Vec<(E::Game, bool)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let (mut game, mut player) = (E::Game::game_start(), true);
            for _ in 0..rng.random_range(0..max_moves) {
                let moves = game.legal_moves(player);
                if moves.is_empty() || E::is_leaf(player, &game) {
                    break;
                }
                game = game.play(player, moves[rng.random_range(0..moves.len())]);
                player = !player;
            }
            (game, player)
        })
        .collect()
}

/// The `connect-four` and `stonehenge` programs of the crate under test.
fn program(name: &str) -> std::path::PathBuf {
    gamekit_testkit::program(env!("CARGO_MANIFEST_DIR"), "two_player", name)
}
