//! The reference engine for Reversi with blocks (the `reversi` assignment): an N×N board,
//! N even from 4 to 26, on which some cells are blocks.
//!
//! It is written independently of the assignment's solution and serves as the graded
//! suite's oracle: the suite compares a submission's `valid_move` and `has_valid_moves` with
//! [`Position::flips`] on thousands of random positions. Cells are the assignment's
//! characters: `.` empty, `#` block, `X` black, `O` white.
//!
//! ```
//! use gamekit_engines::reversi::{Cell, Position, BLACK};
//! let mut position = Position::new(4).unwrap();
//! let moves: Vec<String> = position.legal_moves(BLACK).iter().map(Cell::to_string).collect();
//! assert_eq!(moves, ["C1", "D2", "A3", "B4"], "as the program names cells");
//! assert_eq!(position.legal_moves(BLACK)[0], Cell { row: 0, col: 2 });
//! position.play(BLACK, 0, 2).unwrap();
//! assert_eq!(position.to_string(), "   A B C D\n 1 . . X . \n 2 . X X . \n 3 . O X . \n 4 . . . . \n");
//! ```

pub mod program;

use crate::game::{Game, Outcome};
use std::fmt;

/// An empty cell.
pub const EMPTY: char = '.';
/// A block: no disc can be placed there.
pub const BLOCK: char = '#';
/// Black's disc; Black (X) moves first.
pub const BLACK: char = 'X';
/// White's disc.
pub const WHITE: char = 'O';

/// The board sizes the assignment allows.
pub const SIZES: std::ops::RangeInclusive<usize> = 4..=26;

/// Why a position could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The size is odd or outside 4..=26.
    #[error("the board size must be even and from 4 to 26, not {0}")]
    Size(usize),
    /// The rows do not make a square board of `.`, `#`, `X` and `O`.
    #[error("row {row}: {reason}")]
    Row { row: usize, reason: String },
}

/// A move the rules do not allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{player} cannot play at row {row}, column {col}")]
pub struct IllegalMove {
    pub player: char,
    pub row: i64,
    pub col: i64,
}

/// A board: its size and its cells, row by row from the top.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    size: usize,
    cells: Vec<char>,
}

