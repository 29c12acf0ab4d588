//! The code the assignment provides. Do not change it: the graded suite expects it exactly as
//! it is handed out.
//!
//! - [`Board`] and its cell characters, and [`print_board`] (the seed's `print_board`);
//! - [`Console`], the input reader of the `cin` crate: it reads tokens the way the original
//!   C++ program's `cin >> n` did, and discards the rest of a line after an unreadable token,
//!   as the seed's `cin_failed()` did; [`ReadPosition`] adds `cin >> c >> n` for a cell;
//! - [`run`], the program behind the `reversi` binary: it reads `--size N` and calls your
//!   [`play`](crate::play) with that board size.

use std::io::{self, BufRead, Write};

/// The game board: `board[y][x]` is the cell in row `y` (0 = row 1, the top) and column `x`
/// (0 = column A). `N` is even, between [`MIN_SIZE`] and [`MAX_SIZE`].
pub type Board<const N: usize> = [[char; N]; N];

/// An empty cell.
pub const EMPTY: char = '.';
/// A block: no disc can ever be placed there.
pub const BLOCK: char = '#';
/// A black disc, player X, who moves first.
pub const BLACK: char = 'X';
/// A white disc, player O.
pub const WHITE: char = 'O';

/// The smallest board size the program accepts.
pub const MIN_SIZE: usize = 4;
/// The largest board size: the columns run out of letters at Z.
pub const MAX_SIZE: usize = 26;
/// The board size when `--size` is not given.
pub const DEFAULT_SIZE: usize = 8;

/// Prints the board in the format of the seed's Figure 1.
///
/// A header of column letters, then one line per row: the row number right-aligned in two
/// characters, a space, and every cell followed by a space.
///
/// ```
/// let board = [['.', '#', '#', '.'], ['#', 'X', 'O', '#'], ['#', 'O', 'X', '#'], ['.', '#', '#', '.']];
/// let mut out = Vec::new();
/// reversi::print_board(&board, &mut out).unwrap();
/// assert_eq!(
///     String::from_utf8(out).unwrap(),
///     "   A B C D\n 1 . # # . \n 2 # X O # \n 3 # O X # \n 4 . # # . \n"
/// );
/// ```
///
/// # Errors
/// When writing to `out` fails.
pub fn print_board<const N: usize>(board: &Board<N>, out: &mut impl Write) -> io::Result<()> {
    write!(out, "  ")?;
    for letter in (b'A'..).take(N) {
        write!(out, " {}", char::from(letter))?;
    }
    writeln!(out)?;
    for (y, row) in board.iter().enumerate() {
        write!(out, "{:>2} ", y + 1)?;
        for cell in row {
            write!(out, "{cell} ")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

pub use cin::{Console, Error};

/// Reading a cell address from the console.
pub trait ReadPosition {
    /// Reads a cell address like `cin >> c >> n`: one character (after whitespace), then an
    /// integer as [`Console::read_int`] does.
    ///
    /// Returns the cell as `(y, x)`, row and column indexes: the row is the number minus
    /// one; the column is `c - 'a'` for a lowercase letter, otherwise `c - 'A'`. They may lie
    /// outside the board (`"Z99"`, `"#1"`); checking that is the caller's job.
    /// `Ok(None)` when the integer cannot be read (the rest of the line is discarded).
    ///
    /// ```
    /// use reversi::ReadPosition;
    /// let mut console = reversi::Console::new(&b"A2 c10"[..], Vec::new());
    /// assert_eq!(console.read_position().unwrap(), Some((1, 0)));
    /// assert_eq!(console.read_position().unwrap(), Some((9, 2)));
    /// ```
    ///
    /// # Errors
    /// [`Error::EndOfInput`] when the input ends before the address is complete.
    fn read_position(&mut self) -> Result<Option<(i32, i32)>, Error>;
}

impl<R: BufRead, W: Write> ReadPosition for Console<R, W> {
    fn read_position(&mut self) -> Result<Option<(i32, i32)>, Error> {
        let letter = self.read_char()?;
        let x = match letter {
            b'a'..=b'z' => i32::from(letter - b'a'),
            _ => i32::from(letter) - i32::from(b'A'),
        };
        Ok(self.read_int()?.map(|number| (number.saturating_sub(1), x)))
    }
}

/// The `reversi` program: `reversi [--size N]` (N even, 4 to 26; 8 when not given) plays one
/// game with [`play`](crate::play) on the console made of `input` and `output`.
///
/// # Errors
/// [`Error::Usage`] for a bad command line (nothing is printed to `output` then), and
/// whatever [`play`](crate::play) returns.
pub fn run<I, S>(args: I, input: impl BufRead, output: impl Write) -> Result<(), Error>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let size = board_size(args)?;
    let console = &mut Console::new(input, output);
    macro_rules! play_sizes {
        ($($n:literal)*) => {
            match size {
                $($n => crate::play::<$n>(console),)*
                _ => unreachable!("board_size accepts only even sizes from 4 to 26"),
            }
        };
    }
    play_sizes!(4 6 8 10 12 14 16 18 20 22 24 26)?;
    console.flush()?;
    Ok(())
}

/// The board size the command line asks for.
fn board_size<I, S>(args: I) -> Result<usize, Error>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let usage = |problem: String| Error::Usage(format!("{problem}\nusage: reversi [--size N]"));
    let mut size = DEFAULT_SIZE;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let value = match arg.as_ref() {
            "--size" => args.next().map(|value| value.as_ref().to_owned()),
            other => match other.strip_prefix("--size=") {
                Some(value) => Some(value.to_owned()),
                None => return Err(usage(format!("unexpected argument '{other}'"))),
            },
        };
        let value = value.ok_or_else(|| usage("--size needs a value".into()))?;
        size = match value.parse::<usize>() {
            Ok(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) && n % 2 == 0 => n,
            _ => {
                let problem =
                    format!("invalid board size '{value}': it must be an even number from {MIN_SIZE} to {MAX_SIZE}");
                return Err(usage(problem));
            }
        };
    }
    Ok(size)
}
