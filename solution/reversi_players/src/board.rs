//! The board: the discs on it, the rules of a move, and the score.

use crate::{Color, N_COLS, N_ROWS, squares};

/// The eight directions from a square, as (row step, column step).
const DIRECTIONS: [(i32, i32); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];

/// Why [`Board::play`] refused a move: the square is off the board or taken, or the disc
/// would flip nothing. The board is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidMove;

/// A Reversi board: [`N_ROWS`] × [`N_COLS`] squares, each empty or holding a disc, and each
/// colour's score (its number of discs). Rows and columns count from 1.
///
/// As in the book, the squares are kept with a frame of empty "guard" squares around them,
/// so that a walk along a line stops at the edge without any bounds check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    squares: [[Option<Color>; N_COLS as usize + 2]; N_ROWS as usize + 2],
    black_score: i32,
    white_score: i32,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// The initial position: d4 and e5 white, d5 and e4 black.
    pub fn new() -> Board {
        let mut board = Board { squares: Default::default(), black_score: 2, white_score: 2 };
        let (middle_row, middle_col) = (N_ROWS as usize / 2, N_COLS as usize / 2);
        board.squares[middle_row][middle_col] = Some(Color::White);
        board.squares[middle_row + 1][middle_col + 1] = Some(Color::White);
        board.squares[middle_row][middle_col + 1] = Some(Color::Black);
        board.squares[middle_row + 1][middle_col] = Some(Color::Black);
        board
    }

    /// The disc on the square at `row`, `col` (from 1); `None` for an empty square and for
    /// any square off the board.
    pub fn at(&self, row: i32, col: i32) -> Option<Color> {
        let on_frame = (0..=N_ROWS + 1).contains(&row) && (0..=N_COLS + 1).contains(&col);
        if on_frame { self.squares[row as usize][col as usize] } else { None }
    }

    /// Whether `color` may put a disc on `row`, `col`: the square is on the board and
    /// empty, and the disc would close at least one straight line of the opponent's discs
    /// with one of `color`'s.
    pub fn valid_move(&self, color: Color, row: i32, col: i32) -> bool {
        self.is_empty_square(row, col) && DIRECTIONS.iter().any(|&step| self.captures(color, row, col, step) > 0)
    }

    /// Puts a disc of `color` on `row`, `col` and flips every line it captures (the book's
    /// `move`).
    ///
    /// # Errors
    /// [`InvalidMove`] when it is not a [`valid_move`](Self::valid_move); nothing changes then.
    pub fn play(&mut self, color: Color, row: i32, col: i32) -> Result<(), InvalidMove> {
        if !self.valid_move(color, row, col) {
            return Err(InvalidMove);
        }
        let mut flipped = 0;
        for step in DIRECTIONS {
            let captured = self.captures(color, row, col, step);
            for distance in 1..=captured {
                self.squares[(row + distance * step.0) as usize][(col + distance * step.1) as usize] = Some(color);
            }
            flipped += captured;
        }
        self.squares[row as usize][col as usize] = Some(color);
        let (mine, theirs) = match color {
            Color::Black => (&mut self.black_score, &mut self.white_score),
            Color::White => (&mut self.white_score, &mut self.black_score),
        };
        *mine += flipped + 1;
        *theirs -= flipped;
        Ok(())
    }

    /// The first valid move of `color` in row-major order (the book's `get_possible_move`),
    /// or `None` when `color` has none.
    pub fn possible_move(&self, color: Color) -> Option<(i32, i32)> {
        squares().find(|&(row, col)| self.valid_move(color, row, col))
    }

    /// How many discs of `color` are on the board.
    pub fn score(&self, color: Color) -> i32 {
        match color {
            Color::Black => self.black_score,
            Color::White => self.white_score,
        }
    }

    fn is_empty_square(&self, row: i32, col: i32) -> bool {
        (1..=N_ROWS).contains(&row) && (1..=N_COLS).contains(&col) && self.at(row, col).is_none()
    }

    /// How many of the opponent's discs a disc of `color` on `row`, `col` would capture
    /// going `step` from it: the run of them, when a disc of `color` closes it, else 0.
    fn captures(&self, color: Color, row: i32, col: i32, (d_row, d_col): (i32, i32)) -> i32 {
        let mut distance = 1;
        while self.at(row + distance * d_row, col + distance * d_col) == Some(color.opponent()) {
            distance += 1;
        }
        let closed = self.at(row + distance * d_row, col + distance * d_col) == Some(color);
        if closed { distance - 1 } else { 0 }
    }
}
