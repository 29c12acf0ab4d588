//! The scaffold: columns of checkers, numbered from 1 at the left, levels from 1 at the
//! bottom.

use crate::{BLACK, Error, RED, VACANT};
use std::fmt;
use std::io::{self, Write};

/// The most columns, and the most levels, a scaffold may have. (The spec sets no limit; this
/// one keeps a scaffold's memory and display reasonable.)
pub const MAX_SIZE: i32 = 1000;

/// A scaffold of checkers, and the order they were dropped in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scaffold {
    /// Each column's checkers from the bottom up.
    columns: Vec<Vec<i32>>,
    levels: i32,
    /// The columns moves were made in, first move first, for [`Scaffold::undo_move`].
    history: Vec<i32>,
}

impl Scaffold {
    /// An empty scaffold of `columns` × `levels`.
    ///
    /// ```
    /// let scaffold = connect_n::Scaffold::new(3, 2).unwrap();
    /// assert_eq!((scaffold.cols(), scaffold.levels(), scaffold.number_empty()), (3, 2, 6));
    /// assert!(connect_n::Scaffold::new(0, 2).is_err());
    /// ```
    ///
    /// # Errors
    /// [`Error::Size`] when either is not positive, or above [`MAX_SIZE`].
    pub fn new(columns: i32, levels: i32) -> Result<Scaffold, Error> {
        for (what, size) in [("columns", columns), ("levels", levels)] {
            if !(1..=MAX_SIZE).contains(&size) {
                return Err(Error::Size(format!("a scaffold has 1 to {MAX_SIZE} {what}, not {size}")));
            }
        }
        let columns = vec![Vec::new(); columns as usize];
        Ok(Scaffold { columns, levels, history: Vec::new() })
    }

    /// The number of columns.
    pub fn cols(&self) -> i32 {
        self.columns.len() as i32
    }

    /// The number of levels.
    pub fn levels(&self) -> i32 {
        self.levels
    }

    /// The number of positions without a checker.
    pub fn number_empty(&self) -> i32 {
        self.cols() * self.levels - self.history.len() as i32
    }

    /// [`RED`] or [`BLACK`] for the checker at `column` and `level`, [`VACANT`] when there is
    /// none or the position is outside the scaffold.
    pub fn checker_at(&self, column: i32, level: i32) -> i32 {
        let checkers = self.column(column).unwrap_or_default();
        let index = level.checked_sub(1).and_then(|index| usize::try_from(index).ok());
        index.and_then(|index| checkers.get(index)).copied().unwrap_or(VACANT)
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
    /// `color` is [`RED`] or [`BLACK`]; whether it did.
    ///
    /// ```
    /// use connect_n::{RED, BLACK, Scaffold};
    /// let mut scaffold = Scaffold::new(3, 2).unwrap();
    /// assert!(scaffold.make_move(1, RED) && scaffold.make_move(1, BLACK));
    /// assert!(!scaffold.make_move(1, RED)); // full
    /// assert!(!scaffold.make_move(4, RED)); // no such column
    /// assert_eq!(scaffold.checker_at(1, 2), BLACK);
    /// ```
    pub fn make_move(&mut self, column: i32, color: i32) -> bool {
        let levels = self.levels as usize;
        let Some(checkers) = self.column_mut(column).filter(|checkers| checkers.len() < levels) else {
            return false;
        };
        if color != RED && color != BLACK {
            return false;
        }
        checkers.push(color);
        self.history.push(column);
        true
    }

    /// Takes back the latest checker not yet taken back, and returns its column; 0 when the
    /// scaffold is empty.
    pub fn undo_move(&mut self) -> i32 {
        let Some(column) = self.history.pop() else {
            return 0;
        };
        self.column_mut(column).and_then(Vec::pop);
        column
    }

    fn column(&self, column: i32) -> Option<&[i32]> {
        let index = usize::try_from(column.checked_sub(1)?).ok()?;
        self.columns.get(index).map(Vec::as_slice)
    }

    fn column_mut(&mut self, column: i32) -> Option<&mut Vec<i32>> {
        let index = usize::try_from(column.checked_sub(1)?).ok()?;
        self.columns.get_mut(index)
    }
}

impl fmt::Display for Scaffold {
    /// ```
    /// use connect_n::{BLACK, RED, Scaffold};
    /// let mut scaffold = Scaffold::new(3, 2).unwrap();
    /// scaffold.make_move(2, RED);
    /// scaffold.make_move(1, BLACK);
    /// scaffold.make_move(1, RED);
    /// assert_eq!(scaffold.to_string(), "|R| | |\n|B|R| |\n+-+-+-+\n");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for level in (1..=self.levels).rev() {
            write!(f, "|")?;
            for column in 1..=self.cols() {
                let checker = match self.checker_at(column, level) {
                    RED => 'R',
                    BLACK => 'B',
                    _ => ' ',
                };
                write!(f, "{checker}|")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "+{}", "-+".repeat(self.columns.len()))
    }
}
