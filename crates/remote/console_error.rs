//! The console's error (`cin::Error`) across the channel, for the assignments that read a
//! console: both sides of each include this file, naming the error `ConsoleError` at their
//! root (the probe takes it from the submission's crate, the judge from the kit's `cin`).

use crate::ConsoleError;

/// The error as it crosses: a kind, and its message.
pub type Wire = (u8, String);

/// The probe's side.
#[allow(dead_code)]
pub fn to_wire(error: ConsoleError) -> Wire {
    match error {
        ConsoleError::EndOfInput => (0, String::new()),
        ConsoleError::Usage(message) => (1, message),
        ConsoleError::Io(error) => (2, error.to_string()),
    }
}

/// The judge's side.
#[allow(dead_code)]
pub fn from_wire((kind, message): Wire) -> ConsoleError {
    match kind {
        0 => ConsoleError::EndOfInput,
        1 => ConsoleError::Usage(message),
        _ => ConsoleError::Io(std::io::Error::other(message)),
    }
}
