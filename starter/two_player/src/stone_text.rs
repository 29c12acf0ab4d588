//! Stonehenge as text on a console (ours: the chapter has only a graphical interface).

use crate::{Error, Interface, StoneMove, Stonehenge, Terminal};
use std::fmt;

/// A text interface for Stonehenge (ours: the chapter's is graphical). The first player is
/// `X`, the second `O`. Every text below is a line of its own unless it ends with a space.
///
/// - [`home`](Interface::home): `Stonehenge ...`; [`exit`](Interface::exit):
///   `Bye for now ...`.
/// - Questions end with ` y/n ? `, and an answer whose first character other than white space
///   is `y` or `Y` means yes. [`q_player`](Interface::q_player) asks
///   `Is X played by the machine?` the first time, `Is O played by the machine?` the
///   second, and so on in turn; [`q_continue`](Interface::q_continue) asks `Play again?`.
/// - [`init`](Interface::init): `X: 1st player   O: 2nd player` (three spaces), an empty
///   line, then the board at the start ([`Stonehenge`]'s [`Display`](fmt::Display), below).
/// - [`choice`](Interface::choice) asks `X, your move (place stone): ` (or `O, …`); the
///   answer is a place and a stone, as `7 3`. It is refused with one of these lines, checked
///   in this order, and the question is asked again: `Type a place and a stone, as in: 7 3`
///   (unless the answer is exactly two words, each a whole number that
///   `str::parse::<usize>` accepts: so `-1 3`, `7`, `7 3 1` and `7 x` get this line),
///   `There is no place 18: the places are 0 to 17.`, `Place 7 is taken.`,
///   `X has no stone 6 left.` (any stone the player has none of, `0` and `9` too, and a
///   number too large for a `u32` but not for a `usize`: `7 4294967296` gets
///   `X has no stone 4294967296 left.`, while `7 18446744073709551616`, too large for a
///   64-bit `usize`, gets the first line). A number is written back as `parse` read it
///   (`007` as `7`).
/// - [`position`](Interface::position): `X puts a 3 on place 7.`; then, in ley-line order,
///   `O takes ley-line 13.` for each ley-line that changed hands, naming its new holder
///   (who may be the player who did not move); then the board.
/// - [`won`](Interface::won), [`lost`](Interface::lost), [`nil`](Interface::nil): `X won.`,
///   `O won.`, `Nobody won.`
#[derive(Debug)]
pub struct StoneText {
    terminal: Terminal,
    /// The player the next [`q_player`](Interface::q_player) asks about.
    asking_about: bool,
}

impl StoneText {
    /// The interface on `terminal`.
    pub fn new(terminal: Terminal) -> Self {
        StoneText { terminal, asking_about: true }
    }
}

impl Interface for StoneText {
    type Game = Stonehenge;

    fn home(&mut self) -> Result<(), Error> {
        todo!("greet on {:?}", self.terminal)
    }

    fn exit(&mut self) -> Result<(), Error> {
        todo!("say goodbye on {:?}", self.terminal)
    }

    fn won(&mut self) -> Result<(), Error> {
        todo!("announce X's win on {:?}", self.terminal)
    }

    fn lost(&mut self) -> Result<(), Error> {
        todo!("announce O's win on {:?}", self.terminal)
    }

    fn nil(&mut self) -> Result<(), Error> {
        todo!("announce that nobody won on {:?}", self.terminal)
    }

    fn init(&mut self) -> Result<(), Error> {
        todo!("show a new game on {:?}", self.terminal)
    }

    fn position(&mut self, player: bool, mv: StoneMove, old: &Stonehenge, new: &Stonehenge) -> Result<(), Error> {
        todo!("show {player} playing {mv:?}, from {old:?} to {new:?}")
    }

    fn choice(&mut self, player: bool, game: &Stonehenge) -> Result<StoneMove, Error> {
        todo!("ask {player} for a move in {game:?}")
    }

    fn q_player(&mut self) -> Result<bool, Error> {
        todo!("ask on {:?} whether player {} is the machine", self.terminal, self.asking_about)
    }

    fn q_continue(&mut self) -> Result<bool, Error> {
        todo!("ask on {:?} whether to play again", self.terminal)
    }
}

/// The board, the ley-lines and the stones left, then an empty line. After X's 6 on place 13
/// and O's 2 on place 0 (the lines between are left out here):
///
/// ```text
///       O2   1
///      2   3   4
///    5   6   7   8
///  9  10  11  12  X6
///   14  15  16  17
///
/// line  places         X   O  held by
///    0  0 1            0   2
///    1  2 3 4          0   0
///    ⋮
///    9  13 17          6   0  X
///    ⋮
/// X holds 1, O holds 0 of the 15 ley-lines; 8 win.
/// X has stones 5 4 3 3 2 2 1 1.
/// O has stones 6 5 4 3 3 2 1 1.
///
/// ```
///
/// - The board: the rows of places 0–1, 2–4, 5–8, 9–13 and 14–17, indented by 6, 4, 2, 0
///   and 2 spaces; each place as its number right-aligned in two characters while empty,
///   as its owner and stone (`X6`) once taken, separated by two spaces. Then an empty line.
/// - The table: a header, then one row for each ley-line 0 to 14 (in [`LINES`](crate::LINES)
///   order): its number right-aligned in 4, two spaces, its places separated by spaces and
///   padded to 14, X's sum right-aligned in 2, two spaces, O's sum right-aligned in 2, then
///   two spaces and `X` or `O` when a player holds it (nothing after the sums while it is
///   open). The header is the same layout with `line`, `places`, `X`, `O` and `held by`.
/// - How many lines each holds, then each player's stones left, strongest first, or
///   `X has no stones left.`; then an empty line.
impl fmt::Display for Stonehenge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        todo!("print {self:?} on the formatter at {f:p}")
    }
}
