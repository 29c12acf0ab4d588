//! The person at the terminal.

use crate::messages;
use crate::{Board, COL_NAMES, Color, Error, Player, ROW_NAMES, Terminal, square_name};
use std::io::Write;

/// A person who types moves at the terminal (the book's `HumanTextPlayer`).
#[derive(Debug, Clone)]
pub struct HumanTextPlayer {
    terminal: Terminal,
    color: Color,
}

impl HumanTextPlayer {
    /// The person at `terminal`, playing `color`.
    pub fn new(terminal: &Terminal, color: Color) -> HumanTextPlayer {
        HumanTextPlayer { terminal: terminal.clone(), color }
    }
}

/// What a typed character says about a row or a column: 1 to 8 for a row letter (`a`–`h`
/// or `A`–`H`) or a column digit (`1`–`8`), whichever of the two it is typed for; 0 for
/// anything else. Looked up in [`ROW_NAMES`] and [`COL_NAMES`], so nothing is assumed
/// about how the character set orders letters and digits.
fn convert(typed: u8) -> i32 {
    [ROW_NAMES, &ROW_NAMES.to_ascii_uppercase(), COL_NAMES]
        .iter()
        .find_map(|names| names.iter().position(|&name| name == typed))
        .map_or(0, |index| index as i32 + 1)
}

impl Player for HumanTextPlayer {
    /// Asks `Black, enter your move (e.g., a7) : ` and reads two characters, skipping
    /// whitespace: the row then the column ("d3", "d 3", "D3"; a letter or digit counts in
    /// either place). Until they name a valid move it prints `Invalid move. Please try
    /// again.` and `<first valid move> is a valid example, but other moves may be better.`
    /// and asks again.
    fn get_move(&mut self, board: &Board) -> Result<(i32, i32), Error> {
        let mut console = self.terminal.console();
        loop {
            write!(console, "{}, enter your move (e.g., a7) : ", self.color.name())?;
            let row = convert(console.read_char()?);
            let col = convert(console.read_char()?);
            if board.valid_move(self.color, row, col) {
                return Ok((row, col));
            }
            writeln!(console, "Invalid move. Please try again.")?;
            if let Some((row, col)) = board.possible_move(self.color) {
                writeln!(console, "{} is a valid example, but other moves may be better.", square_name(row, col))?;
            }
        }
    }

    /// Prints `Black: no valid move possible.`.
    fn skip_move(&mut self, _board: &Board) -> Result<(), Error> {
        Ok(writeln!(self.terminal.console(), "{}", messages::no_move(self.color))?)
    }

    /// Prints `Black wins!`.
    fn win(&mut self) -> Result<(), Error> {
        Ok(writeln!(self.terminal.console(), "{}", messages::wins(self.color))?)
    }

    /// Prints `Game tied.` for Black, `No winner!` for White.
    fn tie(&mut self) -> Result<(), Error> {
        Ok(writeln!(self.terminal.console(), "{}", messages::tied(self.color))?)
    }
}
