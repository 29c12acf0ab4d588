//! # Reversi with blocks (CSCI1120 Assignment 4)
//!
//! An N×N Reversi in which some cells are blocks that no disc can take. Write the four
//! functions of this file; each is graded on its own, then whole games are played against
//! the course's sample transcripts, byte for byte (the README says how it is graded).
//!
//! Everything else is provided (see `provided.rs`, and do not change it): the [`Board`]
//! type and [`print_board`], the [`Console`] that reads input the way C++'s `cin` does, and
//! [`run`], which reads `--size N` and calls your [`play`]. Try the program with
//! `cargo run -- --size 6`; `cargo test` runs the graded suite's cases of these functions
//! (`tests/functions.rs`) and the seed's sample runs.
//!
//! ## From C++ to Rust
//! - The board is a `[[char; N]; N]` ([`Board`]) with `N` a const generic instead of a global
//!   constant: one program plays every size from 4 to 26.
//! - `valid_move(board, p, y, x, flip = false)` keeps its five parameters; Rust has no
//!   default arguments, so pass `false` to check a move and `true` to play it.

mod provided;
pub use provided::*;

use std::io::{BufRead, Write};

/// Returns true if the move by player `p` at cell (`y`, `x`) is valid, or false otherwise;
/// with `flip`, also carries the move out.
///
/// A move is valid when the cell is on the board and empty, and at least one straight line
/// (horizontal, vertical or diagonal) runs from it over one or more of the opponent's discs
/// and ends on one of `p`'s own. Blocks, empty cells and the edge end a line without
/// flipping anything, even after opponent's discs: a line that meets a block before one of
/// `p`'s own discs captures nothing, though another line of the same move may. With
/// `flip == true` a valid move places `p`'s disc and flips the opponent's discs on every
/// such line; with `flip == false`, or when the move is invalid, the board is left
/// untouched. Any (`y`, `x`), however far off the board, must give
/// `false`, never a panic.
pub fn valid_move<const N: usize>(board: &mut Board<N>, p: char, y: i32, x: i32, flip: bool) -> bool {
    todo!("valid_move(board = {board:?}, p = {p:?}, y = {y}, x = {x}, flip = {flip})")
}

/// Returns true if player `p` still has at least one valid move on the board, or false
/// otherwise.
pub fn has_valid_moves<const N: usize>(board: &Board<N>, p: char) -> bool {
    todo!("has_valid_moves(board = {board:?}, p = {p:?})")
}

/// Returns true if the game board still has at least one empty cell ([`EMPTY`], `'.'`), or
/// false otherwise. A block ([`BLOCK`]) is not empty.
pub fn has_empty_cells<const N: usize>(board: &Board<N>) -> bool {
    todo!("has_empty_cells(board = {board:?})")
}

/// Plays one game on an N×N board on the console: the blocks, then the rounds, then the
/// result, exactly as the course's sample program does. The board starts empty but for the
/// four discs in the centre: `X` at `[N/2-1][N/2-1]` and `[N/2][N/2]`, `O` at
/// `[N/2-1][N/2]` and `[N/2][N/2-1]`.
///
/// 1. Asks `Enter number of blocks: ` until a count of at most N·N/2 is entered (a larger one
///    prints `Too many blocks!`); then `Enter position for block K: ` for each block, until
///    the address is an empty cell on the board (else `Invalid position!`).
/// 2. Round after round, Black (X) first: `Round R:` and the board; then either
///    `Player P has no valid moves! Pass!` or `Player P's turn: ` until a valid move is
///    entered (else `Invalid move!`), which is played. A pass takes its round. The game ends
///    when the board is full (then no `Round` line) or after two passes in a row.
/// 3. `Game over:`, the board, and `Player X wins!`, `Player O wins!` or `Draw game!`.
///
/// An unreadable answer ([`Console::read_int`] or [`Console::read_position`] gives
/// `Ok(None)`) is skipped: print the same prompt again, with no message.
///
/// # Errors
/// [`Error::EndOfInput`] when the input ends at a prompt (pass on what the console's
/// reads return, with `?`), [`Error::Io`] when the console fails.
pub fn play<const N: usize>(console: &mut Console<impl BufRead, impl Write>) -> Result<(), Error> {
    todo!("play::<{N}>(console = {console:?})")
}
