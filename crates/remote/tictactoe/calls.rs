//! The calls tictactoe's judge (`src/lib.rs`) makes and its probe (`probe/src/main.rs`)
//! answers, each declared once by its signature: both include this file (with the handout's
//! `Board` at their root), the judge writing its functions from it (`judge!`), the probe its
//! answers (`answers!`). The program's `run` is `console.rs`'s.

use crate::Board;

gamekit_probe::calls! {
    /// The submission's `computer_move` (the book's three steps): the square it plays.
    pub ComputerMove = computer_move(board: Board, computer: char) -> usize;
    /// The submission's `perfect_move`: the square it plays.
    pub PerfectMove = perfect_move(board: Board, computer: char) -> usize;
}
