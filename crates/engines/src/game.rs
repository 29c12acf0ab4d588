//! What a two-player game is, split as the `two_player` seed splits it: the rules
//! ([`Game`], the seed's `REPRESENTATION`) apart from how good a position is ([`Evaluate`],
//! its `EVAL`). Every engine's position implements [`Game`]; [`perft`] counts its move
//! sequences, and an engine that also implements [`Evaluate`] gets negamax, alpha–beta, a
//! transposition table, iterative deepening and a deadline from
//! [`search::Searcher`](crate::search::Searcher).
//!
//! ```
//! use gamekit_engines::game::{Game, perft};
//! use gamekit_engines::othello::{Board, Square};
//! let mut board = Board::start();
//! assert_eq!(perft(&board, 4), 244);
//! assert!(board.play(None).is_err(), "a pass is no move while there is one");
//! assert_eq!(board, Board::start(), "a refused move changes nothing");
//! assert_eq!(board.play(Some("d3".parse::<Square>()?)), Ok(()));
//! assert_eq!(board.outcome(), None);
//! # Ok::<(), gamekit_engines::othello::ParseError>(())
//! ```

use std::fmt;

/// The rules of a two-player, zero-sum game of perfect information, seen from the player to
/// move: the legal moves, playing one, and the outcome.
pub trait Game: Clone + Eq + fmt::Debug {
    /// A move. Where the rules force a player to pass, the pass is a move too, so that a
    /// position has no moves exactly when the game is over.
    type Move: Copy + Eq + fmt::Debug;

    /// The moves of the player to move, each once, in the order the engine's search tries
    /// them when it knows no better; none when the game is over.
    fn moves(&self) -> impl Iterator<Item = Self::Move>;

    /// Plays `mv`, which must be one of [`moves`](Self::moves): the fast path of searches
    /// that play only moves they were given. Anything else leaves a position the rules
    /// never reach (or panics).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays `mv` if it is one of [`moves`](Self::moves).
    ///
    /// # Errors
    /// [`IllegalMove`] for any other move; the position is then unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), IllegalMove<Self::Move>> {
        if !self.moves().any(|legal| legal == mv) {
            return Err(IllegalMove(mv));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// How the game ended, for the player to move; `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// How many moves [`moves`](Self::moves) gives; an engine with a faster count (a set's
    /// size) says so here, and [`perft`]'s last ply uses it.
    fn move_count(&self) -> u64 {
        self.moves().count() as u64
    }
}

/// How a finished game ended, for the player who would be to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The player to move has won (in Reversi, more discs).
    Win,
    /// The player to move has lost: the last move won, or fewer discs.
    Loss,
    /// Nobody won.
    Draw,
}

/// A move that the rules do not allow in the position it was played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a legal move here")]
pub struct IllegalMove<M: fmt::Debug>(pub M);

/// The number of move sequences `depth` plies deep from `game`: a forced pass is a ply, and a
/// finished game counts as one, whatever depth is left.
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => game.move_count().max(1),
        _ => {
            let child = |mv| {
                let mut next = game.clone();
                next.play_unchecked(mv);
                // The last ply counted, not played.
                if depth == 2 { next.move_count().max(1) } else { perft(&next, depth - 1) }
            };
            game.moves().map(child).sum::<u64>().max(1)
        }
    }
}

/// How good a position is for the player to move (the seed's `EVAL`), and what the search's
/// table needs: a position small enough to keep ([`Copy`]) and a hash.
pub trait Evaluate: Game + Copy {
    /// The value of a finished game for the player to move: positive when they have won,
    /// and beyond every value [`evaluate`](Self::evaluate) gives, so the search prefers a
    /// sure result to a hopeful estimate.
    fn final_value(&self) -> i32;

    /// An estimate of the position's value for the player to move, positive when good for
    /// them; [`final_value`](Self::final_value) when the game is over (the search's
    /// horizon asks only this, so a game can tell the end from the moves it counts anyway).
    fn evaluate(&self) -> i32;

    /// A well-mixed hash of the position, to find it in the table.
    fn hash(&self) -> u64;
}
