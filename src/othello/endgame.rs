//! The exact endgame solver: the final disc difference with perfect play by both sides.
//!
//! Negamax with alpha–beta on null windows (principal variation search). What makes it fast
//! is the order it tries moves in, since a good first move lets the rest be refuted cheaply:
//! - the best move a [`Table`] remembers for the position, first;
//! - then *fastest first*: the moves that leave the opponent the fewest replies (weighted
//!   towards corners), which keeps the tree narrow;
//! - near the end (few empties), squares in a region with an odd number of empties first
//!   (*parity*: the last move in a region is worth having), without generating or sorting
//!   moves at all, and the very last empty square counted directly.

use super::search::Searcher;
use super::table::{NO_MOVE, Table};
use super::{Board, ParseError, squares};
use std::time::Instant;

/// At most this many empties, the solver stops sorting moves and using the table.
const SHALLOW: u32 = 6;

/// Above this many empties, moves are sorted by a shallow search of the evaluation.
const SORT_BY_SEARCH: u32 = 12;

/// The four corners.
const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The four 4×4 quarters of the board, for parity.
const QUADRANTS: [u64; 4] = [0x0f0f_0f0f, 0xf0f0_f0f0, 0x0f0f_0f0f << 32, 0xf0f0_f0f0 << 32];

/// The exact value of a position, and a move that achieves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solution {
    /// The final disc difference for the player to move (empties go to the winner).
    pub score: i32,
    /// A best move, or `None` when the player to move must pass or the game is over.
    pub best: Option<u32>,
}

/// A test position in the FFO format (`../shared/data/othello`, copied into
/// `fixtures/othello`): a board, the side to move, then `MOVE:SCORE;` for every legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The position, the side to move to play.
    pub board: Board,
    /// Each move's exact score, as the file gives them (best first).
    pub scores: Vec<(u32, i32)>,
}

impl std::str::FromStr for Problem {
    type Err = ParseError;

    fn from_str(line: &str) -> Result<Problem, ParseError> {
        let bad_line = || ParseError::Line(line.to_owned());
        let (position, scores) = line.split_once(';').ok_or_else(bad_line)?;
        let (squares, side) = position.trim().split_once(' ').ok_or_else(bad_line)?;
        let scores = scores
            .split(';')
            .filter(|item| !item.trim().is_empty())
            .map(|item| {
                let (name, score) = item.trim().split_once(':').ok_or_else(bad_line)?;
                Ok((super::parse_square(name).ok_or_else(bad_line)?, score.parse().map_err(|_| bad_line())?))
            })
            .collect::<Result<_, _>>()?;
        Ok(Problem { board: Board::parse(squares, side.trim())?, scores })
    }
}

/// An endgame solver, keeping its table between positions.
pub struct Solver {
    table: Table,
    sorter: Searcher,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with a table of 2^22 entries (96 MiB).
    pub fn new() -> Solver {
        Solver::with_table(22)
    }

    /// A solver with a table of 2^`bits` entries.
    pub fn with_table(bits: u32) -> Solver {
        Solver { table: Table::new(bits), sorter: Searcher::new(16), nodes: 0, deadline: None, stopped: false }
    }

    /// The positions searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact value of `board` and a best move.
    pub fn solve(&mut self, board: &Board) -> Solution {
        self.deadline = None;
        self.root(board)
    }

    /// As [`solve`](Self::solve), unless it takes past `deadline`: then `None`.
    pub fn solve_until(&mut self, board: &Board, deadline: Instant) -> Option<Solution> {
        self.deadline = Some(deadline);
        self.stopped = false;
        let solution = self.root(board);
        (!self.stopped).then_some(solution)
    }

    /// The root: like [`search`](Self::search), but keeps the best move (the first move of
    /// the best value, in the solver's order).
    fn root(&mut self, board: &Board) -> Solution {
        let moves = board.moves();
        if moves == 0 {
            let score = -self.search(&board.pass(), -64, 64, true);
            return Solution { score, best: None };
        }
        let mut best = Solution { score: -65, best: None };
        for (index, square) in self.ordered(board, moves, NO_MOVE).into_iter().enumerate() {
            let next = board.play(square);
            let alpha = best.score.max(-64);
            let score = if index == 0 {
                -self.search(&next, -64, -alpha, false)
            } else {
                let probe = -self.search(&next, -alpha - 1, -alpha, false);
                if probe > alpha { -self.search(&next, -64, -alpha, false) } else { probe }
            };
            if self.stopped {
                break;
            }
            if score > best.score {
                best = Solution { score, best: Some(square) };
            }
        }
        best
    }

