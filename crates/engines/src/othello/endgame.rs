//! The exact endgame solver: the final disc difference with perfect play by both sides.
//!
//! Negamax with alpha–beta on null windows (principal variation search), the root's exact
//! score found by null-window searches alone (MTD(f)), after a *selective* search that cuts
//! off where the learned evaluation says a position is far outside the window (*ProbCut*):
//! its bounds are only likely, and the exact search ignores them, but the best moves it
//! leaves in the table and the score it finds are good first guesses. What makes it fast
//! is the order it tries moves in, since a good first move lets the rest be refuted cheaply:
//! - the best move a `Table` remembers for the position, first, tried before the others are
//!   sorted at all;
//! - far from the end, by a shallow search of the [learned evaluation](super::pattern);
//! - nearer the end, *fastest first*: the moves that leave the opponent the fewest replies
//!   (weighted towards corners), which keeps the tree narrow;
//! - near the end (few empties), squares in a region with an odd number of empties first
//!   (*parity*: the last move in a region is worth having), without generating or sorting
//!   moves at all but trying the better squares first, and the very last empty square
//!   counted by tables, line by line.
//!
//! Two cut-offs end the search of a position before any move: the table may already know a
//! move that refutes it (*enhanced transposition cut-off*), and the opponent's *stable*
//! discs, which can never be flipped, may show that it cannot reach the window.

use super::eval::{CORNERS, WIN, mobility};
use super::pattern::DISC;
use super::search::{Learned, LearnedSearcher};
use super::table::{NO_MOVE, Table};
use super::{Board, Square, by_column, squares, stable};
use std::time::Instant;

/// At most this many empties, the solver stops generating and sorting moves.
const SHALLOW: u32 = 6;

/// From this many empties up, the solver keeps what it learns in the table. Nearer the end a
/// position costs less to search again than to look up, each look-up being a read from
/// memory (the table is far bigger than the cache).
const TABLED: u32 = 8;
/// Above this many empties, the solver looks in the table for a move that cuts off at once.
const TRANSPOSITION_CUTOFF: u32 = 10;

/// The score's first guess searches the learned evaluation down to this many empties, where
/// its weights were fitted (from 12 to 16; FFO #40–#49: 805 M positions, against 895 M six
/// plies deep whatever the empties and 829 M ten plies deep).
const GUESSED_FROM: u32 = 14;

/// Above this many empties, moves are sorted by a shallow search of the learned evaluation,
/// one ply deeper for every three more empties (a ply for every two: fewer positions in all,
/// 596 M against 653 M on FFO #40–#49, but 1.2 times the time; from 11 or 13 empties, more).
const SORT_BY_SEARCH: u32 = 12;

/// What an opponent's reply costs a move in the sorting searches' keys, in 1/[`DISC`] discs
/// (three discs: FFO #40–#49 in 686 M positions, 699 M at two discs, 709 M at four).
const REPLY: i32 = 96;

/// The sorting searches value a move exactly only when it is within this many discs of
/// `alpha` or above it (Edax's margin; 680 M positions against 686 M without one).
const SORT_MARGIN: i32 = 8;

/// From this many empties up, the selective search may cut off by probability (from 9 or 11
/// empties: 495 M and 501 M positions on FFO #40–#49, against 480 M, each measured with a
/// shallow search for each bound, as are the figures below).
const PROBCUT_FROM: u32 = 10;

/// The selective search cuts off when a shallow search of the learned evaluation puts the
/// position this many discs beyond the window (about 1.4 times the evaluation's error, 8.8
/// discs on positions held out from its fitting; 10 discs: 552 M positions on FFO #40–#49,
/// 16 discs: 506 M, against 480 M; two selective searches, at 8 then 16 discs or 6 then 12,
/// 492 M).
const PROBCUT_MARGIN: i32 = 12;

/// The shallow searches of the selective search look one ply deeper for every four empties
/// above this many (for every three above 8: 496 M positions on FFO #40–#49, for every four
/// above 16, 527 M; against 480 M).
const PROBCUT_DEPTH_FROM: u32 = 12;

