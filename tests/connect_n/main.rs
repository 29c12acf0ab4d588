//! The graded suite of the `connect_n` assignment (UCLA CS 32's Connect N).
//!
//! Written against the assignment's public API only and compiled against whichever crate
//! named `connect_n` is being graded. `fixtures/connect_n/rubric.toml` gives the points.
//!
//! - [`spec_mains`]: the spec's three test programs, translated line for line, and what they
//!   must print (the handout's public test `starter/connect_n/tests/spec_mains.rs`);
//! - [`scaffold`], [`players`] and [`game`]: one behaviour per test (the handout's public
//!   tests `starter/connect_n/tests/scaffold.rs`, `players.rs` and `game.rs`);
//! - [`smart`]: SmartPlayer on chosen positions, its tie-break, and its time budget (the
//!   handout's public test `smart.rs`);
//! - [`references`]: SmartPlayer against an exhaustive minimax on every position of small
//!   scaffolds and against gamekit's exact solver on the spec's sizes, its tie-break there,
//!   and the spec's time table;
//! - [`transcripts`]: whole programs, byte for byte, in memory and through `connect-n`;
//! - [`robustness`]: bad answers, bad command lines and the end of the input.

#![expect(
    clippy::duplicate_mod,
    reason = "each public test file is a crate of its own in the handout, declaring the support files it uses; \
              here, where they are modules together, a support file comes once for each"
)]

// The handout's public tests, run here as well: one file for each part, for both.
#[path = "../../starter/connect_n/tests/game.rs"]
mod game;
#[path = "../../starter/connect_n/tests/players.rs"]
mod players;
mod references;
mod robustness;
#[path = "../../starter/connect_n/tests/scaffold.rs"]
mod scaffold;
#[path = "../../starter/connect_n/tests/smart.rs"]
mod smart;
#[path = "../../starter/connect_n/tests/spec_mains.rs"]
mod spec_mains;
mod transcripts;

use game::terminal::at_terminal;
use scaffold::scaffolds::scaffold;

/// The `connect-n` program of the crate under test.
fn program() -> std::path::PathBuf {
    gamekit_testkit::program(env!("CARGO_MANIFEST_DIR"), "connect_n", "connect-n")
}
