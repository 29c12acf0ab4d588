//! Console input read the way C++'s `cin` reads it, provided to every assignment of the kit
//! that was a C++ program: the same answers must give the same output, byte for byte.
//!
//! - `cin >> n` ([`Console::read_int`]): skip whitespace, an optional sign, digits; when
//!   nothing readable is there, the rest of the line is discarded (as the assignments'
//!   `cin_failed()` did) and the caller asks again.
//! - `cin >> c` ([`Console::read_char`]): the next byte after whitespace.
//! - Output goes through the same [`Console`] (it is a [`Write`]), flushed before every read
//!   as `cin` flushed `cout`, so a prompt is on the screen before the program waits.
//! - Where the original program loops forever at the end of the input, a read returns
//!   [`Error::EndOfInput`] and the program stops.

use std::cell::{RefCell, RefMut};
use std::fmt;
use std::io::{self, BufRead, IsTerminal, Write};
use std::rc::Rc;

/// Why a program stopped before the end of the game.
#[derive(Debug)]
pub enum Error {
    /// The input ended while the program waited for it. (The original program loops forever
    /// there; this one stops.)
    EndOfInput,
    /// The command line asked for something the program cannot do: what, and the usage.
    Usage(String),
    /// Reading the input or writing the output failed.
    Io(io::Error),
}

impl Error {
    /// The exit status a program ends with: 2 for a bad command line, else 1.
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
            Error::Usage(message) => write!(f, "{message}"),
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
/// Write to it with `write!`; before every read it flushes the output,
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
    /// let mut console = cin::Console::new(&b"12 x9\n-3"[..], Vec::new());
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

    /// Reads a character like `cin >> c`: the next byte after whitespace.
    ///
    /// ```
    /// let mut console = cin::Console::new(&b"  y\nn"[..], Vec::new());
    /// assert_eq!(console.read_char().unwrap(), b'y');
    /// assert_eq!(console.read_char().unwrap(), b'n');
    /// assert!(console.read_char().is_err()); // end of input
    /// ```
    ///
    /// # Errors
    /// [`Error::EndOfInput`] at the end of the input.
    pub fn read_char(&mut self) -> Result<u8, Error> {
        self.output.flush()?;
        self.skip_whitespace()?;
        let byte = self.peek()?.ok_or(Error::EndOfInput)?;
        self.input.consume(1);
        Ok(byte)
    }

    /// Reads a line like `getline(cin, line)`: everything up to the next newline, which is
    /// taken but not returned (nor a `\r` before it, for files written on Windows).
    ///
    /// ```
    /// let mut console = cin::Console::new(&b"Marge Simpson\r\nHomer"[..], Vec::new());
    /// assert_eq!(console.read_line().unwrap(), "Marge Simpson");
    /// assert_eq!(console.read_line().unwrap(), "Homer"); // the last line needs no newline
    /// assert!(console.read_line().is_err()); // end of input
    /// ```
    ///
    /// # Errors
    /// [`Error::EndOfInput`] when the input has ended before the line.
    pub fn read_line(&mut self) -> Result<String, Error> {
        self.output.flush()?;
        let mut line = Vec::new();
        if self.input.read_until(b'\n', &mut line)? == 0 {
            return Err(Error::EndOfInput);
        }
        if line.ends_with(b"\n") {
            line.pop();
            if line.ends_with(b"\r") {
                line.pop();
            }
        }
        Ok(String::from_utf8_lossy(&line).into_owned())
    }

    /// Waits for the Enter key like `cin.ignore(10000, '\n')`: discards the input up to and
    /// including the next newline.
    ///
    /// # Errors
    /// [`Error::EndOfInput`] when the input has already ended.
    pub fn ignore_line(&mut self) -> Result<(), Error> {
        self.read_line().map(drop)
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

/// The console's input as it is, for what takes it by the byte rather than by `cin`'s rules
/// (the kit's grader, which hands it to a game played in another process).
impl<R: BufRead, W> io::Read for Console<R, W> {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        self.input.read(buffer)
    }
}

impl<R: BufRead, W> BufRead for Console<R, W> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.input.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.input.consume(amount);
    }
}

