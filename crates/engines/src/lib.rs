//! # gamekit-engines
//!
//! gamekit's reference engines and the oracles its graded suites check submissions
//! against. Nothing here grades or parses a command line, so the graders' and the command's
//! dependencies never reach a suite:
//!
//! - [`cin`]: the references' model of C++'s `cin`, for the programs ported from C++;
//! - [`game`] and [`search`]: what a two-player game is (the rules, [`game::Game`], which
//!   every engine implements, and [`game::perft`]; an evaluation, [`game::Evaluate`]), and
//!   a generic search (alpha–beta, a transposition table, iterative deepening to a deadline)
//!   for any evaluated game (Othello's strong player uses it; the exact solvers keep their
//!   own);
//! - [`connect_n`]: the reference engine for Connect N and Connect Four, an exact solver;
//! - [`reversi`]: the reference engine for Reversi with blocks, the suite's oracle;
//! - [`othello`]: the reference engine for 8×8 Reversi, on bitboards: the rules and perft, an
//!   exact endgame solver, and a strong player with a time budget;
//! - [`tictactoe`]: Tic-Tac-Toe's rules, the book's player, and the book's program.

pub mod cin;
pub mod connect_n;
pub mod game;
pub mod othello;
pub mod reversi;
pub mod search;
pub mod tictactoe;
