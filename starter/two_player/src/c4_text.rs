//! Connect Four as text on a console (the chapter's `C4_text`), byte for byte.

use crate::{ConnectFour, Error, Interface, Terminal};

/// The chapter's text interface of Connect Four.
///
/// Its texts are the chapter's exactly: `C4 ...` at the start and `Bye for now ... ` at the
/// end; a question is its text and ` y/n ? `, and only the answer `y` means yes; a person
/// is asked `Choose player1 : ` (or `player2`) and may answer with a column from 1 to 7
/// (only the answer's first character counts); any other answer prints
/// `Invalid move - try again` (with no newline) and is read again.
///
/// (Where the chapter plays the first legal column once the input has ended, return
/// [`Error::EndOfInput`], and the program stops.)
#[derive(Debug)]
pub struct C4Text {
    terminal: Terminal,
}

impl C4Text {
    /// The interface on `terminal`.
    pub fn new(terminal: Terminal) -> Self {
        C4Text { terminal }
    }

    /// Prints `game` (its [`Display`](std::fmt::Display)).
    ///
    /// # Errors
    /// When printing fails.
    pub fn print_game(&mut self, game: &ConnectFour) -> Result<(), Error> {
        todo!("print {game:?} on {:?}", self.terminal)
    }
}

impl Interface for C4Text {
    type Game = ConnectFour;

    fn home(&mut self) -> Result<(), Error> {
        todo!("greet on {:?}", self.terminal)
    }

    fn exit(&mut self) -> Result<(), Error> {
        todo!("say goodbye on {:?}", self.terminal)
    }

    fn won(&mut self) -> Result<(), Error> {
        todo!("announce the first player's win on {:?}", self.terminal)
    }

    fn lost(&mut self) -> Result<(), Error> {
        todo!("announce the first player's loss on {:?}", self.terminal)
    }

    fn nil(&mut self) -> Result<(), Error> {
        todo!("announce a stalemate on {:?}", self.terminal)
    }

    fn init(&mut self) -> Result<(), Error> {
        todo!("show a new game on {:?}", self.terminal)
    }

    fn position(&mut self, player: bool, mv: usize, old: &ConnectFour, new: &ConnectFour) -> Result<(), Error> {
        todo!("show {player} playing {mv}, from {old:?} to {new:?}")
    }

    fn choice(&mut self, player: bool, game: &ConnectFour) -> Result<usize, Error> {
        todo!("ask {player} for a column in {game:?}")
    }

    fn q_player(&mut self) -> Result<bool, Error> {
        todo!("ask on {:?} whether a player is the machine", self.terminal)
    }

    fn q_continue(&mut self) -> Result<bool, Error> {
        todo!("ask on {:?} whether to play again", self.terminal)
    }
}
