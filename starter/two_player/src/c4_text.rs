//! Connect Four as text on a console (the chapter's `C4_text`), byte for byte.

use crate::{ConnectFour, Error, Interface, Terminal};

/// The chapter's text interface of Connect Four, with the texts of its code (its sample
/// session, which differs, is not the program's):
///
/// - [`home`](Interface::home): `C4 ...`; [`exit`](Interface::exit): `Bye for now ... `
///   (with a space before the newline);
/// - a question is its text then ` y/n ? `, and only the answer `y` means yes:
///   [`q_player`](Interface::q_player) asks `Is there to be a machine player ?` and
///   [`q_continue`](Interface::q_continue) `Play again?`;
/// - [`init`](Interface::init): `X: 1st player   O: 2nd player` (three spaces), an empty
///   line, the empty board as [`print_game`](C4Text::print_game) prints it, an empty line;
/// - [`position`](Interface::position): the new board, as `print_game` prints it;
/// - [`won`](Interface::won), [`lost`](Interface::lost), [`nil`](Interface::nil):
///   `The first player won`, `The first player lost`, `Stalemate`, each a line;
/// - [`choice`](Interface::choice): `Choose player1 : ` (or `player2`), once; the answer is
///   a column from 1 to 7 with room, of which only the first character counts (`52` is 5);
///   any other answer prints `Invalid move - try again` (with no newline) and the next line
///   is read.
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
