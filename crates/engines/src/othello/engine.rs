//! The strong player: the best move it can find within a time budget.
//!
//! Near the end (at most [`EXACT_EMPTIES`] empty squares) it first tries to solve the
//! position exactly with the [endgame solver](super::endgame), and plays a best move when the
//! solver finishes within three quarters of the budget. Otherwise, or when it does not, it
//! plays the move of the deepest [search](super::search) by the evaluation that finished in
//! the time left. Both keep their tables from move to move.

use super::endgame::Solver;
use super::search::Searcher;
use super::{Board, Square, squares};
use std::time::{Duration, Instant};

/// With at most this many empty squares, the engine tries to solve the position exactly.
pub const EXACT_EMPTIES: u32 = 22;

/// A strong Reversi player with a time budget per move.
pub struct Engine {
    searcher: Searcher,
    solver: Solver,
    budget: Duration,
}

impl Engine {
    /// An engine that takes at most about `budget` per move.
    pub fn new(budget: Duration) -> Engine {
        Engine { searcher: Searcher::new(20), solver: Solver::new(), budget }
    }

    /// The move to play on `board`, or `None` when the player to move must pass.
    pub fn choose(&mut self, board: &Board) -> Option<Square> {
        let moves = board.legal_moves();
        if moves.count_ones() <= 1 {
            return squares(moves).next().map(Square::from_index);
        }
        let started = Instant::now();
        if board.empty().count_ones() <= EXACT_EMPTIES
            && let Some(solution) = self.solver.solve_until(board, started + self.budget * 3 / 4)
        {
            return solution.best;
        }
        self.searcher.best_move(board, started + self.budget, board.empty().count_ones()).flatten()
    }
}