/// The eight lines from a cell, in the order flips are listed.
const DIRECTIONS: [(i64, i64); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

impl Position {
    /// The start of a game: four discs in the centre, X on the main diagonal, no blocks.
    ///
    /// # Errors
    /// [`PositionError::Size`] unless `size` is even and from 4 to 26.
    pub fn new(size: usize) -> Result<Self, PositionError> {
        if !SIZES.contains(&size) || size % 2 == 1 {
            return Err(PositionError::Size(size));
        }
        let mut position = Position { size, cells: vec![EMPTY; size * size] };
        let centre = size / 2;
        position.set(centre - 1, centre - 1, BLACK);
        position.set(centre - 1, centre, WHITE);
        position.set(centre, centre - 1, WHITE);
        position.set(centre, centre, BLACK);
        Ok(position)
    }

    /// A position from its rows, each a string of N cell characters (`.#XO`) with optional
    /// spaces between them.
    ///
    /// # Errors
    /// When the rows are not a square of an allowed size made of those characters.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Self, PositionError> {
        let size = rows.len();
        if !SIZES.contains(&size) || size % 2 == 1 {
            return Err(PositionError::Size(size));
        }
        let mut cells = Vec::with_capacity(size * size);
        for (row, text) in rows.iter().enumerate() {
            let row_cells: Vec<char> = text.as_ref().chars().filter(|c| *c != ' ').collect();
            if let Some(bad) = row_cells.iter().find(|c| !matches!(**c, EMPTY | BLOCK | BLACK | WHITE)) {
                return Err(PositionError::Row { row, reason: format!("unexpected character {bad:?}") });
            }
            if row_cells.len() != size {
                let reason = format!("{} cells where {size} are due", row_cells.len());
                return Err(PositionError::Row { row, reason });
            }
            cells.extend(row_cells);
        }
        Ok(Position { size, cells })
    }

    /// The number of rows (and of columns).
    pub fn size(&self) -> usize {
        self.size
    }

    /// The cell at (`row`, `col`), or `None` off the board.
    pub fn cell(&self, row: i64, col: i64) -> Option<char> {
        self.index(row, col).map(|index| self.cells[index])
    }

    /// Puts `cell` at (`row`, `col`).
    ///
    /// # Panics
    /// When the cell is off the board.
    pub fn set(&mut self, row: usize, col: usize, cell: char) {
        assert!(row < self.size && col < self.size, "({row}, {col}) is off the board");
        self.cells[row * self.size + col] = cell;
    }

    /// The rows, top first, as strings of cell characters.
    pub fn rows(&self) -> impl Iterator<Item = String> + '_ {
        self.cells.chunks(self.size).map(|row| row.iter().collect())
    }

    /// The discs `player` would flip by playing at (`row`, `col`), line by line in a fixed
    /// order; empty when the move is illegal (off the board, not empty, or flipping nothing).
    pub fn flips(&self, player: char, row: i64, col: i64) -> Vec<(usize, usize)> {
        let mut flips = Vec::new();
        if self.cell(row, col) == Some(EMPTY) {
            for (dr, dc) in DIRECTIONS {
                let captured = self.captured(player, (row, col), (dr, dc));
                flips.extend((1..=captured).map(|step| ((row + step * dr) as usize, (col + step * dc) as usize)));
            }
        }
        flips
    }

    /// Whether `player` may play at (`row`, `col`). (A suite asks this of every cell of
    /// thousands of boards: nothing is allocated.)
    pub fn is_legal(&self, player: char, row: i64, col: i64) -> bool {
        self.cell(row, col) == Some(EMPTY)
            && DIRECTIONS.iter().any(|&direction| self.captured(player, (row, col), direction) > 0)
    }

    /// How many of the opponent's discs a disc of `player` at `from` captures in
    /// `direction`: the run of them that starts next to it and ends at one of `player`'s.
    fn captured(&self, player: char, (row, col): (i64, i64), (dr, dc): (i64, i64)) -> i64 {
        let opponent = opponent(player);
        let mut step = 1;
        while self.cell(row + step * dr, col + step * dc) == Some(opponent) {
            step += 1;
        }
        if step > 1 && self.cell(row + step * dr, col + step * dc) == Some(player) { step - 1 } else { 0 }
    }

    /// Every legal move of `player`, in row-major order.
    pub fn legal_moves(&self, player: char) -> Vec<Cell> {
        let size = self.size;
        (0..size)
            .flat_map(|row| (0..size).map(move |col| Cell { row, col }))
            .filter(|cell| self.is_legal(player, cell.row as i64, cell.col as i64))
            .collect()
    }

    /// Plays `player`'s disc at (`row`, `col`) and flips what it captures.
    ///
    /// # Errors
    /// [`IllegalMove`], leaving the position untouched, when the move is not legal.
    pub fn play(&mut self, player: char, row: i64, col: i64) -> Result<(), IllegalMove> {
        let flips = self.flips(player, row, col);
        if flips.is_empty() {
            return Err(IllegalMove { player, row, col });
        }
        for (r, c) in flips {
            self.set(r, c, player);
        }
        self.set(row as usize, col as usize, player);
        Ok(())
    }

    /// Whether any cell is empty.
    pub fn has_empty_cells(&self) -> bool {
        self.cells.contains(&EMPTY)
    }

    /// How many cells hold `cell`.
    pub fn count(&self, cell: char) -> usize {
        self.cells.iter().filter(|&&c| c == cell).count()
    }

    fn index(&self, row: i64, col: i64) -> Option<usize> {
        let size = self.size as i64;
        ((0..size).contains(&row) && (0..size).contains(&col)).then(|| (row * size + col) as usize)
    }
}

/// A cell of the board, shown as the program names it: its column's letter, then its row's
/// number from 1 (`C2` is row 1, column 2, from 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// From 0, top first.
    pub row: usize,
    /// From 0, left first.
    pub col: usize,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = char::from_u32('A' as u32 + self.col as u32).unwrap_or('?');
        write!(f, "{letter}{}", self.row + 1)
    }
}

