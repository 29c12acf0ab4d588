//! The code the assignment provides (the book's `Board.H` colours, `BoardViewer.H`,
//! `Player.H` and `Reversi.C`). Do not change it: the graded suite expects it exactly as it
//! is handed out.
//!
//! - [`Color`], a disc's colour, the board's size ([`N_ROWS`] × [`N_COLS`]), its
//!   [`squares`] in row-major order and their names ([`square_name`]);
//! - the interfaces: [`BoardViewer`], [`Player`], and [`Machine`] (a computer's way of
//!   choosing moves, apart from any interface);
//! - [`Error`], why a game stopped before its end;
//! - [`run`] and [`run_with`], the book's `main`: the program behind `reversi-players`.
//!
//! Input and output go through a [`Terminal`]: one console shared by the game and its human
//! players, as the book's program shares `cin` and `cout`.

use crate::{Board, BoardTextViewer, Game, HumanTextPlayer, VirtualPlayer, VirtualTextPlayer};
use std::fmt;
use std::io::{self, Write};

pub use cin::{Error as ConsoleError, Screen, Terminal};

/// The rows of the board: `a` to `h`, top to bottom (the book's `Board::kNRows`).
pub const N_ROWS: i32 = 8;
/// The columns of the board: `1` to `8`, left to right (the book's `Board::kNCols`).
pub const N_COLS: i32 = 8;

/// A disc's colour (the book's `Color` without `kEmpty`: an empty square is `None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    /// White, shown as `o`; moves second.
    White,
    /// Black, shown as `*`; moves first.
    Black,
}

impl Color {
    /// The other colour (the book's `opponent_of`).
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `Black` or `White`, as the players print it.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

/// Every square of the board in row-major order, as (row, column): a1, a2, … a8, b1, … h8
/// (the book's double loop over rows and columns).
pub fn squares() -> impl Iterator<Item = (i32, i32)> {
    (1..=N_ROWS).flat_map(|row| (1..=N_COLS).map(move |col| (row, col)))
}

/// The name of the square at `row`, `col` (from 1), as `d3`: its row's letter and its
/// column's digit, taken from [`ROW_NAMES`] and [`COL_NAMES`] (no assumption that letters or
/// digits are consecutive in the character set).
pub fn square_name(row: i32, col: i32) -> String {
    let name = |names: &[u8], index: i32| char::from(names[index as usize - 1]);
    format!("{}{}", name(ROW_NAMES, row), name(COL_NAMES, col))
}

/// The rows' letters, top to bottom.
pub const ROW_NAMES: &[u8] = b"abcdefgh";
/// The columns' digits, left to right.
pub const COL_NAMES: &[u8] = b"12345678";

/// Something that shows the board (the book's `BoardViewer`).
pub trait BoardViewer {
    /// Shows `board` as it is now.
    ///
    /// # Errors
    /// When the output fails.
    fn draw(&mut self, board: &Board) -> io::Result<()>;
}

/// A player (the book's `Player`): the game asks for a move whenever the player has one, and
/// tells the player when it must skip its turn and how the game ended.
pub trait Player {
    /// The move to play on `board`, as (row, column), each from 1; called only when the
    /// player has a valid move, and the move must be one.
    ///
    /// # Errors
    /// When the player cannot give a move (a person's input ended, the terminal failed).
    fn get_move(&mut self, board: &Board) -> Result<(i32, i32), Error>;

    /// Called instead of [`get_move`](Self::get_move) when the player has no valid move.
    ///
    /// # Errors
    /// When the output fails.
    fn skip_move(&mut self, board: &Board) -> Result<(), Error> {
        let _ = board;
        Ok(())
    }

    /// Called at the end of a game this player won.
    ///
    /// # Errors
    /// When the output fails.
    fn win(&mut self) -> Result<(), Error> {
        Ok(())
    }

    /// Called at the end of a game this player lost.
    ///
    /// # Errors
    /// When the output fails.
    fn lose(&mut self) -> Result<(), Error> {
        Ok(())
    }

