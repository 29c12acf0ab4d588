//! # gamekit
//!
//! A Rust course kit for classic two-player board games: assignments (`reversi`,
//! `reversi_players`, `connect_n`, `tictactoe` and `two_player`), each with a student handout
//! (`starter/`), a reference answer (`solution/`) and a graded suite (`tests/`), and the
//! platform an instructor grades with. The workspace is layered in crates, so that what a
//! dependency must not reach it cannot:
//!
//! - `gamekit-engines` (`crates/engines`): the games' rules and the reference engines, the
//!   suites' oracles, re-exported here as [`cin`], [`game`], [`search`], [`connect_n`],
//!   [`reversi`], [`othello`] and [`tictactoe`];
//! - `gamekit-testkit` (`crates/testkit`): what the graded suites share (transcripts, exact
//!   comparison explained in a student's terms, the programs under test), re-exported as
//!   [`testkit`];
//! - `gamekit-probe` (`crates/probe`): the channel between a suite compiled as a *judge*
//!   (the kit's code only, outside the sandbox) and the submission's *probe* (inside it), and
//!   `crates/remote/<assignment>`: the assignment's API as the judge sees it;
//! - `gamekit-confine` (`crates/confine`): the seccomp filter every build and probe runs
//!   under;
//! - `gamekit-grade` (`crates/grade`), the grader, re-exported as [`grade`]: it builds a
//!   submission against a suite and scores it, a whole class at once (`batch`), and writes
//!   the crate a student receives (`handout`), a GitHub Classroom template (`classroom`) and
//!   an assignment's Gradescope autograder (`gradescope`);
//! - this crate: [`kit`], which finds the kit's folder at run time; [`new`](mod@new), the
//!   skeleton of a new assignment (`gamekit new`);
//!   [`bench`](mod@bench), the engines measured on public positions with known answers (`gamekit
//!   bench` and `cargo bench`); `arena` (with the default feature `arena`): the 8×8 engine
//!   playing the `reversi_players` assignment's game, and tournaments against the book's
//!   player, and the Connect N solver playing the `connect_n` assignment's game; and the
//!   `gamekit` command (`grade`, `handout`, `classroom`, `gradescope`, `new`, `solve`, `book`,
//!   `bench`, `perft`, `play`, `tournament`), a thin layer over these.
//!
//! A graded suite links with the engines, the testkit and, as a judge, the assignment's
//! remote crate only: never with the submission, nor with this crate.
#![forbid(unsafe_code)]

#[cfg(feature = "arena")]
pub mod arena;
pub mod bench;
pub mod kit;
pub mod new;

pub use gamekit_engines::{cin, connect_n, game, othello, reversi, search, tictactoe};
pub use gamekit_grade as grade;
pub use gamekit_testkit as testkit;
