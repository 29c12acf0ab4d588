//! The code the assignment provides, from the book's program. Do not change it: the graded
//! suite expects it exactly as it is handed out.
//!
//! - the board: [`Board`], its pieces, [`winner`], [`is_legal`] and [`opponent`];
//! - the console: [`instructions`], [`display_board`], [`ask_yes_no`], [`ask_number`] and
//!   [`announce_winner`], with the book's texts byte for byte, reading input through the
//!   `cin` crate's [`Console`] the way the book's `cin >>` did;
//! - [`run`], the program behind the `tictactoe` binary: `--perfect` chooses your
//!   [`perfect_move`](crate::perfect_move) instead of the book's
//!   [`computer_move`](crate::computer_move), then it calls your [`play`](crate::play).

use std::io::{self, BufRead, Write};

pub use cin::{Console, Error};

/// The first player's piece.
pub const X: char = 'X';
/// The second player's piece.
pub const O: char = 'O';
/// An empty square, shown as a space.
pub const EMPTY: char = ' ';
/// What [`winner`] says of a full board without a line.
pub const TIE: char = 'T';
/// What [`winner`] says while the game goes on.
pub const NO_ONE: char = 'N';
/// Squares 0 to 8, row by row.
pub const NUM_SQUARES: usize = 9;

/// The board: `board[square]` is [`X`], [`O`] or [`EMPTY`].
pub type Board = [char; NUM_SQUARES];

/// A computer player: given the board and its piece, the square it takes (an empty one).
pub type ComputerPlayer = fn(Board, char) -> usize;

/// The winner: the piece that holds a line, [`TIE`] when the board is full, else
/// [`NO_ONE`]. Lines are checked in the book's order: the rows, the columns, the diagonals.
///
/// ```
/// use tictactoe::{winner, EMPTY, NO_ONE, O, X};
/// assert_eq!(winner(&[X, X, X, O, O, EMPTY, EMPTY, EMPTY, EMPTY]), X);
/// assert_eq!(winner(&[EMPTY; 9]), NO_ONE);
/// ```
pub fn winner(board: &Board) -> char {
    const WINNING_ROWS: [[usize; 3]; 8] =
        [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
    for [a, b, c] in WINNING_ROWS {
        if board[a] != EMPTY && board[a] == board[b] && board[b] == board[c] {
            return board[a];
        }
    }
    if board.contains(&EMPTY) { NO_ONE } else { TIE }
}

/// Whether `square` is on the board and empty.
pub fn is_legal(square: usize, board: &Board) -> bool {
    board.get(square) == Some(&EMPTY)
}

/// The other piece.
pub fn opponent(piece: char) -> char {
    if piece == X { O } else { X }
}

/// Prints the book's instructions.
///
/// # Errors
/// When writing fails.
pub fn instructions(out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "Welcome to the ultimate man-machine showdown: Tic-Tac-Toe.")?;
    write!(out, "--where human brain is pit against silicon processor\n\n")?;
    writeln!(out, "Make your move known by entering a number, 0 - 8.  The number")?;
    write!(out, "corresponds to the desired board position, as illustrated:\n\n")?;
    writeln!(out, "       0 | 1 | 2")?;
    writeln!(out, "       ---------")?;
    writeln!(out, "       3 | 4 | 5")?;
    writeln!(out, "       ---------")?;
    write!(out, "       6 | 7 | 8\n\n")?;
    write!(out, "Prepare yourself, human.  The battle is about to begin.\n\n")
}

/// Prints the board as the book does: an empty line, three rows of squares separated by
/// ` | ` and by lines of dashes, each indented with a tab, and an empty line.
///
/// # Errors
/// When writing fails.
pub fn display_board(board: &Board, out: &mut impl Write) -> io::Result<()> {
    let [a, b, c, d, e, f, g, h, i] = board;
    write!(out, "\n\t{a} | {b} | {c}")?;
    write!(out, "\n\t---------")?;
    write!(out, "\n\t{d} | {e} | {f}")?;
    write!(out, "\n\t---------")?;
    write!(out, "\n\t{g} | {h} | {i}")?;
    write!(out, "\n\n")
}

/// Asks `question` followed by ` (y/n): ` until the answer's first character is `y` or `n`,
/// and returns it. (Like the book's `cin >> response`, it reads one character: after
/// `yes`, the `es` is left for the next read.)
///
/// # Errors
/// [`Error::EndOfInput`] when the input ends; [`Error::Io`] when the console fails.
pub fn ask_yes_no<R: BufRead, W: Write>(console: &mut Console<R, W>, question: &str) -> Result<char, Error> {
    loop {
        write!(console, "{question} (y/n): ")?;
        match console.read_char()? {
            b'y' => return Ok('y'),
            b'n' => return Ok('n'),
            _ => {}
        }
    }
}

/// Asks `question` followed by ` (low - high): ` until the answer is a number from `low`
/// to `high`, and returns it. An answer that is not a number is discarded with the rest of
/// its line and asked again, like one out of range.
///
/// # Errors
/// [`Error::EndOfInput`] when the input ends; [`Error::Io`] when the console fails.
pub fn ask_number<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    question: &str,
    high: usize,
    low: usize,
) -> Result<usize, Error> {
    loop {
        write!(console, "{question} ({low} - {high}): ")?;
        if let Some(number) = console.read_int()?.and_then(|number| usize::try_from(number).ok())
            && (low..=high).contains(&number)
        {
            return Ok(number);
        }
    }
}

/// Prints the end of the game: who won (or that it is a tie), then the computer's boast,
/// lament or grudging respect.
///
/// # Errors
/// When writing fails.
pub fn announce_winner(winner: char, computer: char, human: char, out: &mut impl Write) -> io::Result<()> {
    if winner != TIE {
        writeln!(out, "{winner}'s won!")?;
    } else {
        writeln!(out, "It's a tie.")?;
    }
    if winner == computer {
        writeln!(out, "As I predicted, human, I am triumphant once more -- proof")?;
        writeln!(out, "that computers are superior to humans in all regards.")
    } else if winner == human {
        writeln!(out, "No, no!  It cannot be!  Somehow you tricked me, human.")?;
        writeln!(out, "But never again!  I, the computer, so swear it!")
    } else {
        writeln!(out, "You were most lucky, human, and somehow managed to tie me.")?;
        writeln!(out, "Celebrate... for this is the best you will ever achieve.")
    }
}

/// The `tictactoe` program: `tictactoe [--perfect]` plays one game with
/// [`play`](crate::play) on the console made of `input` and `output`, the computer played by
/// [`computer_move`](crate::computer_move), or by [`perfect_move`](crate::perfect_move) with
/// `--perfect`.
///
/// # Errors
/// [`Error::Usage`] for a bad command line (nothing is printed to `output` then), and
/// whatever [`play`](crate::play) returns.
pub fn run<I, S>(args: I, input: impl BufRead, output: impl Write) -> Result<(), Error>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let mut computer: ComputerPlayer = crate::computer_move;
    for arg in args {
        match arg.as_ref() {
            "--perfect" => computer = crate::perfect_move,
            other => return Err(Error::Usage(format!("unexpected argument '{other}'\nusage: tictactoe [--perfect]"))),
        }
    }
    let console = &mut Console::new(input, output);
    crate::play(console, computer)?;
    console.flush()?;
    Ok(())
}
