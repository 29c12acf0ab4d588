//! # Tic-Tac-Toe (Dawson, *Beginning C++ Through Game Programming*, chapter 6): the reference solution
//!
//! The book's game of a human against the computer. The assignment asks for the computer's
//! move, [`computer_move`] (the book's three steps), a computer that never loses,
//! [`perfect_move`], and the game itself: [`human_piece`], [`human_move`] and [`play`],
//! whose output must be the book program's byte for byte.
//!
//! The board, the book's console functions and [`run`] are provided (`provided.rs`, shared
//! with the starter).
//!
//! ## Deviations from the book's program
//! - The book's `computerMove` prints `I shall take square number N` itself; here
//!   [`computer_move`] only chooses (so it can be tested, and so [`perfect_move`] can stand
//!   in for it) and [`play`] prints the announcement. The output is the same.
//! - The book's `humanMove(board, human)` never uses `human`; [`human_move`] does without it.
//! - At the end of the input the book's program loops forever; this one stops with
//!   [`Error::EndOfInput`] (the binary prints one line on stderr and exits with status 1),
//!   and an answer that is not a number is asked again like one out of range (the book's
//!   program spins there too), after discarding the rest of its line.

#[path = "../../../starter/tictactoe/src/provided.rs"]
mod provided;
pub use provided::*;

use std::io::{BufRead, Write};

/// The book's preference when nothing wins or blocks: the centre, the corners, the sides.
const BEST_MOVES: [usize; NUM_SQUARES] = [4, 0, 2, 6, 8, 1, 3, 5, 7];

/// The computer's move, by the book's three steps:
/// 1. if the computer can win on this move, that move (the lowest such square);
/// 2. otherwise, if the human can win on his next move, block it (the lowest such square);
/// 3. otherwise the first empty square of the centre, the corners (0, 2, 6, 8) and the
///    sides (1, 3, 5, 7).
///
/// `board` is a copy (as in the book, passed by value): the function tries pieces on it.
///
/// ```
/// use tictactoe::{computer_move, EMPTY, O, X};
/// let board = [X, X, EMPTY, EMPTY, O, EMPTY, EMPTY, EMPTY, EMPTY];
/// assert_eq!(computer_move(board, O), 2); // block
/// assert_eq!(computer_move([EMPTY; 9], X), 4); // the centre
/// ```
///
/// # Panics
/// When the board is full.
pub fn computer_move(mut board: Board, computer: char) -> usize {
    winning_square(&mut board, computer)
        .or_else(|| winning_square(&mut board, opponent(computer)))
        .or_else(|| BEST_MOVES.into_iter().find(|&square| is_legal(square, &board)))
        .expect("the board has an empty square")
}

/// The lowest empty square where `piece` would complete a line.
fn winning_square(board: &mut Board, piece: char) -> Option<usize> {
    (0..NUM_SQUARES).find(|&square| {
        if !is_legal(square, board) {
            return false;
        }
        board[square] = piece;
        let wins = winner(board) == piece;
        board[square] = EMPTY;
        wins
    })
}

/// A move that never loses, by minimax over the whole game: a win if there is one (the
/// quickest), else a draw, else the loss that comes latest. Among equal moves, the first in
/// the book's order of preference (the centre, the corners, the sides).
///
/// ```
/// use tictactoe::{perfect_move, EMPTY, O, X};
/// // X threatens to complete 0-1-2: O must block at 2.
/// let board = [X, X, EMPTY, EMPTY, O, EMPTY, EMPTY, EMPTY, EMPTY];
/// assert_eq!(perfect_move(board, O), 2);
/// ```
///
/// # Panics
/// When the board is full.
pub fn perfect_move(board: Board, computer: char) -> usize {
    let mut best = None;
    for square in BEST_MOVES.into_iter().filter(|&square| is_legal(square, &board)) {
        let mut next = board;
        next[square] = computer;
        let value = -value_for(&next, opponent(computer));
        if best.is_none_or(|(_, best_value)| value > best_value) {
            best = Some((square, value));
        }
    }
    best.expect("the board has an empty square").0
}

/// How good `board` is for `to_move` with perfect play on both sides: 0 for a draw, more
/// than 0 for a win and less for a loss, further from 0 the sooner it comes (it counts the
/// squares left empty).
fn value_for(board: &Board, to_move: char) -> i32 {
    let empty = board.iter().filter(|&&square| square == EMPTY).count() as i32;
    match winner(board) {
        NO_ONE => {}
        TIE => return 0,
        // The player who just moved has won.
        _ => return -(empty + 1),
    }
    (0..NUM_SQUARES)
        .filter(|&square| board[square] == EMPTY)
        .map(|square| {
            let mut next = *board;
            next[square] = to_move;
            -value_for(&next, opponent(to_move))
        })
        .max()
        .unwrap_or(0)
}

/// Asks whether the human wants the first move and says what follows; returns the human's
/// piece: [`X`] (first) or [`O`].
///
/// # Errors
/// [`Error::EndOfInput`] when the input ends; [`Error::Io`] when the console fails.
pub fn human_piece<R: BufRead, W: Write>(console: &mut Console<R, W>) -> Result<char, Error> {
    if ask_yes_no(console, "Do you require the first move?")? == 'y' {
        writeln!(console, "\nThen take the first move.  You will need it.")?;
        Ok(X)
    } else {
        writeln!(console, "\nYour bravery will be your undoing... I will go first.")?;
        Ok(O)
    }
}

/// Asks the human for a square until an empty one is given (an occupied one gets
/// `That square is already occupied, foolish human.`), says `Fine...` and returns it.
///
/// # Errors
/// [`Error::EndOfInput`] when the input ends; [`Error::Io`] when the console fails.
pub fn human_move<R: BufRead, W: Write>(board: &Board, console: &mut Console<R, W>) -> Result<usize, Error> {
    let mut square = ask_number(console, "Where will you move?", NUM_SQUARES - 1, 0)?;
    while !is_legal(square, board) {
        writeln!(console, "\nThat square is already occupied, foolish human.")?;
        square = ask_number(console, "Where will you move?", NUM_SQUARES - 1, 0)?;
    }
    writeln!(console, "Fine...")?;
    Ok(square)
}

/// Plays one game as the book's `main` does: the instructions, who goes first, the empty
/// board, then moves in turn (X first), the board after each, until someone wins or the
/// board is full; then the announcement. The computer's moves come from `computer`, each
/// announced as `I shall take square number N`.
///
/// # Errors
/// [`Error::EndOfInput`] when the input ends at a prompt; [`Error::Io`] when the console
/// fails.
pub fn play<R: BufRead, W: Write>(console: &mut Console<R, W>, computer: ComputerPlayer) -> Result<(), Error> {
    instructions(console)?;
    let human = human_piece(console)?;
    let mut board = [EMPTY; NUM_SQUARES];
    let mut turn = X;
    display_board(&board, console)?;
    while winner(&board) == NO_ONE {
        let square = if turn == human {
            human_move(&board, console)?
        } else {
            let square = computer(board, turn);
            writeln!(console, "I shall take square number {square}")?;
            square
        };
        board[square] = turn;
        display_board(&board, console)?;
        turn = opponent(turn);
    }
    announce_winner(winner(&board), opponent(human), human, console)?;
    Ok(())
}
