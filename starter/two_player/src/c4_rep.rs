//! Connect Four's positions and moves (the chapter's `C4_rep`).

use crate::Representation;
use std::fmt;

/// The number of columns.
pub const COL: usize = 7;
/// The number of rows.
pub const ROW: usize = 6;

/// What a cell holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    /// A disc of the first player, shown as `X`.
    A,
    /// A disc of the second player, shown as `O`.
    B,
    /// No disc, shown as `.`.
    Empty,
}

/// A Connect Four position: 7 columns of 6 rows. A move is a column number, 1 to 7.
///
/// Its [`Display`](fmt::Display) is the chapter's `print_game`: the rows from the top, each
/// cell as `X `, `O ` or `. `, then an empty line.
///
/// ```
/// use two_player::{Cell, ConnectFour, Representation};
/// let game = ConnectFour::game_start().play(true, 4).play(false, 4);
/// assert_eq!(game.cell(1, 4), Cell::A);
/// assert_eq!(game.cell(2, 4), Cell::B);
/// assert_eq!(game.legal_moves(true), [7, 6, 5, 4, 3, 2, 1]);
/// assert!(game.to_string().ends_with(". . . O . . . \n. . . X . . . \n\n"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectFour {
    /// `cells[row][column]`, row 0 at the bottom, column 0 at the left.
    cells: [[Cell; COL]; ROW],
}

impl ConnectFour {
    /// The cell in `row` (1 at the bottom) of `column` (1 at the left).
    ///
    /// # Panics
    /// When the row or the column is off the board.
    pub fn cell(&self, row: usize, column: usize) -> Cell {
        todo!("the cell at row {row}, column {column} of {:?}", self.cells)
    }
}

impl Representation for ConnectFour {
    type Move = usize;

    /// The empty board.
    fn game_start() -> Self {
        todo!("the empty board")
    }

    /// The columns whose top cell is empty, from 7 down to 1 (the chapter's order); the
    /// same for both players.
    fn legal_moves(&self, player: bool) -> Vec<usize> {
        todo!("the columns {player} may play in {self:?}")
    }

    /// The position after `player` drops a disc into `mv`: it lands on the lowest empty
    /// cell of that column.
    ///
    /// # Panics
    /// When the column is full or off the board.
    fn play(&self, player: bool, mv: usize) -> Self {
        todo!("{self:?} after {player} plays column {mv}")
    }
}

impl fmt::Display for ConnectFour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        todo!("print {self:?} on the formatter at {f:p}")
    }
}
