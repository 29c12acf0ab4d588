//! The graded suite of the `connect_n` assignment (UCLA CS 32's Connect N).
//!
//! Written against the assignment's public API only and compiled against whichever crate
//! named `connect_n` is being graded. `fixtures/connect_n/rubric.toml` gives the points.
//!
//! - [`spec_mains`]: the spec's three test programs, translated line for line, and what they
//!   must print (the handout's public test `starter/connect_n/tests/spec_mains.rs`);
//! - [`scaffold`], [`players`] and [`game`]: one behaviour per test;
//! - [`smart`]: SmartPlayer against an exhaustive minimax on every position of small
//!   scaffolds and against gamekit's exact solver on the spec's sizes, its tie-break, and the
//!   spec's time limits;
//! - [`transcripts`]: whole programs, byte for byte, in memory and through `connect-n`;
//! - [`robustness`]: bad answers, bad command lines and the end of the input.

mod game;
mod players;
mod robustness;
mod scaffold;
mod smart;
// The handout's public test, run here as well.
#[path = "../../starter/connect_n/tests/spec_mains.rs"]
mod spec_mains;
mod transcripts;

use connect_n::{BLACK, RED, Scaffold, Screen, Terminal};
use std::io::Cursor;

/// A scaffold of `columns` × `levels` after `moves` (none: `""`), columns from 1 as digits
/// (red first).
///
/// # Panics
/// When a move cannot be made: a broken test, not the submission's fault… unless
/// `make_move` is wrong, which the scaffold tests then show.
#[track_caller]
fn scaffold(columns: i32, levels: i32, moves: &str) -> Scaffold {
    let mut scaffold = Scaffold::new(columns, levels).unwrap_or_else(|error| {
        panic!("Scaffold::new({columns}, {levels}) should make a scaffold of {columns} columns and {levels} levels: {error:?}")
    });
    for (index, column) in moves.bytes().enumerate() {
        let color = color_after(index);
        assert!(scaffold.make_move(i32::from(column - b'0'), color), "move {index} of {moves} refused");
    }
    scaffold
}

/// A terminal that reads `input` and records what is printed on the returned screen.
fn at_terminal(input: &str) -> (Terminal, Screen) {
    let screen = Screen::default();
    (Terminal::new(Cursor::new(input.as_bytes().to_vec()), screen.clone()), screen)
}

/// The `connect-n` program of the crate under test.
fn program() -> std::path::PathBuf {
    gamekit_testkit::program(env!("CARGO_MANIFEST_DIR"), "connect_n", "connect-n")
}

/// Whose turn it is after `moves` moves: red first.
fn color_after(moves: usize) -> i32 {
    if moves.is_multiple_of(2) { RED } else { BLACK }
}