impl<R, W> fmt::Debug for Console<R, W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Console").finish_non_exhaustive()
    }
}

/// The console of a whole program, shared by everything that talks to the player: clones are
/// handles to the same [`Console`], as every part of a C++ program shares `cin` and `cout`.
/// (A game and its human players print to one screen and read from one keyboard.)
///
/// ```
/// use std::io::Write;
/// let screen = cin::Screen::default();
/// let terminal = cin::Terminal::new(&b"4\n"[..], screen.clone());
/// let (mut game, player) = (terminal.clone(), terminal);
/// write!(game, "Your move: ").unwrap();
/// assert_eq!(player.console().read_int().unwrap(), Some(4));
/// assert_eq!(screen.text(), "Your move: ");
/// ```
#[derive(Clone)]
pub struct Terminal {
    console: Rc<RefCell<TerminalConsole>>,
    is_interactive: bool,
}

/// The console behind a [`Terminal`]: any input, any output.
pub type TerminalConsole = Console<Box<dyn BufRead>, Box<dyn Write>>;

impl Terminal {
    /// A terminal reading from `input` and printing to `output`; not interactive.
    pub fn new(input: impl BufRead + 'static, output: impl Write + 'static) -> Terminal {
        Terminal {
            console: Rc::new(RefCell::new(Console::new(Box::new(input), Box::new(output)))),
            is_interactive: false,
        }
    }

    /// A terminal reading from `input` and printing to `output` as if a person typed the
    /// input: for tests of what a program does for a person watching.
    pub fn interactive(input: impl BufRead + 'static, output: impl Write + 'static) -> Terminal {
        Terminal { is_interactive: true, ..Terminal::new(input, output) }
    }

    /// The process's standard input and output; interactive when a person types the input.
    pub fn stdio() -> Terminal {
        Terminal { is_interactive: io::stdin().is_terminal(), ..Terminal::new(io::stdin().lock(), io::stdout()) }
    }

    /// Whether a person types the input (standard input is a terminal), rather than a file
    /// or a pipe.
    pub fn is_interactive(&self) -> bool {
        self.is_interactive
    }

    /// Whether `other` is this terminal or a clone of it (one console), without borrowing
    /// the console.
    ///
    /// ```
    /// use cin::{Screen, Terminal};
    /// let terminal = Terminal::new(&b""[..], Screen::default());
    /// assert!(terminal.shares_console_with(&terminal.clone()));
    /// assert!(!terminal.shares_console_with(&Terminal::new(&b""[..], Screen::default())));
    /// ```
    pub fn shares_console_with(&self, other: &Terminal) -> bool {
        Rc::ptr_eq(&self.console, &other.console)
    }

    /// The console, to print or read.
    ///
    /// # Panics
    /// When the console is already borrowed (a borrow kept across a call that prints).
    pub fn console(&self) -> RefMut<'_, TerminalConsole> {
        self.console.borrow_mut()
    }
}

/// Printing to a terminal prints to its console.
impl Write for Terminal {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.console().write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.console().flush()
    }
}

impl fmt::Debug for Terminal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Terminal").field("is_interactive", &self.is_interactive).finish_non_exhaustive()
    }
}

/// An output kept in memory, for tests: clones share the bytes, so one clone can be given to
/// a [`Terminal`] and the other read afterwards.
#[derive(Debug, Clone, Default)]
pub struct Screen(Rc<RefCell<Vec<u8>>>);

impl Screen {
    /// Everything written so far.
    pub fn bytes(&self) -> Vec<u8> {
        self.0.borrow().clone()
    }

    /// Everything written so far, as text (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.borrow()).into_owned()
    }
}

impl Write for Screen {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
