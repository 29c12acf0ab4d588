//! What the judge (`src/lib.rs`) and the probe (`probe/src/main.rs`) both name: each
//! includes this file.

/// A player of a game as it crosses: whose it is (`true`: the suite's, in the judge; `false`:
/// the submission's, in the probe), its number there, and for the suite's, its name and
/// whether it is interactive (which the probe's stand-in answers without calling back).
pub type PlayerRef = (bool, u64, String, bool);

/// An `Error` as it crosses: its kind (the constants below) and its message.
pub type ErrorWire = (u8, String);

pub const SIZE: u8 = 0;
pub const NO_MOVE: u8 = 1;
/// A console error crosses with its kind (`console.rs`) from here up.
pub const CONSOLE: u8 = 2;
