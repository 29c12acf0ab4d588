//! The calls nim's judge (`src/lib.rs`) makes and its probe (`probe/src/main.rs`) answers,
//! each declared once by its signature: both include this file, the judge writing its
//! functions from it (`judge!`), the probe its answers (`answers!`). The program's `run` is
//! `console.rs`'s.

gamekit_probe::calls! {
    /// The submission's `winning_move`.
    pub WinningMove = winning_move(heaps: Vec<u32>) -> Option<(usize, u32)>;
}
