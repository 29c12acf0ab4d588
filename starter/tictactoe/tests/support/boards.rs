//! The board as the book draws it, for failure messages. The graded suite draws boards with
//! this same code, so a test here fails with the words `gamekit grade` uses.

use tictactoe::Board;

/// The board as the book shows it, indented.
pub fn show(board: &Board) -> String {
    let [a, b, c, d, e, f, g, h, i] = board;
    format!("    {a} | {b} | {c}\n    ---------\n    {d} | {e} | {f}\n    ---------\n    {g} | {h} | {i}\n")
}
