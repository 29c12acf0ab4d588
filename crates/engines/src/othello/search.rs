//! 8×8 Reversi as a [`Game`], and, by the [evaluation](super::eval), as an [`Evaluate`] for
//! the generic [search](crate::search): the strong player's search, and the endgame
//! solver's sorting search.
//!
//! A move is a [`Square`], or `None` for a forced pass (a pass is a ply). A finished game is
//! worth its final disc difference times [`WIN`] (beyond any evaluation), so the search
//! steers towards won endings and away from lost ones as soon as it sees them.

use super::eval::{WIN, evaluate};
use super::{Board, Square, squares};
use crate::game::{Evaluate, Game, Outcome};

/// The generic search on Reversi.
pub type Searcher = crate::search::Searcher<Board>;

impl Game for Board {
    type Move = Option<Square>;

    /// The squares from a1 up; a pass alone when there are none but the opponent can move.
    fn moves(&self) -> impl Iterator<Item = Option<Square>> {
        let squares = Board::legal_moves(self);
        Moves { squares, pass: squares == 0 && !self.is_over() }
    }

    fn play_unchecked(&mut self, mv: Option<Square>) {
        *self = mv.map_or_else(|| self.pass(), |square| Board::after(self, square.index()));
    }

    fn outcome(&self) -> Option<Outcome> {
        let outcome = match self.final_score() {
            0 => Outcome::Draw,
            score if score > 0 => Outcome::Win,
            _ => Outcome::Loss,
        };
        self.is_over().then_some(outcome)
    }

    /// The set's size, or one for a forced pass.
    fn move_count(&self) -> u64 {
        match Board::legal_moves(self) {
            0 => u64::from(!self.is_over()),
            moves => u64::from(moves.count_ones()),
        }
    }
}

/// The moves of a board: its squares from a1 up, or a pass alone.
struct Moves {
    squares: u64,
    pass: bool,
}

impl Iterator for Moves {
    type Item = Option<Square>;

    fn next(&mut self) -> Option<Option<Square>> {
        if self.squares != 0 {
            let square = self.squares.trailing_zeros();
            self.squares &= self.squares - 1;
            Some(Some(Square(square as u8)))
        } else {
            std::mem::take(&mut self.pass).then_some(None)
        }
    }

    /// A loop over the squares' bits, without `next`'s test for a pass at each (perft
    /// spends most of its time here).
    fn fold<B, F: FnMut(B, Option<Square>) -> B>(self, init: B, mut f: F) -> B {
        let mut accumulated =
            squares(self.squares).fold(init, |accumulated, square| f(accumulated, Some(Square(square as u8))));
        if self.pass {
            accumulated = f(accumulated, None);
        }
        accumulated
    }
}

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
