//! The calls between reversi_players' judge (`src/lib.rs`) and its probe
//! (`probe/src/main.rs`), declared once, and how their values cross: both include this
//! file, with the handout's `Color` and `Error` at their root (the probe's are the
//! submission's crate's, the judge's its own copy of `provided.rs`: the same code), and
//! `console` and `terminals`.

use crate::terminals::TerminalRef;
use crate::{Color, Error, console};

/// A colour as it crosses: `true` for Black.
pub type ColorWire = bool;

pub fn color_wire(color: Color) -> ColorWire {
    color == Color::Black
}

pub fn color(wire: ColorWire) -> Color {
    if wire { Color::Black } else { Color::White }
}

/// An `Error` as it crosses: its kind (the constants below), the colour, row and column of
/// an invalid move or a missing one, and a console error's message.
pub type ErrorWire = (u8, ColorWire, i32, i32, String);

const INVALID_MOVE: u8 = 0;
const NO_MOVE: u8 = 1;
/// A console error crosses with its kind (`console.rs`) from here up.
const CONSOLE: u8 = 2;

pub fn error_wire(error: Error) -> ErrorWire {
    match error {
        Error::InvalidMove(color, row, col) => (INVALID_MOVE, color_wire(color), row, col, String::new()),
        Error::NoMove(color) => (NO_MOVE, color_wire(color), 0, 0, String::new()),
        Error::Console(error) => {
            let (kind, message) = console::wire(error);
            (CONSOLE + kind, false, 0, 0, message)
        }
    }
}

pub fn error((kind, wire, row, col, message): ErrorWire) -> Error {
    match kind {
        INVALID_MOVE => Error::InvalidMove(color(wire), row, col),
        NO_MOVE => Error::NoMove(color(wire)),
        _ => Error::Console(console::unwire((kind - CONSOLE, message))),
    }
}

/// A result of a player's call as it crosses.
pub type Played<T> = Result<T, ErrorWire>;

pub fn played<T>(result: Result<T, Error>) -> Played<T> {
    result.map_err(error_wire)
}

pub fn from_played<T>(played: Played<T>) -> Result<T, Error> {
    played.map_err(error)
}

// The calls the judge makes. Each value of the submission's (a board, a player, a viewer, a
// game) is an object kept in the probe, and crosses as its number; so do the suite's
// players, machines and viewers, lent to the probe for a call.
gamekit_probe::calls! {
    pub BoardNew = "Board::new"() -> u64;
    /// `at` on every square, row by row: a board's sweep in one round trip.
    pub BoardCells = "Board::cells"(board: u64) -> Vec<Option<ColorWire>>;
    pub BoardAt = "Board::at"(board: u64, row: i32, col: i32) -> Option<ColorWire>;
    /// `valid_move` on every square, row by row, for Black then White.
    pub BoardValidMoves = "Board::valid_moves"(board: u64) -> Vec<bool>;
    pub BoardValidMove = "Board::valid_move"(board: u64, color: ColorWire, row: i32, col: i32) -> bool;
    /// `play`: `Err(())` when the submission refused the move.
    pub BoardPlay = "Board::play"(board: u64, color: ColorWire, row: i32, col: i32) -> Result<(), ()>;
    pub BoardPossibleMove = "Board::possible_move"(board: u64, color: ColorWire) -> Option<(i32, i32)>;
    pub BoardScore = "Board::score"(board: u64, color: ColorWire) -> i32;
    /// Its `Clone`: the clone's number.
    pub BoardClone = "Board::clone"(board: u64) -> u64;
    /// Its `PartialEq`.
    pub BoardEq = "Board::eq"(board: u64, other: u64) -> bool;
    /// Its `Debug`.
    pub BoardDebug = "Board::debug"(board: u64) -> String;
    /// A `HumanTextPlayer` on one of the suite's terminals.
    pub HumanTextPlayerNew = "HumanTextPlayer::new"(terminal: TerminalRef, color: ColorWire) -> u64;
    /// A `VirtualTextPlayer` printing to one of the suite's terminals.
    pub VirtualTextPlayerNew = "VirtualTextPlayer::new"(output: TerminalRef, color: ColorWire) -> u64;
    /// A `VirtualTextPlayer` with one of the suite's machines, lent for each call on it.
    pub VirtualTextPlayerWithMachine =
        "VirtualTextPlayer::with_machine"(output: TerminalRef, color: ColorWire, machine: u64) -> u64;
    pub PlayerGetMove = "Player::get_move"(player: u64, board: u64) -> Played<(i32, i32)>;
    pub PlayerSkipMove = "Player::skip_move"(player: u64, board: u64) -> Played<()>;
    pub PlayerWin = "Player::win"(player: u64) -> Played<()>;
    pub PlayerLose = "Player::lose"(player: u64) -> Played<()>;
    pub PlayerTie = "Player::tie"(player: u64) -> Played<()>;
    pub VirtualPlayerNew = "VirtualPlayer::new"(color: ColorWire) -> u64;
    pub VirtualPlayerValueOf = "VirtualPlayer::value_of"(player: u64, board: u64) -> i32;
    /// A `VirtualPlayer`'s `Machine::choose_move`.
    pub MachineChooseMove = "Machine::choose_move"(machine: u64, board: u64) -> Option<(i32, i32)>;
    /// `corner_value`, its three neighbours in a vector.
    pub CornerValue =
        "corner_value"(player: ColorWire, corner: Option<ColorWire>, neighbours: Vec<Option<ColorWire>>) -> i32;
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
    pub GamePlay = "Game::play"(game: u64) -> Played<Option<ColorWire>>;
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
