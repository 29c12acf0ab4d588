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
        assert!((1..=ROW).contains(&row) && (1..=COL).contains(&column), "no cell at row {row}, column {column}");
        self.cells[row - 1][column - 1]
    }

    /// The cell at the 0-based `row` and `column`, `None` off the board.
    pub(crate) fn get(&self, row: isize, column: isize) -> Option<Cell> {
        let row = self.cells.get(usize::try_from(row).ok()?)?;
        row.get(usize::try_from(column).ok()?).copied()
    }
}

impl Representation for ConnectFour {
    type Move = usize;

    /// The empty board.
    fn game_start() -> Self {
        ConnectFour { cells: [[Cell::Empty; COL]; ROW] }
    }

    /// The columns whose top cell is empty, from 7 down to 1 (the chapter's order); the
    /// same for both players.
    fn legal_moves(&self, _player: bool) -> Vec<usize> {
        (1..=COL).rev().filter(|&column| self.cells[ROW - 1][column - 1] == Cell::Empty).collect()
    }

    /// The position after `player` drops a disc into `mv`: it lands on the lowest empty
    /// cell of that column.
    ///
    /// # Panics
    /// When the column is full or off the board.
    fn play(&self, player: bool, mv: usize) -> Self {
        let column = mv - 1;
        let row = (0..ROW).find(|&row| self.cells[row][column] == Cell::Empty).expect("a column with room");
        let mut game = self.clone();
        game.cells[row][column] = if player { Cell::A } else { Cell::B };
        game
    }
}

impl fmt::Display for ConnectFour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.iter().rev() {
            for cell in row {
                f.write_str(match cell {
                    Cell::A => "X ",
                    Cell::B => "O ",
                    Cell::Empty => ". ",
                })?;
            }
            writeln!(f)?;
        }
        writeln!(f)
    }
}
