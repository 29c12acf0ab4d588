//! The `tictactoe` crate as the judge sees it: the graded suite (`tests/tictactoe/`)
//! compiles against this crate instead of the submission, and each of the submission's
//! functions it calls is called in the submission's probe (`probe/` in this crate's directory,
//! linked with the submission and run in the sandbox), which answers with what it returned.
//!
//! Only what the suite uses is here. The board, the pieces and the rules the handout
//! provides are the kit's, as `gamekit-engines` has them (the same as `provided.rs`).
#![forbid(unsafe_code)]

use gamekit_probe::call;
use std::io::{BufRead, Write};

pub use cin::Error;
pub use gamekit_engines::tictactoe::{Board, EMPTY, NO_ONE, O, X, opponent, winner};

use cin::Error as ConsoleError;
#[path = "../calls.rs"]
#[macro_use]
mod calls;
#[path = "../../console.rs"]
mod console;

judge!();

/// The handout's `run` with the submission's game, made in the probe on the whole input.
///
/// # Errors
/// What the submission's `run` returned; [`Error::Io`] when `output` refuses what it printed.
pub fn run<I, S>(args: I, input: impl BufRead, output: impl Write) -> Result<(), Error>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    console::run(args, input, output)
}
