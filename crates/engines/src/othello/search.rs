//! 8×8 Reversi, by the [evaluation](super::eval), as an [`Evaluate`] for the generic
//! [search](crate::search): the strong player's search; and by the learned evaluation, the
//! endgame solver's guess and sorting searches.
//!
//! A finished game is worth its final disc difference times [`WIN`] (beyond any
//! evaluation), so the search steers towards won endings and away from lost ones as soon as
//! it sees them.

use super::eval::{WIN, evaluate};
use super::pattern::{DISC, LEARNED};
use super::{Board, Square};
use crate::game::{Evaluate, Game, Outcome};

/// The generic search on Reversi.
pub type Searcher = crate::search::Searcher<Board>;

/// The generic search on Reversi by the [learned evaluation](super::pattern): what the
/// endgame solver guesses a score with before it proves it.
pub type LearnedSearcher = crate::search::Searcher<Learned>;

/// A board valued by the [learned evaluation](super::pattern) rather than the hand one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Learned(pub Board);

impl Evaluate for Board {
    fn final_value(&self) -> i32 {
        self.final_score() * WIN
    }

    fn evaluate(&self) -> i32 {
        evaluate(self)
    }

    fn hash(&self) -> u64 {
        super::table::hash(self)
    }
}

impl Game for Learned {
    type Move = Option<Square>;

    fn moves(&self) -> impl Iterator<Item = Option<Square>> {
        self.0.moves()
    }

    fn play_unchecked(&mut self, mv: Option<Square>) {
        self.0.play_unchecked(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    fn move_count(&self) -> u64 {
        self.0.move_count()
    }
}

/// In 1/[`DISC`] discs, a finished game's worth its margin times [`WIN`] as the hand
/// evaluation's is; a prediction is kept within the 64 discs a game can be won by.
impl Evaluate for Learned {
    fn final_value(&self) -> i32 {
        self.0.final_value()
    }

    fn evaluate(&self) -> i32 {
        LEARNED.predict(&self.0).map_or_else(|| self.final_value(), |value| value.clamp(-64 * DISC, 64 * DISC))
    }

    fn hash(&self) -> u64 {
        self.0.hash()
    }
}