    /// The value of `board` if it lies strictly between `alpha` and `beta`; otherwise a
    /// bound on the same side of the window (fail-soft). `passed` says the opponent just
    /// passed, so a position without moves is the end of the game.
    fn search(&mut self, board: &Board, mut alpha: i32, mut beta: i32, passed: bool) -> i32 {
        let empties = board.empty().count_ones();
        if empties <= SHALLOW {
            return self.shallow(board, alpha, beta, passed);
        }
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let moves = board.moves();
        if moves == 0 {
            return if passed { final_score(board) } else { -self.search(&board.pass(), -beta, -alpha, true) };
        }
        let mut first = NO_MOVE;
        if let Some(entry) = self.table.probe(board) {
            let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
            if lower >= beta || lower == upper {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            (alpha, beta) = (alpha.max(lower), beta.min(upper));
            first = entry.best;
        }
        let (window_alpha, mut best, mut best_move) = (alpha, -65, NO_MOVE);
        for (index, square) in self.ordered(board, moves, first).into_iter().enumerate() {
            let next = board.play(square);
            let floor = alpha.max(best);
            let score = if index == 0 {
                -self.search(&next, -beta, -floor, false)
            } else {
                let probe = -self.search(&next, -floor - 1, -floor, false);
                if probe > floor && probe < beta { -self.search(&next, -beta, -probe, false) } else { probe }
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                (best, best_move) = (score, square as u8);
                if best >= beta {
                    break;
                }
            }
        }
        let lower = if best > window_alpha { best } else { -64 };
        let upper = if best < beta { best } else { 64 };
        self.table.store(board, empties as u8, lower as i16, upper as i16, best_move);
        best
    }

    /// [`search`](Self::search) for the last few empties: squares in odd regions first, no
    /// table, no move list.
    fn shallow(&mut self, board: &Board, mut alpha: i32, beta: i32, passed: bool) -> i32 {
        self.nodes += 1;
        let empty = board.empty();
        if empty.count_ones() == 1 {
            return last_move(board, empty.trailing_zeros());
        }
        let odd = odd_regions(empty);
        let mut best = -65;
        for square in squares(empty & odd).chain(squares(empty & !odd)) {
            let flips = board.flips(square);
            if flips == 0 {
                continue;
            }
            let next = Board { player: board.opponent & !flips, opponent: board.player | flips | 1 << square };
            let score = -self.shallow(&next, -beta, -alpha, false);
            if score > best {
                best = score;
                if best >= beta {
                    return best;
                }
                alpha = alpha.max(best);
            }
        }
        if best > -65 {
            best
        } else if passed {
            final_score(board)
        } else {
            -self.shallow(&board.pass(), -beta, -alpha, true)
        }
    }

    /// The moves of `board` in the order to try them: `first` (if a move), then fastest
    /// first: the fewest replies (corners counted twice), then the fewest empty squares next
    /// to our discs (the opponent's future moves), then odd regions first.
    fn ordered(&mut self, board: &Board, moves: u64, first: u8) -> Moves {
        let empty = board.empty();
        let odd = odd_regions(empty);
        let depth = match empty.count_ones() {
            ..=SORT_BY_SEARCH => None,
            empties => Some((empties - SORT_BY_SEARCH).div_ceil(5)),
        };
        let mut list = Moves::default();
        for square in squares(moves) {
            let next = board.play(square);
            let replies = next.moves();
            let key = if square == u32::from(first) {
                i32::MIN
            } else if let Some(depth) = depth {
                self.sorter.value(&next, depth) + (replies.count_ones() + (replies & CORNERS).count_ones()) as i32 * 24
            } else {
                let frontier = (super::neighbours(next.opponent) & next.empty()).count_ones();
                let parity = i32::from(odd & 1 << square == 0);
                (replies.count_ones() + (replies & CORNERS).count_ones()) as i32 * 64 + frontier as i32 * 2 + parity
            };
            list.push(key, square);
        }
        list.sort();
        list
    }

    /// Whether the deadline has passed (looked at every 4096 positions).
    fn out_of_time(&mut self) -> bool {
        if self.nodes.is_multiple_of(4096) && self.deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            self.stopped = true;
        }
        self.stopped
    }
}

