//! Reversi as a [`Game`] for the generic [search](crate::search): the strong player's
//! search by the [evaluation](super::eval), and the endgame solver's sorting search.
//!
//! A move is a square, or `None` for a forced pass (a pass is a ply). A finished game is
//! worth its final disc difference times [`WIN`] (beyond any evaluation), so the search
//! steers towards won endings and away from lost ones as soon as it sees them.

use super::eval::{WIN, evaluate};
use super::{Board, squares};
use crate::game::Game;

/// The generic search on Reversi.
pub type Searcher = crate::search::Searcher<Board>;

impl Game for Board {
    type Move = Option<u32>;

    /// The squares from a1 up; a pass alone when there are none but the opponent can move.
    fn moves(&self) -> impl Iterator<Item = Option<u32>> {
        let moves = Board::moves(self);
        let pass = moves == 0 && !self.is_over();
        squares(moves).map(Some).chain(pass.then_some(None))
    }

    fn play(&self, mv: Option<u32>) -> Board {
        mv.map_or_else(|| self.pass(), |square| Board::play(self, square))
    }

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
