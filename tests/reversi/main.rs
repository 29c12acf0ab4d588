//! The graded suite of the `reversi` assignment (CSCI1120 Reversi with blocks).
//!
//! It is written against the assignment's public API only and compiled against whichever
//! crate named `reversi` is being graded: the reference solution under `cargo test`, a
//! submission under `gamekit grade reversi DIR`. `fixtures/reversi/rubric.toml` gives the
//! points of each group of tests.
//!
//! - [`functions`]: the required functions one by one, as the course graded them;
//! - [`differential`]: the same functions against gamekit's reference engine on thousands
//!   of random positions;
//! - [`transcripts`]: whole games, byte for byte;
//! - [`robustness`]: bad input and end of input never crash, hang or print anything extra.

mod boards;
mod differential;
// The functions' cases are the handout's public tests: one file for both.
#[path = "../../starter/reversi/tests/functions.rs"]
mod functions;
mod robustness;
mod transcripts;

/// The `reversi` program of the crate under test.
fn program() -> std::path::PathBuf {
    gamekit_testkit::program(env!("CARGO_MANIFEST_DIR"), "reversi", "reversi")
}
