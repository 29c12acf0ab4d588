//! Stonehenge as text on a console (ours: the chapter has only a graphical interface).

use crate::{Error, Interface, StoneMove, Stonehenge, Terminal};
use std::fmt;

/// A text interface for Stonehenge. The first player is `X`, the second `O`.
///
/// - The board ([`Stonehenge`]'s [`Display`](fmt::Display)) shows each place as its number
///   while empty and as its stone (`X6`, `O3`) once taken; then a table of the 15
///   ley-lines with their places, each player's sum on them and who holds them; then how
///   many lines each player holds and the stones each has left.
/// - A person answers `X, your move (place stone): ` with a place and a stone, as `7 3`.
///   An answer that is not two numbers, a place off the board or taken, or a stone the
///   player does not have is refused with a line saying why, and the question is asked again.
/// - After each move: `X puts a 3 on place 7.`, a line for each ley-line that changed hands
///   (`X takes ley-line 13.`), and the board.
/// - Questions end with ` y/n ? `; an answer starting with `y` or `Y` means yes. The players
///   are asked about in turn: `Is X played by the machine? y/n ? `, then the same of `O`.
/// - `Stonehenge ...` at the start, `X won.` or `O won.` at the end of a game,
///   `Play again? y/n ? `, and `Bye for now ...` at the end.
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

/// The board, the ley-lines and the stones left, then an empty line (see [`StoneText`] and
/// the fixtures of the graded suite for the exact text).
impl fmt::Display for Stonehenge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        todo!("print {self:?} on the formatter at {f:p}")
    }
}
