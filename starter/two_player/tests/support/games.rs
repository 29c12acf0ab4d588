//! Positions and terminals for the tests, made with the crate's own `game_start` and `play`.
//! The graded suite makes them with this same code, so a test here fails with the words
//! `gamekit grade` uses.

#![allow(dead_code, reason = "each test file uses some of these")]

use super::random::Draws;
use std::io::Cursor;
use two_player::{ConnectFour, Evaluation, Representation, Screen, StoneMove, Stonehenge, Terminal};

/// A terminal that reads `input` and records what is printed on the returned screen.
pub fn at_terminal(input: &str) -> (Terminal, Screen) {
    let screen = Screen::default();
    (Terminal::new(Cursor::new(input.as_bytes().to_vec()), screen.clone()), screen)
}

/// Connect Four after `columns` (digits 1 to 7), the first player first.
#[track_caller]
pub fn connect_four(columns: &str) -> ConnectFour {
    columns
        .bytes()
        .enumerate()
        .fold(ConnectFour::game_start(), |game, (index, column)| game.play(index % 2 == 0, usize::from(column - b'0')))
}

/// Connect Four from a picture: six rows of seven cells (`X`, `O` or `.`, spaces ignored),
/// the top row first; each column's discs are dropped from the bottom up.
#[track_caller]
pub fn board(picture: &str) -> ConnectFour {
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
pub fn stonehenge(moves: &[(usize, u32)]) -> Stonehenge {
    moves.iter().enumerate().fold(Stonehenge::game_start(), |game, (index, &(place, stone))| {
        game.play(index % 2 == 0, StoneMove { place, stone })
    })
}

/// One of `items`, drawn at random.
pub fn pick<T: Copy>(draws: &mut Draws, items: &[T]) -> T {
    let last = i32::try_from(items.len()).expect("a short list") - 1;
    items[usize::try_from(draws.within(0, last)).expect("an index")]
}

/// The positions of `count` random games of `E::Game`, each stopped after a random number
/// of moves below `max_moves` (or at its end), with the player to move.
pub fn random_positions<E: Evaluation>(seed: u64, count: usize, max_moves: i32) -> Vec<(E::Game, bool)> {
    let mut draws = Draws::new(seed);
    (0..count)
        .map(|_| {
            let (mut game, mut player) = (E::Game::game_start(), true);
            for _ in 0..draws.within(0, max_moves - 1) {
                let moves = game.legal_moves(player);
                if moves.is_empty() || E::is_leaf(player, &game) {
                    break;
                }
                game = game.play(player, pick(&mut draws, &moves));
                player = !player;
            }
            (game, player)
        })
        .collect()
}