/// A position and the player to move: Reversi with blocks as a [`Game`]. A move is a
/// [`Cell`], tried in row-major order, or `None` for a forced pass; the game is over when
/// neither player can move (the program's two passes in a row, or a full board).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Turn {
    /// The board.
    pub position: Position,
    /// [`BLACK`] or [`WHITE`].
    pub to_move: char,
}

impl Game for Turn {
    type Move = Option<Cell>;

    fn moves(&self) -> impl Iterator<Item = Self::Move> {
        let moves = self.position.legal_moves(self.to_move);
        let pass = moves.is_empty() && !self.position.legal_moves(opponent(self.to_move)).is_empty();
        moves.into_iter().map(Some).chain(pass.then_some(None))
    }

    /// # Panics
    /// On a cell that is not a legal move.
    fn play_unchecked(&mut self, mv: Self::Move) {
        if let Some(Cell { row, col }) = mv {
            self.position.play(self.to_move, row as i64, col as i64).expect("a legal move");
        }
        self.to_move = opponent(self.to_move);
    }

    /// More discs win.
    fn outcome(&self) -> Option<Outcome> {
        let over = self.moves().next().is_none();
        let (mine, theirs) = (self.position.count(self.to_move), self.position.count(opponent(self.to_move)));
        let outcome = match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Less => Outcome::Loss,
            std::cmp::Ordering::Equal => Outcome::Draw,
        };
        over.then_some(outcome)
    }
}

/// The other player.
pub fn opponent(player: char) -> char {
    if player == BLACK { WHITE } else { BLACK }
}

/// The assignment's `print_board` format: a header of column letters, then each row
/// numbered in two characters, every cell followed by a space.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "  ")?;
        for letter in ('A'..='Z').take(self.size) {
            write!(f, " {letter}")?;
        }
        writeln!(f)?;
        for (number, row) in self.rows().enumerate() {
            write!(f, "{:>2} ", number + 1)?;
            for cell in row.chars() {
                write!(f, "{cell} ")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_the_assignment_are_refused() {
        for size in [0, 2, 3, 5, 27, 28] {
            assert_eq!(Position::new(size), Err(PositionError::Size(size)));
        }
    }

    #[test]
    fn figure_2_white_at_d7_flips_four_in_one_line() {
        let mut position = Position::from_rows(&[
            "........", "...O....", "...XO...", "..XX....", ".XOXO...", "...X....", "........", "........",
        ])
        .unwrap();
        position.play(WHITE, 6, 3).unwrap();
        let column_d: String = position.rows().map(|row| row.chars().nth(3).unwrap()).collect();
        assert_eq!(column_d, ".OOOOOO.");
        assert_eq!(position.count(WHITE), 9);
    }

    #[test]
    fn figure_3_black_at_f5_flips_three_lines() {
        let mut position = Position::from_rows(&[
            "........", "........", "..OX.X..", "...XOO..", "..XXO...", "....O...", "....OX..", "........",
        ])
        .unwrap();
        position.play(BLACK, 4, 5).unwrap();
        assert_eq!(position.rows().nth(3).unwrap(), "...XXX..");
        assert_eq!(position.rows().nth(4).unwrap(), "..XXXX..");
    }

    #[test]
    fn blocks_and_the_edge_end_a_line_without_flipping() {
        let position = Position::from_rows(&["X#O.", "....", "....", "XXX."]).unwrap();
        assert!(!position.is_legal(BLACK, 0, 3), "the block ends the line");
        assert!(!position.is_legal(WHITE, 3, 3), "the edge ends the line");
    }

    #[test]
    fn an_illegal_move_leaves_the_position_untouched() {
        let mut position = Position::new(6).unwrap();
        let before = position.clone();
        assert!(position.play(BLACK, 0, 0).is_err());
        assert!(position.play(BLACK, -1, 99).is_err());
        assert_eq!(position, before);
    }
}
