//! The text viewer: the board drawn on any output, as the book draws it.

use crate::{Board, BoardViewer, COL_NAMES, Color, N_COLS, N_ROWS, ROW_NAMES};
use std::io::{self, Write};

/// Draws the board as text (the book's `BoardTextViewer`): an empty line, the column
/// digits, a rule, a line per row (its letter, `|`, then ` *` for black, ` o` for white and
/// two spaces for an empty square), the score line, and an empty line:
///
/// ```text
///
///     1 2 3 4 5 6 7 8
///   .-----------------
///  a|
///  …
///  d|       o *
///  e|       * o
///  …
/// [ Black(*): 2      White(o): 2 ]
///
/// ```
/// (Row lines keep their trailing spaces: every row line is 19 characters.)
#[derive(Debug)]
pub struct BoardTextViewer<W> {
    output: W,
}

impl<W: Write> BoardTextViewer<W> {
    /// A viewer drawing on `output`.
    pub fn new(output: W) -> Self {
        BoardTextViewer { output }
    }
}

impl<W: Write> BoardViewer for BoardTextViewer<W> {
    fn draw(&mut self, board: &Board) -> io::Result<()> {
        let mut text = String::from("\n   ");
        for &digit in &COL_NAMES[..N_COLS as usize] {
            text.push(' ');
            text.push(char::from(digit));
        }
        text.push_str("\n  .-");
        text.push_str(&"--".repeat(N_COLS as usize));
        for row in 1..=N_ROWS {
            text.push_str("\n ");
            text.push(char::from(ROW_NAMES[row as usize - 1]));
            text.push('|');
            for col in 1..=N_COLS {
                text.push_str(match board.at(row, col) {
                    Some(Color::White) => " o",
                    Some(Color::Black) => " *",
                    None => "  ",
                });
            }
        }
        let (black, white) = (board.score(Color::Black), board.score(Color::White));
        text.push_str(&format!("\n[ Black(*): {black}      White(o): {white} ]\n\n"));
        self.output.write_all(text.as_bytes())
    }
}
