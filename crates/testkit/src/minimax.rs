//! The suites' oracle for perfect play in any [`Game`]: plain minimax over the whole game,
//! with the tie-break the assignments document (the quickest win, else a draw, else the
//! latest loss). Slow and obviously right: every position's value is remembered, so it
//! serves small games and late positions, and the engines' fast exact solvers are checked
//! against it there. [`Minimax::final_values`] is the same search for a score rather than a
//! result (the disc difference an Othello endgame solver finds).
//!
//! ```
//! use gamekit_engines::tictactoe::{EMPTY, O, X};
//! use gamekit_testkit::minimax::{Minimax, WIN};
//! let mut minimax = Minimax::new();
//! assert_eq!(minimax.value(&[EMPTY; 9]), 0, "Tic-Tac-Toe is a draw");
//! // X to move wins at once on square 2, or in three plies elsewhere: the quickest first.
//! let board = [X, X, EMPTY, O, O, EMPTY, EMPTY, EMPTY, EMPTY];
//! assert_eq!(minimax.value(&board), WIN - 1);
//! assert_eq!(gamekit_testkit::minimax::plies(WIN - 1), 1);
//! assert_eq!(minimax.best_moves(&board), [2]);
//! ```

use gamekit_engines::game::{Evaluate, Game, Outcome};
use std::collections::HashMap;
use std::hash::Hash;

/// The value of a game won at once; one less for each ply it takes.
pub const WIN: i32 = 1_000_000;

/// How many plies a value's win or loss is away (0 for a draw, which has none).
pub fn plies(value: i32) -> i32 {
    if value == 0 { 0 } else { WIN - value.abs() }
}

/// Perfect play's values, remembered by position.
pub struct Minimax<G: Game + Hash> {
    values: HashMap<G, i32>,
    /// A finished game's value for the player to move.
    finished: fn(&G) -> i32,
    /// Whether each ply moves a value one step towards 0, so that a sooner win is worth more.
    by_plies: bool,
}

impl<G: Game + Hash> Default for Minimax<G> {
    fn default() -> Self {
        Minimax::new()
    }
}

/// [`WIN`], `-WIN` or 0 for a finished game's outcome.
fn result<G: Game>(game: &G) -> i32 {
    match game.outcome() {
        Some(Outcome::Win) => WIN,
        Some(Outcome::Loss) => -WIN,
        _ => 0,
    }
}

impl<G: Game + Hash> Minimax<G> {
    /// An oracle that knows no position yet, playing for the quickest win.
    pub fn new() -> Minimax<G> {
        Minimax { values: HashMap::new(), finished: result, by_plies: true }
    }

    /// The value of `game` for the player to move, both sides playing perfectly: [`WIN`] less
    /// the plies until the win, the opposite for a loss, 0 for a draw (with
    /// [`final_values`](Self::final_values), the best final value instead).
    pub fn value(&mut self, game: &G) -> i32 {
        if game.outcome().is_some() {
            return (self.finished)(game);
        }
        if let Some(&value) = self.values.get(game) {
            return value;
        }
        let moves: Vec<G::Move> = game.moves().collect();
        let value = moves.into_iter().map(|mv| self.value_of(game, mv)).max().expect("a game not over has a move");
        self.values.insert(game.clone(), value);
        value
    }

    /// The value of playing `mv` (one of `game`'s moves) for the player to move.
    pub fn value_of(&mut self, game: &G, mv: G::Move) -> i32 {
        let mut next = game.clone();
        next.play_unchecked(mv);
        let value = -self.value(&next);
        // A ply further: a win less good, a loss less bad.
        if self.by_plies { value - value.signum() } else { value }
    }

    /// The moves of `game` that keep its [`value`](Self::value), in the order
    /// [`Game::moves`] gives them; none when the game is over.
    pub fn best_moves(&mut self, game: &G) -> Vec<G::Move> {
        let moves: Vec<G::Move> = game.moves().collect();
        let values: Vec<i32> = moves.iter().map(|&mv| self.value_of(game, mv)).collect();
        let best = values.iter().copied().max();
        moves.into_iter().zip(values).filter(|&(_, value)| Some(value) == best).map(|(mv, _)| mv).collect()
    }
}

impl<G: Evaluate + Hash> Minimax<G> {
    /// An oracle playing for the best [`Evaluate::final_value`] of the finished game, however
    /// many plies it takes: its values are the exact scores an endgame solver finds.
    pub fn final_values() -> Minimax<G> {
        Minimax { values: HashMap::new(), finished: G::final_value, by_plies: false }
    }
}
