//! Depth-limited search by the [evaluation](super::eval): negamax with alpha–beta and a
//! transposition table, deepened one ply at a time until a deadline.
//!
//! A finished game is worth its final disc difference times [`WIN`] (beyond any evaluation),
//! so the search steers towards won endings and away from lost ones as soon as it sees them.

use super::eval::evaluate;
use super::table::{NO_MOVE, Table};
use super::{Board, squares};
use std::time::Instant;

/// What one disc of final margin is worth when the game is over.
const WIN: i32 = 500;
/// Beyond every value (and within the table's 16 bits).
const INFINITY: i32 = 65 * WIN;

/// A searcher, keeping its table between positions.
pub struct Searcher {
    table: Table,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

impl Searcher {
    /// A searcher with a table of 2^`bits` entries.
    pub fn new(bits: u32) -> Searcher {
        Searcher { table: Table::new(bits), nodes: 0, deadline: None, stopped: false }
    }

    /// The value of `board` searched `depth` plies deep (a pass is a ply).
    pub fn value(&mut self, board: &Board, depth: u32) -> i32 {
        (self.deadline, self.stopped) = (None, false);
        self.search(board, depth, -INFINITY, INFINITY, false)
    }

    /// The best move found by searching deeper and deeper until `deadline` (at least one ply,
    /// whatever the time); `None` when the player to move has no move.
    pub fn best_move(&mut self, board: &Board, deadline: Instant) -> Option<u32> {
        let moves = board.moves();
        let mut best = squares(moves).next()?;
        let empties = board.empty().count_ones();
        for depth in 1..=empties {
            (self.deadline, self.stopped) = ((depth > 1).then_some(deadline), false);
            let first = self.table.probe(board).map_or(NO_MOVE, |entry| entry.best);
            let (mut value, mut choice) = (-INFINITY, None);
            for square in self.ordered(board, moves, first, true) {
                let score = -self.search(&board.play(square), depth - 1, -INFINITY, -value, false);
                if self.stopped {
                    return Some(best);
                }
                if score > value {
                    (value, choice) = (score, Some(square));
                }
            }
            let Some(square) = choice else { break };
            self.table.store(board, depth as u8, (-INFINITY, INFINITY), value, square as u8);
            best = square;
        }
        Some(best)
    }

    fn search(&mut self, board: &Board, depth: u32, mut alpha: i32, beta: i32, passed: bool) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && self.deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let moves = board.moves();
        if moves == 0 {
            return if passed {
                board.final_score() * WIN
            } else {
                -self.search(&board.pass(), depth.saturating_sub(1), -beta, -alpha, true)
            };
        }
        if depth == 0 {
            return evaluate(board);
        }
        let mut first = NO_MOVE;
        if let Some(entry) = self.table.probe(board) {
            if let Some(value) = entry.cutoff(alpha, beta).filter(|_| u32::from(entry.depth) >= depth) {
                return value;
            }
            first = entry.best;
        }
        let window_alpha = alpha;
        let (mut best, mut best_move) = (-INFINITY, NO_MOVE);
        for square in self.ordered(board, moves, first, depth > 1) {
            let score = -self.search(&board.play(square), depth - 1, -beta, -alpha, false);
            if self.stopped {
                return 0;
            }
            if score > best {
                (best, best_move) = (score, square as u8);
                if best >= beta {
                    break;
                }
                alpha = alpha.max(best);
            }
        }
        self.table.store(board, depth as u8, (window_alpha, beta), best, best_move);
        best
    }

    /// The moves of `board`, the table's best first, then by the evaluation after them if
    /// `by_evaluation` (not worth it one ply from the end: evaluating them is the search).
    fn ordered(&self, board: &Board, moves: u64, first: u8, by_evaluation: bool) -> Moves {
        let mut list = Moves::default();
        for square in squares(moves) {
            let key = match () {
                _ if square == u32::from(first) => i32::MIN,
                _ if by_evaluation => evaluate(&board.play(square)),
                _ => 0,
            };
            list.push(key, square);
        }
        list
    }
}

/// A position's moves with their sort keys, kept without allocating (a position has at most
/// 33 moves), given out lowest key first: the order a search tries them in. Each is picked
/// when asked for rather than all sorted at once, since the first often ends the search.
pub(super) struct Moves {
    keyed: [(i32, u32); 40],
    len: usize,
    taken: usize,
}

impl Default for Moves {
    fn default() -> Self {
        Moves { keyed: [(0, 0); 40], len: 0, taken: 0 }
    }
}

impl Moves {
    pub(super) fn push(&mut self, key: i32, square: u32) {
        self.keyed[self.len] = (key, square);
        self.len += 1;
    }
}

impl Iterator for Moves {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        let rest = &mut self.keyed[self.taken..self.len];
        let lowest = (0..rest.len()).min_by_key(|&index| rest[index])?;
        rest.swap(0, lowest);
        self.taken += 1;
        Some(rest[0].1)
    }
}