/// Every square by how good it usually is to take, best first: corners; the edge squares two
/// from a corner, and the inner squares diagonal to those; the middle of the edges and the
/// inner squares between; the rest of the ring next to the edges; the squares beside a
/// corner (C); the squares diagonally inside one (X), which hand the corner over.
const SQUARE_CLASSES: [u64; 6] = [
    CORNERS,
    0x2400_8100_0081_0024 | 0x0000_2400_0024_0000,
    0x1800_0081_8100_0018 | 0x0000_1824_2418_0000 | 0x0000_0018_1800_0000,
    0x003c_4242_4242_3c00,
    0x4281_0000_0000_8142,
    0x0042_0000_0000_4200,
];

/// The four 4×4 quarters of the board, for parity.
const QUADRANTS: [u64; 4] = [0x0f0f_0f0f, 0xf0f0_f0f0, 0x0f0f_0f0f << 32, 0xf0f0_f0f0 << 32];

/// The exact value of a position, and a move that achieves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solution {
    /// The final disc difference for the player to move (empties go to the winner).
    pub score: i32,
    /// A best move, or `None` when the player to move must pass or the game is over.
    pub best: Option<Square>,
}

/// An endgame solver, keeping its table between positions.
pub struct Solver {
    table: Table,
    guesser: LearnedSearcher,
    nodes: u64,
    deadline: Option<Instant>,
    /// The node count at which to look at the clock next.
    next_check: u64,
    stopped: bool,
    /// Whether the search may cut off by probability (see [`probable_cutoff`](Self::probable_cutoff)).
    selective: bool,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with a table of 2^20 entries (24 MiB; more is slower on the FFO positions).
    pub fn new() -> Solver {
        Solver::with_table(20)
    }

    /// A solver with a table of 2^`bits` entries.
    pub fn with_table(bits: u32) -> Solver {
        Solver {
            table: Table::new(bits),
            guesser: LearnedSearcher::new(20),
            nodes: 0,
            deadline: None,
            next_check: 0,
            stopped: false,
            selective: false,
        }
    }

    /// The positions searched so far, those of the shallow searches of the learned
    /// evaluation (which guess the score, sort moves far from the end and cut off by
    /// probability) included.
    pub fn nodes(&self) -> u64 {
        self.nodes + self.shallow_nodes()
    }

    /// Of [`nodes`](Self::nodes), those of the shallow searches of the learned evaluation.
    pub fn shallow_nodes(&self) -> u64 {
        self.guesser.nodes()
    }

    /// The exact value of `board` and a best move.
    pub fn solve(&mut self, board: &Board) -> Solution {
        (self.deadline, self.stopped) = (None, false);
        let guess = self.guess(board);
        self.selective_then_exact(board, guess)
    }

    /// As [`solve`](Self::solve), the first null window asking whether the score is at
    /// least `guess` (a close guess saves the proofs of scores below it).
    pub fn solve_near(&mut self, board: &Board, guess: i32) -> Solution {
        (self.deadline, self.stopped) = (None, false);
        self.selective_then_exact(board, guess)
    }

    /// As [`solve`](Self::solve), unless it takes past `deadline`: then `None`.
    pub fn solve_until(&mut self, board: &Board, deadline: Instant) -> Option<Solution> {
        (self.deadline, self.stopped) = (Some(deadline), false);
        let guess = self.guess(board);
        let solution = self.selective_then_exact(board, guess);
        (!self.stopped).then_some(solution)
    }

    /// The exact score of `board`, found from `guess` by the [root](Self::root)'s
    /// null-window searches once selectively, then exactly from the score the selective
    /// ones found. The selective search, far cheaper, leaves best moves in the table for
    /// the exact one, which its bounds would mislead (FFO #40–#49: 474 M positions and
    /// 35.1 s, against 653 M and 47.1 s exactly alone; #20–#39: 99 M against 127 M).
    fn selective_then_exact(&mut self, board: &Board, guess: i32) -> Solution {
        self.selective = true;
        let likely = self.root(board, guess).score;
        self.selective = false;
        if self.stopped {
            return Solution { score: likely, best: None };
        }
        self.root(board, likely)
    }

