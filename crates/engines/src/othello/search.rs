//! 8×8 Reversi, by the [evaluation](super::eval), as an [`Evaluate`] for the generic
//! [search](crate::search): the strong player's search, and the endgame solver's sorting
//! search.
//!
//! A finished game is worth its final disc difference times [`WIN`] (beyond any
//! evaluation), so the search steers towards won endings and away from lost ones as soon as
//! it sees them.

use super::Board;
use super::eval::{WIN, evaluate};
use crate::game::Evaluate;

/// The generic search on Reversi.
pub type Searcher = crate::search::Searcher<Board>;

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
