//! The calls between reversi_players' judge (`src/lib.rs`) and its probe
//! (`probe/src/main.rs`), declared once, and how their values cross: both include this
//! file, with `console` and `terminals` at their root. The handout's `Color` and `Error`
//! cross as declared here, converted to and from the probe's (the submission's crate's) and
//! the judge's (its own copy of `provided.rs`: the same code) by `conversions!`.

use crate::console;
use crate::terminals::TerminalRef;

gamekit_probe::wire! {
    /// A disc's colour (`provided.rs`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Color { White, Black }
    /// Why a game stopped before its end (`provided.rs`).
    pub enum Error { InvalidMove(Color, i32, i32), NoMove(Color), Console(console::WireError) }
}

/// The squares of a board's sweep (`BoardCells`, `BoardValidMoves`): the handout's 8 × 8,
/// which each side asserts of its `N_ROWS` and `N_COLS`.
pub const SQUARES: usize = 64;

/// A result of a player's call as it crosses.
pub type Played<T> = Result<T, Error>;

// The calls the judge makes. Each value of the submission's (a board, a player, a viewer, a
// game) is an object kept in the probe, and crosses as its number; so do the suite's
// players, machines and viewers, lent to the probe for a call.
gamekit_probe::calls! {
    pub BoardNew = "Board::new"() -> u64;
    /// `at` on every square, row by row: a board's sweep in one round trip.
    pub BoardCells = "Board::cells"(board: u64) -> [Option<Color>; SQUARES];
    pub BoardAt = "Board::at"(board: u64, row: i32, col: i32) -> Option<Color>;
    /// `valid_move` on every square, row by row, for Black then White.
    pub BoardValidMoves = "Board::valid_moves"(board: u64) -> [bool; 2 * SQUARES];
    pub BoardValidMove = "Board::valid_move"(board: u64, color: Color, row: i32, col: i32) -> bool;
    /// `play`: `Err(())` when the submission refused the move.
    pub BoardPlay = "Board::play"(board: u64, color: Color, row: i32, col: i32) -> Result<(), ()>;
    pub BoardPossibleMove = Board::possible_move(&self, color: Color) -> Option<(i32, i32)>;
    pub BoardScore = Board::score(&self, color: Color) -> i32;
    /// Its `Clone`: the clone's number.
    pub BoardClone = "Board::clone"(board: u64) -> u64;
    /// Its `PartialEq`.
    pub BoardEq = "Board::eq"(board: u64, other: u64) -> bool;
    /// Its `Debug`.
    pub BoardDebug = "Board::debug"(board: u64) -> String;
    /// A `HumanTextPlayer` on one of the suite's terminals.
    pub HumanTextPlayerNew = "HumanTextPlayer::new"(terminal: TerminalRef, color: Color) -> u64;
    /// A `VirtualTextPlayer` printing to one of the suite's terminals.
    pub VirtualTextPlayerNew = "VirtualTextPlayer::new"(output: TerminalRef, color: Color) -> u64;
    /// A `VirtualTextPlayer` with one of the suite's machines, lent for each call on it.
    pub VirtualTextPlayerWithMachine =
        "VirtualTextPlayer::with_machine"(output: TerminalRef, color: Color, machine: u64) -> u64;
    pub PlayerGetMove = "Player::get_move"(player: u64, board: u64) -> Played<(i32, i32)>;
    pub PlayerSkipMove = "Player::skip_move"(player: u64, board: u64) -> Played<()>;
    pub PlayerWin = "Player::win"(player: u64) -> Played<()>;
    pub PlayerLose = "Player::lose"(player: u64) -> Played<()>;
    pub PlayerTie = "Player::tie"(player: u64) -> Played<()>;
    pub VirtualPlayerNew = "VirtualPlayer::new"(color: Color) -> u64;
    pub VirtualPlayerValueOf = "VirtualPlayer::value_of"(player: u64, board: u64) -> i32;
    /// A `VirtualPlayer`'s `Machine::choose_move`.
    pub MachineChooseMove = "Machine::choose_move"(machine: u64, board: u64) -> Option<(i32, i32)>;
    pub CornerValue = corner_value(player: Color, corner: Option<Color>, neighbours: [Option<Color>; 3]) -> i32;
    /// A `BoardTextViewer` printing to one of the suite's terminals.
    pub BoardTextViewerNew = "BoardTextViewer::new"(output: TerminalRef) -> u64;
    pub BoardViewerDraw = "BoardViewer::draw"(viewer: u64, board: u64) -> Result<(), String>;
    /// A `Game` between two players of the suite's, lent for each call on the game.
    pub GameNew = "Game::new"(black: u64, white: u64) -> u64;
    /// `select_viewer` with a viewer of the suite's, lent for each call on the game from then.
    pub GameSelectViewer = "Game::select_viewer"(game: u64, viewer: u64) -> ();
    /// The game's board, as an object of its own.
    pub GameBoard = "Game::board"(game: u64) -> u64;
    /// `play`: the winner, if any.
    pub GamePlay = "Game::play"(game: u64) -> Played<Option<Color>>;
}

/// The probe's calls back, which the judge answers (besides those to its terminals,
/// `terminals/mod.rs`): the suite's players, machines and viewers, on a board the probe
/// lends for the call.
pub mod back {
    use super::Played;

    gamekit_probe::calls! {
        pub PlayerGetMove = "Player::get_move"(player: u64, board: u64) -> Played<(i32, i32)>;
        pub PlayerSkipMove = "Player::skip_move"(player: u64, board: u64) -> Played<()>;
        pub PlayerWin = "Player::win"(player: u64) -> Played<()>;
        pub PlayerLose = "Player::lose"(player: u64) -> Played<()>;
        pub PlayerTie = "Player::tie"(player: u64) -> Played<()>;
        pub MachineChooseMove = "Machine::choose_move"(machine: u64, board: u64) -> Option<(i32, i32)>;
        pub BoardViewerDraw = "BoardViewer::draw"(viewer: u64, board: u64) -> Result<(), String>;
    }
}
