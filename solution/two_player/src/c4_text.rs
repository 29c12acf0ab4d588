//! Connect Four as text on a console (the chapter's `C4_text`), byte for byte.

use crate::{ConnectFour, Error, Interface, Representation, Terminal};
use std::io::Write;

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
/// (Where the chapter plays the first legal column once the input has ended, this
/// interface returns [`Error::EndOfInput`], and the program stops.)
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
        Ok(write!(self.terminal, "{game}")?)
    }

    /// Prints `text` and ` y/n ? `; whether the answer is `y`.
    fn question(&mut self, text: &str) -> Result<bool, Error> {
        write!(self.terminal, "{text} y/n ? ")?;
        Ok(self.terminal.console().read_line()? == "y")
    }

    /// Prints a line.
    fn say(&mut self, text: &str) -> Result<(), Error> {
        Ok(writeln!(self.terminal, "{text}")?)
    }
}

impl Interface for C4Text {
    type Game = ConnectFour;

    fn home(&mut self) -> Result<(), Error> {
        self.say("C4 ...")
    }

    fn exit(&mut self) -> Result<(), Error> {
        self.say("Bye for now ... ")
    }

    fn won(&mut self) -> Result<(), Error> {
        self.say("The first player won")
    }

    fn lost(&mut self) -> Result<(), Error> {
        self.say("The first player lost")
    }

    fn nil(&mut self) -> Result<(), Error> {
        self.say("Stalemate")
    }

    fn init(&mut self) -> Result<(), Error> {
        self.say("X: 1st player   O: 2nd player\n")?;
        self.print_game(&ConnectFour::game_start())?;
        self.say("")
    }

    fn position(&mut self, _player: bool, _mv: usize, _old: &ConnectFour, new: &ConnectFour) -> Result<(), Error> {
        self.print_game(new)
    }

    fn choice(&mut self, player: bool, game: &ConnectFour) -> Result<usize, Error> {
        write!(self.terminal, "Choose player{} : ", if player { 1 } else { 2 })?;
        let legal = game.legal_moves(player);
        loop {
            let answer = self.terminal.console().read_line()?;
            let column = answer.bytes().next().filter(u8::is_ascii_digit).map(|digit| usize::from(digit - b'0'));
            if let Some(column) = column.filter(|column| legal.contains(column)) {
                return Ok(column);
            }
            write!(self.terminal, "Invalid move - try again")?;
        }
    }

    fn q_player(&mut self) -> Result<bool, Error> {
        self.question("Is there to be a machine player ?")
    }

    fn q_continue(&mut self) -> Result<bool, Error> {
        self.question("Play again?")
    }
}
