//! The code the assignment provides. Do not change it: the graded suite expects it exactly as
//! it is handed out.
//!
//! - [`Board`] and its cell characters, and [`print_board`] (the seed's `print_board`);
//! - [`Console`], the input reader: it reads tokens the way the original C++ program's
//!   `cin >> n` and `cin >> c >> n` did, and discards the rest of a line after an unreadable
//!   token, as the seed's `cin_failed()` did;
//! - [`run`], the program behind the `reversi` binary: it reads `--size N` and calls your
//!   [`play`](crate::play) with that board size.

use std::fmt;
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

/// Why a program stopped before the end of the game.
#[derive(Debug)]
pub enum Error {
    /// The input ended while the program waited for it. (The original program loops forever
    /// there; this one stops.)
    EndOfInput,
    /// The command line asked for something the program cannot do.
    Usage(String),
    /// Reading the input or writing the output failed.
    Io(io::Error),
}

impl Error {
    /// The exit status the `reversi` binary ends with: 2 for a bad command line, else 1.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Usage(_) => 2,
            Error::EndOfInput | Error::Io(_) => 1,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::EndOfInput => write!(f, "end of input: the game stopped unfinished"),
            Error::Usage(message) => write!(f, "{message}\nusage: reversi [--size N]"),
            Error::Io(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<io::Error> for Error {
    fn from(error: io::Error) -> Self {
        Error::Io(error)
    }
}

/// The console: what the program prints goes to the output, and what the player types comes
/// from the input, read token by token like C++'s `cin`.
///
/// Write to it with `write!` and [`print_board`]; before every read it flushes the output,
/// so a prompt is on the screen before the program waits for an answer (as `cin` did for
/// `cout`).
pub struct Console<R, W> {
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> Console<R, W> {
    /// A console reading from `input` and printing to `output`.
    pub fn new(input: R, output: W) -> Self {
        Console { input, output }
    }

    /// Reads an integer like `cin >> n`: skips whitespace, then an optional sign and digits.
    ///
    /// Returns `Ok(None)` when no integer can be read there (a letter where a digit is due,
    /// or a number outside `i32`): the rest of that line is discarded, as `cin_failed()` did,
    /// and the caller asks again.
    ///
    /// ```
    /// let mut console = reversi::Console::new(&b"12 x9\n-3"[..], Vec::new());
    /// assert_eq!(console.read_int().unwrap(), Some(12));
    /// assert_eq!(console.read_int().unwrap(), None); // "x9" is discarded
    /// assert_eq!(console.read_int().unwrap(), Some(-3));
    /// assert!(console.read_int().is_err()); // end of input
    /// ```
    ///
    /// # Errors
    /// [`Error::EndOfInput`] when the input ends before an integer is read: at once, or
    /// right after a sign or an overflowing number.
    pub fn read_int(&mut self) -> Result<Option<i32>, Error> {
        self.output.flush()?;
        self.skip_whitespace()?;
        let negative = match self.peek()? {
            Some(sign @ (b'-' | b'+')) => {
                self.input.consume(1);
                sign == b'-'
            }
            _ => false,
        };
        let mut magnitude: Option<i64> = None;
        while let Some(digit @ b'0'..=b'9') = self.peek()? {
            self.input.consume(1);
            // Past i32's range the value saturates: it is rejected below either way.
            let value = magnitude.unwrap_or(0) * 10 + i64::from(digit - b'0');
            magnitude = Some(value.min(1 << 32));
        }
        let value = magnitude.and_then(|magnitude| i32::try_from(if negative { -magnitude } else { magnitude }).ok());
        if value.is_none() {
            if self.peek()?.is_none() {
                // The read failed at the end of the input, where the original loops forever.
                return Err(Error::EndOfInput);
            }
            self.discard_line()?;
        }
        Ok(value)
    }

    /// Reads a cell address like `cin >> c >> n`: one character (after whitespace), then an
    /// integer as [`read_int`](Self::read_int) does.
    ///
    /// Returns the cell as `(y, x)`, row and column indexes: the row is the number minus
    /// one; the column is `c - 'a'` for a lowercase letter, otherwise `c - 'A'`. They may lie
    /// outside the board (`"Z99"`, `"#1"`); checking that is the caller's job.
    /// `Ok(None)` when the integer cannot be read (the rest of the line is discarded).
    ///
    /// ```
    /// let mut console = reversi::Console::new(&b"A2 c10"[..], Vec::new());
    /// assert_eq!(console.read_position().unwrap(), Some((1, 0)));
    /// assert_eq!(console.read_position().unwrap(), Some((9, 2)));
    /// ```
    ///
    /// # Errors
    /// [`Error::EndOfInput`] when the input ends before the address is complete.
    pub fn read_position(&mut self) -> Result<Option<(i32, i32)>, Error> {
        self.output.flush()?;
        self.skip_whitespace()?;
        let Some(letter) = self.peek()? else {
            return Err(Error::EndOfInput);
        };
        self.input.consume(1);
        let x = match letter {
            b'a'..=b'z' => i32::from(letter - b'a'),
            _ => i32::from(letter) - i32::from(b'A'),
        };
        Ok(self.read_int()?.map(|number| (number.saturating_sub(1), x)))
    }

    /// The next byte of input, without taking it; `None` at the end of the input.
    fn peek(&mut self) -> io::Result<Option<u8>> {
        loop {
            match self.input.fill_buf() {
                Ok(buffer) => return Ok(buffer.first().copied()),
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            }
        }
    }

    /// Skips the whitespace `cin` skips: space, `\t`, `\n`, `\v`, `\f` and `\r`.
    fn skip_whitespace(&mut self) -> Result<(), Error> {
        while let Some(byte) = self.peek()? {
            if !matches!(byte, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r') {
                return Ok(());
            }
            self.input.consume(1);
        }
        Err(Error::EndOfInput)
    }

    /// Discards the input up to and including the next newline, as `cin_failed()` did.
    fn discard_line(&mut self) -> io::Result<()> {
        self.input.skip_until(b'\n').map(drop)
    }
}

impl<R, W: Write> Write for Console<R, W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.output.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.output.flush()
    }
}

impl<R, W> fmt::Debug for Console<R, W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Console").finish_non_exhaustive()
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
    let mut size = DEFAULT_SIZE;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let value = match arg.as_ref() {
            "--size" => args.next().map(|value| value.as_ref().to_owned()),
            other => match other.strip_prefix("--size=") {
                Some(value) => Some(value.to_owned()),
                None => return Err(Error::Usage(format!("unexpected argument '{other}'"))),
            },
        };
        let value = value.ok_or_else(|| Error::Usage("--size needs a value".into()))?;
        size = match value.parse::<usize>() {
            Ok(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) && n % 2 == 0 => n,
            _ => {
                return Err(Error::Usage(format!(
                    "invalid board size '{value}': it must be an even number from {MIN_SIZE} to {MAX_SIZE}"
                )));
            }
        };
    }
    Ok(size)
}
