//! The book's computer player: the machine that chooses moves ([`VirtualPlayer`]), and the
//! text player that announces them ([`VirtualTextPlayer`]).

use crate::{Board, Color, Error, Machine, Player};
use std::io::Write;

/// The book's `VirtualPlayer`: minimax with alpha–beta pruning, six levels deep, over every
/// valid move in row-major order.
///
/// Reproduced as printed, so that it chooses the book's moves:
/// - [`choose_move`](Machine::choose_move) tries the moves in row-major order and keeps a
///   later move whose score is *equal to or better than* the best so far (`>=`), and gives
///   each the best score so far as its bound;
/// - `eval_self` / `eval_opponent` are the book's pair: a level returns a child's score as
///   soon as it is no better than the bound (`<=` / `>=`); a side with no move passes; the
///   sixth level returns [`value_of`](Self::value_of) of the position *before* its move;
/// - the value of a position is the disc difference plus four corner terms.
///
/// One fix: the book's `eval_end_of_game` compares `>` twice, so a lost game scored like a
/// tie; here a lost game is the lowest value.
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
/// opponent) and +30 when the opponent has one (both may apply).
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
