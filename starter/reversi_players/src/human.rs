//! The person at the terminal.

use crate::{Board, Color, Error, Player, Terminal};

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

impl Player for HumanTextPlayer {
    /// Asks `Black, enter your move (e.g., a7) : ` and reads two characters, skipping
    /// whitespace: the row then the column ("d3", "d 3", "D3"; a letter or digit counts in
    /// either place, as its number: `3d` is row 3, c, and column 4, so c4). Until they name a
    /// valid move it prints `Invalid move. Please try again.` and `<first valid move> is a
    /// valid example, but other moves may be better.` and asks again, reading the next two
    /// characters (the rest of the line is not thrown away: `a1d3` is two answers).
    fn get_move(&mut self, board: &Board) -> Result<(i32, i32), Error> {
        todo!("ask {:?} on {:?} for a move on {board:?}", self.color, self.terminal)
    }

    /// Prints `Black: no valid move possible.`.
    fn skip_move(&mut self, board: &Board) -> Result<(), Error> {
        todo!("say on {:?} that {:?} must skip its turn on {board:?}", self.terminal, self.color)
    }

    /// Prints `Black wins!`.
    fn win(&mut self) -> Result<(), Error> {
        todo!("say on {:?} that {:?} won", self.terminal, self.color)
    }

    /// Prints `Game tied.` for Black, `No winner!` for White.
    fn tie(&mut self) -> Result<(), Error> {
        todo!("say on {:?} what {:?} says of a tie", self.terminal, self.color)
    }
}
