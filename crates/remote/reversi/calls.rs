//! The calls reversi's judge (`src/lib.rs`) makes and its probe (`probe/src/main.rs`)
//! answers, declared once: both include this file. The program's `run` is `console.rs`'s.

/// A board as it crosses: its cells, row by row, in one string (its size is the square
/// root of their number).
pub type Rows = String;

/// The board sizes the suite asks about (its `with_size!`), and the only ones the probe
/// serves: each is a copy of every function, compiled optimised in every submission's probe
/// (all 26 sizes took 2.6 seconds of processor a build, these six 1.0).
pub const SIZES: [usize; 6] = [4, 6, 8, 10, 12, 26];

/// What `valid_move` answers on a board: whether the move is valid, and the board after
/// it when the submission changed it.
pub type Valid = (bool, Option<Rows>);

gamekit_probe::calls! {
    /// The submission's `valid_move` of `p` at `(y, x)`.
    pub ValidMove = "valid_move"(board: Rows, p: char, y: i32, x: i32, flip: bool) -> Valid;
    /// The submission's `valid_move` at every cell of the board and of the ring around it,
    /// row by row, for each of `players`, each on its own copy of the board: a board's
    /// sweep in one round trip.
    pub EveryCell = "valid_move (every cell)"(board: Rows, players: Vec<char>, flip: bool) -> Vec<Vec<Valid>>;
    /// The submission's `has_valid_moves` for `p`.
    pub HasValidMoves = "has_valid_moves"(board: Rows, p: char) -> bool;
    /// The submission's `has_empty_cells`.
    pub HasEmptyCells = "has_empty_cells"(board: Rows) -> bool;
}
