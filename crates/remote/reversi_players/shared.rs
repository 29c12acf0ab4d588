//! What the judge (`src/lib.rs`) and the probe (`probe/src/main.rs`) both name: each
//! includes this file, with the handout's `Color` and `Error` at its root (the probe's are
//! the submission's crate's, the judge's its own copy of `provided.rs`: the same code).

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