    /// A first guess at the score of `board`, in even discs: the [learned
    /// evaluation](super::pattern) searched down to [`GUESSED_FROM`] empties. (FFO #40–#49:
    /// 17% fewer positions than starting from a win, each guess 0 to 12 discs off.)
    fn guess(&mut self, board: &Board) -> i32 {
        let depth = board.empty().count_ones().saturating_sub(GUESSED_FROM).max(1);
        in_discs(self.guesser.value(&Learned(*board), depth))
    }

    /// The root: the exact score by null-window searches (*MTD(f)*), each of which proves
    /// the score at least some value, or less, and a best move. The first asks whether the
    /// score is at least `guess`; from a lower bound the next asks for two discs more, from
    /// an upper bound whether it is reached, until the two meet. Small steps, since proving
    /// a score out of reach costs more than proving one in reach (FFO #40–#49, from a win:
    /// 16% fewer positions than a principal variation search over the full window; from a
    /// guess of the hand evaluation's, more, the learned one's [`guess`](Self::guess) being
    /// the first close enough to pay).
    fn root(&mut self, board: &Board, guess: i32) -> Solution {
        let moves = board.legal_moves();
        if moves == 0 {
            let score = -self.search(&board.pass(), -64, 64, true);
            return Solution { score, best: None };
        }
        // The score lies in `lower..=upper` (scores are even); `found` reaches `lower`.
        let (mut lower, mut upper) = (-65, 64);
        let mut found = Solution { score: -65, best: None };
        let mut test = guess;
        while lower < upper {
            let beta = test.clamp(lower + 1, upper);
            let solution = self.refutation(board, moves, beta);
            if self.stopped {
                break;
            }
            if solution.score >= beta {
                (lower, found) = (solution.score, solution);
                test = lower + 2;
            } else {
                upper = solution.score;
                test = upper;
            }
        }
        Solution { score: lower, ..found }
    }

