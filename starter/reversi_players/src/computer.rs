//! The book's computer player: the machine that chooses moves ([`VirtualPlayer`]), and the
//! text player that announces them ([`VirtualTextPlayer`]).

use crate::{Board, Color, Error, Machine, Player};
use std::io::Write;

/// The book's `VirtualPlayer`: minimax with alpha–beta pruning, six levels deep, over every
/// valid move in row-major order.
///
/// Reproduced as the book prints it, so that it chooses the book's moves. With `me` this
/// player's colour, `them` the other, moves always tried in row-major order (a1, a2, … h8)
/// and scores `i32`:
///
/// - [`choose_move`](Machine::choose_move) starts with `best = i32::MIN` and
///   `worst = i32::MAX`; for each of `me`'s valid moves `m` it takes
///   `score = eval_self(board, Some(m), best, worst, 1)`, and when `score >= best` (a later
///   move as good replaces an earlier one) sets `best = score` and chooses `m`. No valid
///   move: `None`.
/// - `eval_self(board, mv, best, worst, depth)`, the score after `me` plays `mv` (`None`: a
///   pass):
///   1. at `depth == 6`, [`value_of`](Self::value_of) of `board` as it is, *before* `mv`
///      (the book's quirk);
///   2. otherwise `mv` is played; for each of `them`'s valid moves `r`,
///      `score = eval_opponent(after, Some(r), best, worst, depth + 1)`: when
///      `score <= best` it returns `score` at once, else `worst = min(worst, score)`;
///   3. after the loop: `worst` if `them` had a move; else, if `me` has a move, `them`
///      passes: `eval_opponent(after, None, best, worst, depth + 1)` (a pass is a level);
///      else the game is over: its end-of-game value.
/// - `eval_opponent(board, mv, best, worst, depth)` is the mirror, after `them` plays `mv`:
///   at `depth == 6` `value_of(board)`, before `mv` too; else for each of `me`'s valid
///   moves `score = eval_self(after, Some(m), best, worst, depth + 1)`, returned at once when
///   `score >= worst`, else `best = max(best, score)`; then `best`, or `me` passes
///   (`eval_self(after, None, best, worst, depth + 1)`) when `them` can still move, or the
///   end-of-game value.
/// - The end-of-game value, by the discs of each: more of `me`'s, `i32::MAX - 1`; as many,
///   0; fewer, `i32::MIN + 1`.
/// - The value of a position is the disc difference plus four corner terms
///   ([`value_of`](Self::value_of)).
///
/// One fix: the book's `eval_end_of_game` compares `>` twice, so a lost game scored like a
/// tie (0); here a lost game is the lowest value, as above.
#[derive(Debug, Clone)]
pub struct VirtualPlayer {
    color: Color,
    max_depth: i32,
}

impl VirtualPlayer {
    /// The book's player for `color`: six levels deep.
    pub fn new(color: Color) -> VirtualPlayer {
        VirtualPlayer { color, max_depth: 6 }
    }

    /// The value of a position for this player: the disc difference, plus
    /// [`corner_value`] for each corner with its three neighbours.
    pub fn value_of(&self, board: &Board) -> i32 {
        todo!("the value of {board:?} for {:?}", self.color)
    }
}

impl Machine for VirtualPlayer {
    fn choose_move(&mut self, board: &Board) -> Option<(i32, i32)> {
        todo!("the book's move for {:?}, {} levels deep, on {board:?}", self.color, self.max_depth)
    }
}

/// The book's `corner_value` for `player`: +30 for its own corner, −30 for the opponent's;
/// for an empty corner, −30 when `player` has a disc beside it (it opens the corner to the
/// opponent) and +30 when the opponent has one (each once, however many discs; with both,
/// 0).
pub fn corner_value(player: Color, corner: Option<Color>, neighbours: [Option<Color>; 3]) -> i32 {
    todo!("corner_value(player = {player:?}, corner = {corner:?}, neighbours = {neighbours:?})")
}

/// A computer player on a text console (the book's `VirtualTextPlayer`): a [`Machine`]
/// chooses, this player announces `Black plays [d3]`.
pub struct VirtualTextPlayer<W> {
    output: W,
    color: Color,
    machine: Box<dyn Machine>,
}

impl<W: Write> VirtualTextPlayer<W> {
    /// The book's computer player ([`VirtualPlayer`]) for `color`, printing on `output`.
    pub fn new(output: W, color: Color) -> Self {
        VirtualTextPlayer::with_machine(output, color, Box::new(VirtualPlayer::new(color)))
    }

    /// A computer player for `color` whose moves `machine` chooses, printing on `output`.
    pub fn with_machine(output: W, color: Color, machine: Box<dyn Machine>) -> Self {
        VirtualTextPlayer { output, color, machine }
    }
}

impl<W: Write> Player for VirtualTextPlayer<W> {
    /// The machine's move, announced as `Black plays [d3]`; [`Error::NoMove`] when the
    /// machine gives none.
    fn get_move(&mut self, board: &Board) -> Result<(i32, i32), Error> {
        let (_output, _machine) = (&mut self.output, &mut self.machine);
        todo!("choose a move for {:?} with the machine on {board:?}, and announce it", self.color)
    }

    /// Prints `Black: no valid move possible.`.
    fn skip_move(&mut self, board: &Board) -> Result<(), Error> {
        todo!("say that {:?} must skip its turn on {board:?}", self.color)
    }

    /// Prints `Black wins!`.
    fn win(&mut self) -> Result<(), Error> {
        todo!("say that {:?} won", self.color)
    }

    /// Prints `Game tied.` for Black, `No winner!` for White.
    fn tie(&mut self) -> Result<(), Error> {
        todo!("say what {:?} says of a tie", self.color)
    }
}
