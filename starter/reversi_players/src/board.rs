//! The board: the discs on it, the rules of a move, and the score.

use crate::Color;

/// Why [`Board::play`] refused a move: the square is off the board or taken, or the disc
/// would flip nothing. The board is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidMove;

/// A Reversi board: [`N_ROWS`](crate::N_ROWS) × [`N_COLS`](crate::N_COLS) squares, each
/// empty or holding a disc, and each colour's score (its number of discs). Rows and columns
/// count from 1. Add the fields you choose (the book keeps a frame of empty "guard" squares
/// around the board, so that a walk along a line stops at the edge by itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// The initial position: d4 and e5 white, d5 and e4 black.
    pub fn new() -> Board {
        todo!("Board::new()")
    }

    /// The disc on the square at `row`, `col` (from 1); `None` for an empty square and for
    /// any square off the board.
    pub fn at(&self, row: i32, col: i32) -> Option<Color> {
        todo!("Board::at(self = {self:?}, row = {row}, col = {col})")
    }

    /// Whether `color` may put a disc on `row`, `col`: the square is on the board and
    /// empty, and the disc would close at least one straight line of the opponent's discs
    /// with one of `color`'s.
    pub fn valid_move(&self, color: Color, row: i32, col: i32) -> bool {
        todo!("Board::valid_move(self = {self:?}, color = {color:?}, row = {row}, col = {col})")
    }

    /// Puts a disc of `color` on `row`, `col` and flips every line it captures (the book's
    /// `move`).
    ///
    /// # Errors
    /// [`InvalidMove`] when it is not a [`valid_move`](Self::valid_move); nothing changes then.
    pub fn play(&mut self, color: Color, row: i32, col: i32) -> Result<(), InvalidMove> {
        todo!("Board::play(self = {self:?}, color = {color:?}, row = {row}, col = {col})")
    }

    /// The first valid move of `color` in row-major order (the book's `get_possible_move`),
    /// or `None` when `color` has none.
    pub fn possible_move(&self, color: Color) -> Option<(i32, i32)> {
        todo!("Board::possible_move(self = {self:?}, color = {color:?})")
    }

    /// How many discs of `color` are on the board.
    pub fn score(&self, color: Color) -> i32 {
        todo!("Board::score(self = {self:?}, color = {color:?})")
    }
}
