//! The graded suite of the `two_player` assignment (the OCaml chapter "Two Player Games").
//!
//! Written against the assignment's public API only and compiled against whichever crate
//! named `two_player` is being graded. `fixtures/two_player/rubric.toml` gives the points.
//!
//! [`alphabeta`], [`connect_four`], [`stonehenge`] and [`skeleton`] are the handout's public
//! tests (`starter/two_player/tests/`), included here.
//!
//! - [`alphabeta`]: the generic search on small game trees of the suite's own, every value
//!   known (so it is graded apart from the games);
//! - [`against_minimax`]: the search against a plain minimax, on random trees and in both
//!   games: the same move under the chapter's tie-break, and fewer positions visited;
//! - [`connect_four`] and [`stonehenge`]: each representation, evaluation and text
//!   interface alone, one behaviour per test; the arbiter on chosen positions, every rule;
//! - [`references`]: Connect Four's evaluation and Stonehenge's arbiter against ones written
//!   here, on random positions;
//! - [`skeleton`]: the game loop, machine and person moves, results, play again;
//! - [`transcripts`]: whole programs, byte for byte, in memory and through `connect-four`
//!   and `stonehenge`;
//! - [`robustness`]: any answers, long lines, Windows line ends and the end of the input.
//!   (The command line is the handout's code, checked by the kit rather than graded.)

#![expect(
    clippy::duplicate_mod,
    reason = "each public test file is a crate of its own in the handout, declaring the support files it uses; \
              here, where they are modules together, a support file comes once for each"
)]

// The handout's public tests, run here as well: one file for each part, for both.
mod against_minimax;
#[path = "../../starter/two_player/tests/alphabeta.rs"]
mod alphabeta;
#[path = "../../starter/two_player/tests/connect_four.rs"]
mod connect_four;
mod references;
mod robustness;
#[path = "../../starter/two_player/tests/skeleton.rs"]
mod skeleton;
#[path = "../../starter/two_player/tests/stonehenge.rs"]
mod stonehenge;
mod transcripts;

// The handout's helpers, for the suite's own modules too.
use connect_four::games::{at_terminal, pick, random_positions};
use connect_four::random::Draws;

/// The `connect-four` and `stonehenge` programs of the crate under test.
fn program(name: &str) -> std::path::PathBuf {
    gamekit_testkit::program(env!("CARGO_MANIFEST_DIR"), "two_player", name)
}
