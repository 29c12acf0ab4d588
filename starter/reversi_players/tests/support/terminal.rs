//! A terminal for the tests: what is typed, and a screen that records what is printed.

use reversi_players::{Screen, Terminal};
use std::io::Cursor;

/// A terminal that reads `input` and records what is printed on the returned screen.
pub fn at_terminal(input: &str) -> (Terminal, Screen) {
    let screen = Screen::default();
    (Terminal::new(Cursor::new(input.as_bytes().to_vec()), screen.clone()), screen)
}
