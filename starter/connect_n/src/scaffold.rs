//! The scaffold: columns of checkers, numbered from 1 at the left, levels from 1 at the
//! bottom.

use crate::Error;
use std::fmt;
use std::io::{self, Write};

/// The most columns, and the most levels, a scaffold may have. (The spec sets no limit; this
/// one keeps a scaffold's memory and display reasonable.)
pub const MAX_SIZE: i32 = 1000;

/// A scaffold of checkers, and the order they were dropped in (for
/// [`undo_move`](Scaffold::undo_move)). Add the fields you choose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scaffold {}

impl Scaffold {
    /// An empty scaffold of `columns` × `levels`.
    ///
    /// # Errors
    /// [`Error::Size`] when either is not positive, or above [`MAX_SIZE`], with the message
    /// `a scaffold has 1 to 1000 columns, not <columns>` (the columns are checked first),
    /// else `a scaffold has 1 to 1000 levels, not <levels>` (1000 being [`MAX_SIZE`]). The
    /// `connect-n` program prints it after `connect-n: ` on stderr.
    pub fn new(columns: i32, levels: i32) -> Result<Scaffold, Error> {
        todo!("Scaffold::new(columns = {columns}, levels = {levels})")
    }

    /// The number of columns.
    pub fn cols(&self) -> i32 {
        todo!("Scaffold::cols(self = {self:?})")
    }

    /// The number of levels.
    pub fn levels(&self) -> i32 {
        todo!("Scaffold::levels(self = {self:?})")
    }

    /// The number of positions without a checker.
    pub fn number_empty(&self) -> i32 {
        todo!("Scaffold::number_empty(self = {self:?})")
    }

    /// [`RED`](crate::RED) or [`BLACK`](crate::BLACK) for the checker at `column` and
    /// `level`, [`VACANT`](crate::VACANT) when there is none or the position is outside the
    /// scaffold.
    pub fn checker_at(&self, column: i32, level: i32) -> i32 {
        todo!("Scaffold::checker_at(self = {self:?}, column = {column}, level = {level})")
    }

    /// Prints the scaffold (its [`Display`](fmt::Display) format): the levels from the
    /// highest, each checker as `R` or `B` and each vacant position as a space between `|`,
    /// and a bottom line of `+-` joints.
    ///
    /// # Errors
    /// When writing fails.
    pub fn display(&self, mut out: impl Write) -> io::Result<()> {
        write!(out, "{self}")
    }

    /// Drops a checker of `color` into `column`, if `column` is a column with room and
    /// `color` is [`RED`](crate::RED) or [`BLACK`](crate::BLACK); whether it did.
    pub fn make_move(&mut self, column: i32, color: i32) -> bool {
        todo!("Scaffold::make_move(self = {self:?}, column = {column}, color = {color})")
    }

    /// Takes back the latest checker not yet taken back, and returns its column; 0 when the
    /// scaffold is empty.
    pub fn undo_move(&mut self) -> i32 {
        todo!("Scaffold::undo_move(self = {self:?})")
    }
}

impl fmt::Display for Scaffold {
    /// The levels from the highest, each a line of `|` and, per column, `R`, `B` or a space
    /// followed by `|`; then `+` and `-+` per column. On 3 columns and 2 levels:
    ///
    /// ```text
    /// |R| | |
    /// |B|R| |
    /// +-+-+-+
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        todo!("<Scaffold as Display>::fmt(self = {self:?}, f = {f:p})")
    }
}
