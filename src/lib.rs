//! # gamekit
//!
//! A Rust course kit for classic two-player board games: assignments (`reversi`,
//! `reversi_players`, `connect_n`, `tictactoe` and `two_player`), each with a student handout
//! (`starter/`), a reference answer (`solution/`) and a graded suite (`tests/`), and this
//! crate, the platform an instructor grades with:
//!
//! - [`cin`]: the references' model of C++'s `cin`, for the programs ported from C++;
//! - [`game`] and [`search`]: what a two-player game is, and a generic search (alpha–beta, a
//!   transposition table, iterative deepening to a deadline) an engine can plug into
//!   (Reversi's does; the exact solvers keep their own);
//! - [`connect_n`]: the reference engine for Connect N and Connect Four, an exact solver;
//! - [`reversi`]: the reference engine for Reversi with blocks, the suite's oracle;
//! - [`othello`]: the reference engine for 8×8 Reversi, on bitboards: the rules and perft, an
//!   exact endgame solver, and a strong player with a time budget;
//! - `arena` (with the default feature `arena`): that engine playing the `reversi_players`
//!   assignment's game, and tournaments against the book's player;
//! - [`tictactoe`]: the book's Tic-Tac-Toe player, a perfect one, and the book's program;
//! - [`bench`]: the engines measured on public positions with known answers (`gamekit bench`
//!   and `cargo bench`);
//! - [`grade`]: builds a submission against a suite, runs every test in its own process
//!   with a time limit, scores it by the rubric and explains every lost point;
//! - [`testkit`]: what the graded suites share (transcripts, exact comparison, programs).
//!
//! The `gamekit` command (`grade`, `solve`, `bench`, `perft`, `play`, `tournament`) is a thin layer
//! over these.

#[cfg(feature = "arena")]
pub mod arena;
pub mod bench;
pub mod cin;
pub mod connect_n;
pub mod game;
pub mod grade;
pub mod othello;
pub mod reversi;
pub mod search;
pub mod testkit;
pub mod tictactoe;