    /// Called at the end of a tied game.
    ///
    /// # Errors
    /// When the output fails.
    fn tie(&mut self) -> Result<(), Error> {
        Ok(())
    }
}

/// A computer's way of choosing moves, without any interface (the role of the book's
/// `VirtualPlayer`), so that a text player, a graphical one or a tournament can use any.
pub trait Machine {
    /// The move this machine plays on `board`, as (row, column) from 1; `None` when its
    /// colour has no valid move.
    fn choose_move(&mut self, board: &Board) -> Option<(i32, i32)>;
}

/// Why a game stopped before its end.
#[derive(Debug)]
pub enum Error {
    /// A player gave a move that is not valid on the board: the colour, row and column.
    InvalidMove(Color, i32, i32),
    /// A computer player's [`Machine`] gave no move although its colour has one.
    NoMove(Color),
    /// A bad command line, the end of the input, or a failed terminal.
    Console(ConsoleError),
}

impl Error {
    /// The exit status a program ends with: 2 for a bad command line, else 1.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::InvalidMove(..) | Error::NoMove(_) => 1,
            Error::Console(error) => error.exit_code(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidMove(color, row, col) => {
                write!(f, "{} gave an invalid move (row {row}, column {col}): the game stopped", color.name())
            }
            Error::NoMove(color) => write!(f, "{}'s computer gave no move: the game stopped", color.name()),
            Error::Console(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<cin::Error> for Error {
    fn from(error: cin::Error) -> Self {
        Error::Console(error)
    }
}

impl From<io::Error> for Error {
    fn from(error: io::Error) -> Self {
        Error::Console(cin::Error::Io(error))
    }
}

const USAGE: &str = "\
usage: reversi-players
Asks whether Black and White are each a [H]uman or a [C]omputer, then plays one game of
Reversi on the console. A person types a move as its row and column, as in d3.";

/// The `reversi-players` program on `terminal`: the book's `main`, with the book's computer
/// player ([`VirtualPlayer`]). `--help` prints the usage.
///
/// # Errors
/// [`Error::Console`] with a usage error for any other argument, and whatever
/// [`run_with`] returns.
pub fn run<I, S>(args: I, terminal: &Terminal) -> Result<(), Error>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    match args.into_iter().next() {
        None => run_with(terminal, &|color| Box::new(VirtualPlayer::new(color))),
        Some(arg) if matches!(arg.as_ref(), "--help" | "-h") => Ok(writeln!(terminal.clone(), "{USAGE}")?),
        Some(arg) => Err(cin::Error::Usage(format!("unexpected argument '{}'\n{USAGE}", arg.as_ref())).into()),
    }
}

/// The book's `main` with any computer player: asks `Black: [H]uman or [C]omputer? ` and
/// then `White: …` (an answer starting with h or H is a person, anything else the
/// computer `machine` makes for that colour), then plays the game with a
/// [`BoardTextViewer`].
///
/// # Errors
/// [`Error::Console`] when the input ends or the terminal fails, and whatever
/// [`Game::play`] returns.
pub fn run_with(terminal: &Terminal, machine: &dyn Fn(Color) -> Box<dyn Machine>) -> Result<(), Error> {
    let mut black = select_player(terminal, Color::Black, machine)?;
    let mut white = select_player(terminal, Color::White, machine)?;
    let mut game = Game::new(black.as_mut(), white.as_mut());
    game.select_viewer(Box::new(BoardTextViewer::new(terminal.clone())));
    game.play()?;
    Ok(())
}

/// The book's `select_player`.
fn select_player(
    terminal: &Terminal,
    color: Color,
    machine: &dyn Fn(Color) -> Box<dyn Machine>,
) -> Result<Box<dyn Player>, Error> {
    let mut console = terminal.console();
    write!(console, "{}: [H]uman or [C]omputer? ", color.name())?;
    let answer = console.read_char()?;
    Ok(if matches!(answer, b'h' | b'H') {
        Box::new(HumanTextPlayer::new(terminal, color))
    } else {
        Box::new(VirtualTextPlayer::with_machine(terminal.clone(), color, machine(color)))
    })
}