    /// Whether a move of `board` reaches `beta`: the first that does and the bound it proves
    /// (fail-soft), or the best bound below `beta` and its move.
    fn refutation(&mut self, board: &Board, moves: u64, beta: i32) -> Solution {
        let mut best = Solution { score: -65, best: None };
        for square in self.ordered(board, moves, beta - 1) {
            let score = -self.search(&board.after(square), -beta, -beta + 1, false);
            if self.stopped {
                break;
            }
            if score > best.score {
                best = Solution { score, best: Some(Square::from_index(square)) };
                if score >= beta {
                    break;
                }
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
            let empty = board.empty();
            let odd = odd_quadrants(empty);
            return self.shallow(board, Empties::of(empty), odd, alpha, beta, passed);
        }
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let moves = board.legal_moves();
        if moves == 0 {
            return if passed { board.final_score() } else { -self.search(&board.pass(), -beta, -alpha, true) };
        }
        if let Some(most) = stability_cutoff(board, alpha) {
            return most;
        }
        let mut first = NO_MOVE;
        let tabled = empties >= TABLED;
        if let Some(entry) = tabled.then(|| self.table.probe(board, self.selective)).flatten() {
            if let Some(value) = entry.cutoff(alpha, beta) {
                return value;
            }
            (alpha, beta) = (alpha.max(entry.lower.into()), beta.min(entry.upper.into()));
            first = entry.best;
        }
        if self.selective
            && empties >= PROBCUT_FROM
            && let Some(bound) = self.probable_cutoff(board, empties, alpha, beta)
        {
            return bound;
        }
        if empties > TRANSPOSITION_CUTOFF
            && let Some(value) = self.transposition_cutoff(board, moves, beta)
        {
            return value;
        }
        let (window_alpha, mut best, mut best_move) = (alpha, -65, NO_MOVE);
        // The table's move is tried before the others are sorted: it often ends the search.
        let first = if first == NO_MOVE { 0 } else { moves & 1 << first };
        let mut rest = None;
        for index in 0.. {
            let square = if index == 0 && first != 0 {
                first.trailing_zeros()
            } else {
                match rest.get_or_insert_with(|| self.ordered(board, moves & !first, alpha)).next() {
                    Some(square) => square,
                    None => break,
                }
            };
            let next = board.after(square);
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
        if tabled {
            self.table.store(board, (empties as u8, self.selective), (window_alpha, beta), best, best_move);
        }
        best
    }

    /// A value of at least `beta` that a move of `moves` is known to give, from what the
    /// table knows of the position after it (*enhanced transposition cut-off*): a refutation
    /// found elsewhere in the tree saves searching this node at all.
    fn transposition_cutoff(&self, board: &Board, moves: u64, beta: i32) -> Option<i32> {
        squares(moves)
            .filter_map(|square| self.table.probe(&board.after(square), self.selective))
            .map(|entry| -i32::from(entry.upper))
            .find(|&least| least >= beta)
    }

    /// [`search`](Self::search) for the last few empties: no table and no move list, but
    /// the `empties` (best [class](SQUARE_CLASSES) first) tried in odd quadrants first.
    /// `odd` has bit `q` set when quadrant `q` has an odd number of empties.
    fn shallow(&mut self, board: &Board, empties: Empties, odd: u8, mut alpha: i32, beta: i32, passed: bool) -> i32 {
        self.nodes += 1;
        if empties.len == 1 {
            return last_move(board, empties.get(0));
        }
        if empties.len >= 3
            && let Some(most) = stability_cutoff(board, alpha)
        {
            return most;
        }
        let mut best = -65;
        for parity in [1, 0] {
            for index in 0..empties.len {
                let square = empties.get(index);
                let quadrant = QUADRANT[square as usize];
                if odd >> quadrant & 1 != parity {
                    continue;
                }
                if NEIGHBOURS[square as usize] & board.opponent == 0 {
                    continue;
                }
                let flips = board.flips(square);
                if flips == 0 {
                    continue;
                }
                let next = board.play_flipping(square, flips);
                let score = -self.shallow(&next, empties.without(index), odd ^ 1 << quadrant, -beta, -alpha, false);
                if score > best {
                    best = score;
                    if best >= beta {
                        return best;
                    }
                    alpha = alpha.max(best);
                }
            }
        }
        if best > -65 {
            best
        } else if passed {
            board.final_score()
        } else {
            -self.shallow(&board.pass(), empties, odd, -beta, -alpha, true)
        }
    }

    /// The moves of `board` in the order to try them, for a search whose window starts at
    /// `alpha`: far from the end by a search of the learned evaluation, plus the opponent's
    /// replies at [`REPLY`] each (measured, it sorts better), else fastest first: the fewest replies (corners
    /// counted twice), then the most of our discs on a corner or beside one of ours, the
    /// fewest empty squares next to our discs (the opponent's future moves), odd regions
    /// first, and the better [class](SQUARE_CLASSES) of square.
    fn ordered(&mut self, board: &Board, moves: u64, alpha: i32) -> Moves {
        let empty = board.empty();
        let odd = odd_quadrants(empty);
        let depth = match empty.count_ones() {
            ..=SORT_BY_SEARCH => None,
            empties => Some((empties - SORT_BY_SEARCH) / 3),
        };
        // For the opponent, at least this is a move a sort margin below `alpha`: such moves
        // are all as bad, and bounds suffice for them (below every value, -65 * WIN).
        let worst = -(alpha - SORT_MARGIN) * DISC;
        let mut list = Moves::default();
        for square in squares(moves) {
            let next = board.after(square);
            let replies = mobility(next.legal_moves());
            let key = if let Some(depth) = depth {
                self.guesser.value_within(&Learned(next), depth, -65 * WIN, worst) + replies * REPLY
            } else {
                let frontier = (super::neighbours(next.opponent) & next.empty()).count_ones() as i32;
                let anchored = anchored(next.opponent).count_ones() as i32;
                let parity = i32::from(odd >> QUADRANT[square as usize] & 1 == 0);
                replies * 1024 - anchored * 256 + frontier * 32 + parity * 8 + CLASS[square as usize] * 4
            };
            list.push(key, square);
        }
        list
    }

    /// `beta` or `alpha` when a shallow search of the learned evaluation puts `board`
    /// [`PROBCUT_MARGIN`] discs or more above `beta` or below `alpha`: a cut-off that is
    /// likely, not proven (*ProbCut*, Buro's, with the margin fixed rather than fitted). One
    /// search with the window between the two answers both (two null-window searches, one
    /// for each: 480 M positions on FFO #40–#49 and 0.01 of the time more, against 474 M). A
    /// finished game in the shallow search, valued beyond every evaluation, cuts off
    /// whatever its margin: a likely cut-off all the same, and the exact search redoes it.
    fn probable_cutoff(&mut self, board: &Board, empties: u32, alpha: i32, beta: i32) -> Option<i32> {
        let depth = empties.saturating_sub(PROBCUT_DEPTH_FROM) / 4;
        let (above, below) = ((beta + PROBCUT_MARGIN).min(65), (alpha - PROBCUT_MARGIN).max(-65));
        let value = self.guesser.value_within(&Learned(*board), depth, below * DISC, above * DISC);
        if above <= 64 && value >= above * DISC {
            Some(beta)
        } else if below >= -64 && value <= below * DISC {
            Some(alpha)
        } else {
            None
        }
    }

    /// Whether the deadline has passed (the clock is read every 4096 positions or so).
    fn out_of_time(&mut self) -> bool {
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 4096;
            self.stopped |= self.deadline.is_some_and(|deadline| Instant::now() >= deadline);
        }
        self.stopped
    }
}

/// The squares of `set`, the best [class](SQUARE_CLASSES) first.
fn by_class(set: u64) -> impl Iterator<Item = u32> {
    SQUARE_CLASSES.into_iter().flat_map(move |class| squares(set & class))
}

/// Each square's index in [`SQUARE_CLASSES`].
const CLASS: [i32; 64] = {
    let mut class = [0; 64];
    let mut square = 0;
    while square < 64 {
        while SQUARE_CLASSES[class[square] as usize] & 1 << square == 0 {
            class[square] += 1;
        }
        square += 1;
    }
    class
};

/// The discs of `discs` on a corner or beside one of its corners along an edge: a cheap
/// count of discs that can never be flipped.
fn anchored(discs: u64) -> u64 {
    let corners = discs & CORNERS;
    let beside = (corners & 0x0100_0000_0000_0001) << 1
        | (corners & 0x8000_0000_0000_0080) >> 1
        | (corners & 0x81) << 8
        | (corners & 0x8100_0000_0000_0000) >> 8;
    (corners | beside) & discs
}

/// The squares next to each square: a move there flips nothing unless one of them is the
/// opponent's, a test far cheaper than finding the flips (Edax makes it too).
const NEIGHBOURS: [u64; 64] = {
    let mut around = [0; 64];
    let mut square = 0;
    while square < 64 {
        let (row, column) = (square as i32 / 8, square as i32 % 8);
        let mut step = 0;
        while step < 9 {
            let (r, c) = (row + step / 3 - 1, column + step % 3 - 1);
            if step != 4 && 0 <= r && r < 8 && 0 <= c && c < 8 {
                around[square] |= 1 << (r * 8 + c);
            }
            step += 1;
        }
        square += 1;
    }
    around
};

/// The quadrant (an index into [`QUADRANTS`]) of each square.
const QUADRANT: [u8; 64] = {
    let mut quadrant = [0; 64];
    let mut square = 0;
    while square < 64 {
        let mut q = 0;
        while QUADRANTS[q] >> square & 1 == 0 {
            q += 1;
        }
        quadrant[square] = q as u8;
        square += 1;
    }
    quadrant
};

/// The last few empty squares, the best [class](SQUARE_CLASSES) first, a byte each (the
/// first in the lowest byte): a list copied as one number.
#[derive(Clone, Copy)]
struct Empties {
    packed: u64,
    len: u32,
}

impl Empties {
    /// The squares of `empty` (at most eight of them).
    fn of(empty: u64) -> Empties {
        by_class(empty).fold(Empties { packed: 0, len: 0 }, |empties, square| Empties {
            packed: empties.packed | u64::from(square) << (8 * empties.len),
            len: empties.len + 1,
        })
    }

