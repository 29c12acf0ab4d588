//! The text viewer: the board drawn on any output, as the book draws it.

use crate::{Board, BoardViewer};
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
/// (Row lines keep their trailing spaces: every row line is 19 characters. The digits' line
/// and the rule have none: they end at `8` and at the last `-`.)
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
        let _output = &mut self.output;
        todo!("draw {board:?} on the output")
    }
}
