//! The graded suite of the `connect_n` assignment (UCLA CS 32's Connect N).
//!
//! Written against the assignment's public API only and compiled against whichever crate
//! named `connect_n` is being graded. `fixtures/connect_n/rubric.toml` gives the points.
//!
//! - [`spec_mains`]: the spec's three test programs, translated line for line, and what they
//!   must print (the handout's public test `starter/connect_n/tests/spec_mains.rs`);
//! - [`scaffold`] (the handout's public test `starter/connect_n/tests/scaffold.rs`),
//!   [`players`] and [`game`]: one behaviour per test;
//! - [`smart`]: SmartPlayer against an exhaustive minimax on every position of small
//!   scaffolds and against gamekit's exact solver on the spec's sizes, its tie-break, and the
//!   spec's time limits;
//! - [`transcripts`]: whole programs, byte for byte, in memory and through `connect-n`;
//! - [`robustness`]: bad answers, bad command lines and the end of the input.

mod game;
mod players;
mod robustness;
// The handout's public tests, run here as well: one file for both.
#[path = "../../starter/connect_n/tests/scaffold.rs"]
mod scaffold;
mod smart;
#[path = "../../starter/connect_n/tests/spec_mains.rs"]
mod spec_mains;
mod transcripts;

use connect_n::{Screen, Terminal};
use scaffold::scaffolds::{color_after, scaffold};
use std::io::Cursor;

/// A terminal that reads `input` and records what is printed on the returned screen.
fn at_terminal(input: &str) -> (Terminal, Screen) {
    let screen = Screen::default();
    (Terminal::new(Cursor::new(input.as_bytes().to_vec()), screen.clone()), screen)
}

/// The `connect-n` program of the crate under test.
fn program() -> std::path::PathBuf {
    gamekit_testkit::program(env!("CARGO_MANIFEST_DIR"), "connect_n", "connect-n")
}
