//! The calls tictactoe's judge (`src/lib.rs`) makes and its probe (`probe/src/main.rs`)
//! answers, declared once: both include this file. The program's `run` is `console.rs`'s.

gamekit_probe::calls! {
    /// The submission's `computer_move` on a board's squares, for the computer's mark: the
    /// square it plays.
    pub ComputerMove = "computer_move"(squares: Vec<char>, computer: char) -> usize;
    /// The submission's `perfect_move`, as `computer_move`.
    pub PerfectMove = "perfect_move"(squares: Vec<char>, computer: char) -> usize;
}