/// The quadrants with an odd number of empty squares.
fn odd_regions(empty: u64) -> u64 {
    QUADRANTS
        .into_iter()
        .filter(|&quadrant| (empty & quadrant).count_ones() % 2 == 1)
        .fold(0, |odd, quadrant| odd | quadrant)
}

/// A position's moves with their sort keys, without allocating (a position has at most 33).
struct Moves {
    keyed: [(i32, u32); 40],
    len: usize,
}

impl Default for Moves {
    fn default() -> Self {
        Moves { keyed: [(0, 0); 40], len: 0 }
    }
}

impl Moves {
    fn push(&mut self, key: i32, square: u32) {
        self.keyed[self.len] = (key, square);
        self.len += 1;
    }

    /// By key, lowest first.
    fn sort(&mut self) {
        self.keyed[..self.len].sort_unstable();
    }
}

impl IntoIterator for Moves {
    type Item = u32;
    type IntoIter = std::iter::Map<std::iter::Take<std::array::IntoIter<(i32, u32), 40>>, fn((i32, u32)) -> u32>;

    fn into_iter(self) -> Self::IntoIter {
        self.keyed.into_iter().take(self.len).map(|(_, square)| square)
    }
}

/// The disc difference for the player to move when the game ends here; the empty squares go
/// to the winner.
pub fn final_score(board: &Board) -> i32 {
    let (mine, theirs) = (board.player.count_ones() as i32, board.opponent.count_ones() as i32);
    let empties = 64 - mine - theirs;
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => mine - theirs + empties,
        std::cmp::Ordering::Less => mine - theirs - empties,
        std::cmp::Ordering::Equal => 0,
    }
}

/// The final score when `square` is the only empty square: the player to move takes it if
/// they can, else the opponent if they can.
fn last_move(board: &Board, square: u32) -> i32 {
    let mine = board.player.count_ones() as i32;
    let flips = board.flips(square).count_ones() as i32;
    if flips > 0 {
        return 2 * (mine + flips) + 2 - 64;
    }
    let theirs = board.pass().flips(square).count_ones() as i32;
    if theirs > 0 { 2 * (mine - theirs) - 64 } else { final_score(board) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain negamax over every move: the definition the solver must agree with.
    fn negamax(board: &Board, passed: bool) -> i32 {
        let moves = board.moves();
        if moves == 0 {
            return if passed { final_score(board) } else { -negamax(&board.pass(), true) };
        }
        squares(moves).map(|square| -negamax(&board.play(square), false)).max().unwrap()
    }

    /// Positions with few empties, from random games (a fixed generator).
    fn late_positions() -> Vec<Board> {
        let mut state: u64 = 7;
        let mut positions = Vec::new();
        for _ in 0..60 {
            let mut board = Board::start();
            while board.empty().count_ones() > 9 {
                let moves = board.moves();
                if moves == 0 {
                    board = board.pass();
                    if board.moves() == 0 {
                        break;
                    }
                    continue;
                }
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let pick = (state >> 33) as usize % moves.count_ones() as usize;
                board = board.play(squares(moves).nth(pick).unwrap());
            }
            positions.push(board);
        }
        positions
    }

    #[test]
    fn the_solver_agrees_with_plain_negamax() {
        let mut solver = Solver::with_table(12);
        for board in late_positions() {
            let solution = solver.solve(&board);
            assert_eq!(solution.score, negamax(&board, false), "{board:?}");
            if let Some(best) = solution.best {
                assert_eq!(-negamax(&board.play(best), false), solution.score);
            }
        }
    }

    #[test]
    fn a_finished_game_gives_the_empties_to_the_winner() {
        let board = Board { player: 0xff, opponent: 0xff00_0000 };
        assert_eq!(final_score(&board), 8 - 8);
        let board = Board { player: 0xfff, opponent: 0xff00_0000 };
        assert_eq!(final_score(&board), 12 - 8 + 44);
    }
}