    /// The square at `index`.
    fn get(self, index: u32) -> u32 {
        (self.packed >> (8 * index)) as u32 & 0xff
    }

    /// These squares but the one at `index`, in the same order.
    fn without(self, index: u32) -> Empties {
        let before = self.packed & ((1 << (8 * index)) - 1);
        let after = self.packed >> (8 * index) >> 8 << (8 * index);
        Empties { packed: before | after, len: self.len - 1 }
    }
}

/// The most the player to move can end with when the opponent keeps every disc of theirs
/// that is [stable], if it is no more than `alpha`: the search fails low without a move.
/// (Below a window at 0 the opponent would need 33 stable discs: not worth looking; looking
/// there too, FFO #40–#44 took 1.3% fewer positions and 1.02 of the time.)
fn stability_cutoff(board: &Board, alpha: i32) -> Option<i32> {
    // Only the opponent's discs can be stable: too few of them, and none need be looked at.
    if alpha < 0 || 64 - 2 * board.opponent.count_ones() as i32 > alpha {
        return None;
    }
    let most = 64 - 2 * stable(board.opponent, !board.empty()).count_ones() as i32;
    (most <= alpha).then_some(most)
}

/// A value of the [learned](Learned) search in even discs: a finished game's, its score
/// times [`WIN`] (beyond every evaluation, which is kept within 64 discs), or else the
/// evaluation's, rounded.
fn in_discs(value: i32) -> i32 {
    if value.abs() > 64 * DISC {
        value / WIN
    } else {
        (2 * (value as f32 / (2 * DISC) as f32).round() as i32).clamp(-64, 64)
    }
}

/// The quadrants with an odd number of empty squares: bit `q` for [`QUADRANTS`]`[q]`.
fn odd_quadrants(empty: u64) -> u8 {
    (0..4).filter(|&q| (empty & QUADRANTS[q]).count_ones() % 2 == 1).fold(0, |odd, q| odd | 1 << q)
}

/// The final score when `square` is the only empty square: the player to move takes it if
/// they can, else the opponent if they can.
fn last_move(board: &Board, square: u32) -> i32 {
    let mine = board.player.count_ones() as i32;
    let around = NEIGHBOURS[square as usize];
    let flips = if around & board.opponent == 0 { 0 } else { last_flips(board.player, square) };
    if flips > 0 {
        return 2 * (mine + flips) + 2 - 64;
    }
    let theirs = if around & board.player == 0 { 0 } else { board.pass().flips(square).count_ones() as i32 };
    if theirs > 0 { 2 * (mine - theirs) - 64 } else { board.final_score() }
}

/// How many discs a disc on `square`, the last empty square, flips for the side whose discs
/// are `discs`. The rest of the board being full, every other square is the other side's, so
/// the flips along each line through `square` depend on this side's discs on it alone, read
/// as a byte and looked up (Edax counts the last move so): no rays walked.
fn last_flips(discs: u64, square: u32) -> i32 {
    let (row, column) = ((square / 8) as usize, (square % 8) as usize);
    // The column's discs as a byte, bit `r` for row `r`.
    let by_row = ((discs >> column & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    let rays = &super::RAYS[square as usize];
    let (rising, falling) = (rays[3] | rays[7], rays[1] | rays[5]);
    let flips = LINE_FLIPS[column][(discs >> (8 * row)) as u8 as usize]
        + LINE_FLIPS[row][by_row]
        + LINE_FLIPS[column][by_column(discs, rising)]
        + LINE_FLIPS[column][by_column(discs, falling)];
    i32::from(flips)
}

/// `LINE_FLIPS[at][discs]`: on a line of eight squares whose squares not in the byte
/// `discs` are the opponent's (or off the board, which reads the same: nothing closes a line
/// there), how many a disc on square `at` flips.
const LINE_FLIPS: [[u8; 256]; 8] = {
    let mut flips = [[0; 256]; 8];
    let mut at = 0;
    while at < 8 {
        let mut discs = 0;
        while discs < 256 {
            let mut count = 0;
            let mut step = -1;
            while step <= 1 {
                let (mut square, mut run) = (at as i32 + step, 0);
                while 0 <= square && square < 8 && discs >> square & 1 == 0 {
                    (square, run) = (square + step, run + 1);
                }
                if 0 <= square && square < 8 {
                    count += run;
                }
                step += 2;
            }
            flips[at][discs] = count as u8;
            discs += 1;
        }
        at += 1;
    }
    flips
};

/// A position's moves with their sort keys, kept without allocating (a position has at most
/// 33 moves), given out lowest key first: the order a search tries them in. Each is picked
/// when asked for rather than all sorted at once, since the first often ends the search.
struct Moves {
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
    fn push(&mut self, key: i32, square: u32) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_squares_neighbours_are_those_the_board_finds() {
        for (square, around) in NEIGHBOURS.iter().enumerate() {
            assert_eq!(*around, crate::othello::neighbours(1 << square), "square {square}");
        }
    }

    /// On random full boards but one square, the last move's count is the flips' count, for
    /// either side.
    #[test]
    fn the_last_moves_flips_are_counted_as_the_board_finds_them() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..20_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let square = (state >> 58) as u32;
            let player = state.rotate_left(21) & !(1 << square);
            let board = Board { player, opponent: !player & !(1 << square) };
            for side in [board, board.pass()] {
                assert_eq!(
                    last_flips(side.player, square),
                    side.flips(square).count_ones() as i32,
                    "{side:?} {square}"
                );
            }
        }
    }

    #[test]
    fn a_solve_out_of_time_gives_nothing_and_spoils_nothing() {
        let line = include_str!("../../../../fixtures/othello/fforum-1-19.obf").lines().next().expect("FFO #1");
        let problem: crate::othello::ffo::Problem = line.parse().expect("an FFO line");
        let mut solver = Solver::with_table(12);
        assert_eq!(solver.solve_until(&problem.board, Instant::now()), None);
        assert_eq!(solver.solve(&problem.board).score, problem.scores[0].1);
    }

    /// A guess is in even discs, a finished game's its score, however the search valued it.
    #[test]
    fn a_guess_is_in_even_discs() {
        let cases = [(0, 0), (3 * DISC + 1, 4), (-5 * DISC, -6), (64 * DISC, 64), (6 * WIN, 6), (-10 * WIN, -10)];
        for (value, discs) in cases {
            assert_eq!(in_discs(value), discs, "{value}");
        }
    }

    /// A first guess, however far off, changes how the score is found, never what it is.
    #[test]
    fn a_guess_gives_the_same_score() {
        let line = include_str!("../../../../fixtures/othello/fforum-1-19.obf").lines().nth(1).expect("FFO #2");
        let problem: crate::othello::ffo::Problem = line.parse().expect("an FFO line");
        for guess in [-64, -9, problem.scores[0].1, 30, 64] {
            let solution = Solver::with_table(16).solve_near(&problem.board, guess);
            assert_eq!(solution.score, problem.scores[0].1, "guess {guess}");
            assert!(problem.scores.contains(&(solution.best.expect("a move"), solution.score)));
        }
    }

    /// A window far below or far above the learned evaluation's value cuts off at once, a
    /// window at the value does not, and the exact score is the published one.
    #[test]
    fn a_probable_cutoff_needs_the_window_far_from_the_evaluation() {
        let line = include_str!("../../../../fixtures/othello/fforum-1-19.obf").lines().next().expect("FFO #1");
        let problem: crate::othello::ffo::Problem = line.parse().expect("an FFO line");
        let (board, score) = (problem.board, problem.scores[0].1);
        let empties = board.empty().count_ones();
        let mut solver = Solver::new();
        let near = in_discs(solver.guesser.value(&Learned(board), 0));
        assert_eq!(solver.probable_cutoff(&board, empties, near - 30, near - 29), Some(near - 29));
        assert_eq!(solver.probable_cutoff(&board, empties, near + 29, near + 30), Some(near + 29));
        assert_eq!(solver.probable_cutoff(&board, empties, near - 1, near + 1), None);
        assert_eq!(solver.solve(&board).score, score, "the selective search first changes no score");
    }

    /// The root's null-window searches give the published score and one of the published best
    /// moves, and the sorting searches' positions are counted apart.
    #[test]
    fn the_root_finds_a_best_move_and_every_position_counts() {
        for line in include_str!("../../../../fixtures/othello/fforum-1-19.obf").lines().take(3) {
            let problem: crate::othello::ffo::Problem = line.parse().expect("an FFO line");
            let mut solver = Solver::with_table(16);
            let solution = solver.solve(&problem.board);
            let best = solution.best.expect("a move");
            assert!(problem.scores.contains(&(best, solution.score)), "{line}: {solution:?}");
            assert!(problem.board.empty().count_ones() > SORT_BY_SEARCH, "{line}: a position sorted by search");
            assert!(0 < solver.shallow_nodes() && solver.shallow_nodes() < solver.nodes(), "{line}");
        }
    }
}
