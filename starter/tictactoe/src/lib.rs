//! # Tic-Tac-Toe (Dawson, *Beginning C++ Through Game Programming*, chapter 6)
//!
//! The book's game of a human against the computer. Write the five functions of this file:
//! the computer's move by the book's three steps ([`computer_move`]), a computer that never
//! loses ([`perfect_move`]), and the game ([`human_piece`], [`human_move`], [`play`]), whose
//! output must be the book program's byte for byte (the README says how it is graded).
//!
//! Everything else is provided (see `provided.rs`, and do not change it): the [`Board`],
//! [`winner`], [`is_legal`], [`opponent`], the book's console functions
//! ([`instructions`], [`display_board`], [`ask_yes_no`], [`ask_number`],
//! [`announce_winner`]) and [`run`]. Try the program with `cargo run` (`-- --perfect` for
//! your perfect player); `cargo test` runs two whole games.

mod provided;
pub use provided::*;

use std::io::{BufRead, Write};

/// The computer's move, by the book's three steps:
/// 1. if the computer can win on this move, that move (the lowest such square);
/// 2. otherwise, if the human can win on his next move, block it (the lowest such square);
/// 3. otherwise the first empty square of the centre, the corners (0, 2, 6, 8) and the
///    sides (1, 3, 5, 7).
///
/// `board` is a copy (as in the book, passed by value): try pieces on it freely. Only
/// choose: [`play`] announces the move.
pub fn computer_move(board: Board, computer: char) -> usize {
    todo!("computer_move(board = {board:?}, computer = {computer:?})")
}

/// A move that never loses, by minimax over the whole game: a win if there is one (the
/// quickest), else a draw, else the loss that comes latest, the human playing as well as
/// possible too. Among equal moves, the first in the book's order of preference: 4, 0, 2, 6,
/// 8, 1, 3, 5, 7 (the centre, the corners, the sides).
pub fn perfect_move(board: Board, computer: char) -> usize {
    todo!("perfect_move(board = {board:?}, computer = {computer:?})")
}

/// Asks `Do you require the first move?` (with [`ask_yes_no`]), then prints
/// `\nThen take the first move.  You will need it.\n` and returns [`X`], or
/// `\nYour bravery will be your undoing... I will go first.\n` and returns [`O`].
///
/// # Errors
/// [`Error::EndOfInput`] when the input ends; [`Error::Io`] when the console fails.
pub fn human_piece<R: BufRead, W: Write>(console: &mut Console<R, W>) -> Result<char, Error> {
    todo!("human_piece(console = {console:?})")
}

/// Asks `Where will you move?` for a square from 0 to 8 (with [`ask_number`]) until an empty
/// one is given: an occupied one prints `\nThat square is already occupied, foolish human.\n`
/// and asks again. Then prints `Fine...\n` and returns the square.
///
/// # Errors
/// [`Error::EndOfInput`] when the input ends; [`Error::Io`] when the console fails.
pub fn human_move<R: BufRead, W: Write>(board: &Board, console: &mut Console<R, W>) -> Result<usize, Error> {
    todo!("human_move(board = {board:?}, console = {console:?})")
}

/// Plays one game as the book's `main` does: the [`instructions`], [`human_piece`], the empty
/// board ([`display_board`]), then moves in turn, X first, showing the board after each,
/// until [`winner`] is no longer [`NO_ONE`]; then [`announce_winner`]. The human moves with
/// [`human_move`]; the computer's moves come from `computer`, each announced as
/// `I shall take square number N` and a newline.
///
/// # Errors
/// [`Error::EndOfInput`] when the input ends at a prompt (pass on what the console's reads
/// return, with `?`); [`Error::Io`] when the console fails.
pub fn play<R: BufRead, W: Write>(console: &mut Console<R, W>, computer: ComputerPlayer) -> Result<(), Error> {
    todo!("play(console = {console:?}, computer = {computer:?})")
}
