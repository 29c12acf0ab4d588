//! # Two Player Games (the OCaml chapter): your handout
//!
//! Every `todo!()` is yours to write; `provided.rs` and the programs in `src/bin` are given
//! (do not change them). Each item's documentation is its specification.
//!
//! A generic minimax-αβ search over the chapter's signatures, which `provided.rs` turns
//! into traits ([`Representation`], [`Evaluation`], [`Interface`]), and two games on top of
//! it, each a representation, an evaluation and a text interface:
//!
//! - Connect Four: [`ConnectFour`], [`C4Eval`], [`C4Text`], the `connect-four` program,
//!   byte for byte the chapter's text interface;
//! - Stonehenge: [`Stonehenge`] (with the chapter's arbiter), [`StoneEval`], [`StoneText`],
//!   the `stonehenge` program, with a text interface of ours.
//!
//! [`alphabeta`] is the chapter's `FAlphabeta` and [`Skeleton`] its `FSkeleton` with
//! `FMain`: the evaluation is a type parameter, as the chapter's functors take modules.
//!
//! ```
//! use two_player::{C4Eval, ConnectFour, Representation, StoneEval, Stonehenge, alphabeta};
//! let start = ConnectFour::game_start();
//! assert_eq!(alphabeta::<C4Eval>(4, true, &start), Some(4)); // the centre column
//! let stones = Stonehenge::game_start();
//! assert!(alphabeta::<StoneEval>(2, true, &stones).is_some());
//! ```
//!
//! ## Where this differs from the chapter
//! - [`C4Eval`] looks at every window of four cells once (the chapter's bounds skip some and
//!   count others twice, so some fours did not end the game).
//! - [`StoneEval`] sees the eighth ley-line of either player (the chapter's only that of the
//!   player it is given).
//! - [`Evaluation::state_of`] asks whether the player to move next can move (the chapter
//!   asks of the player who just moved, which ends Stonehenge as a stalemate one move early).
//! - [`Skeleton`] announces the result from the first player's side (the chapter announces
//!   every win as the first player's).
//! - At the end of the input the programs stop with [`Error::EndOfInput`] (the chapter's
//!   Connect Four plays the first legal column for the person, then fails).
//! - The display signature is [`Interface`] (`DISPLAY` would clash with
//!   [`std::fmt::Display`]), and it has no `q_begin`, which the skeleton never asks.

mod provided;
pub use provided::*;

mod alphabeta;
mod c4_eval;
mod c4_rep;
mod c4_text;
mod skeleton;
mod stone_eval;
mod stone_rep;
mod stone_text;

pub use alphabeta::{MoveOf, alphabeta};
pub use c4_eval::{C4Eval, VALUE};
pub use c4_rep::{COL, Cell, ConnectFour, ROW};
pub use c4_text::C4Text;
pub use skeleton::Skeleton;
pub use stone_eval::StoneEval;
pub use stone_rep::{LINES, LINES_TO_WIN, PLACES, STONES, StoneMove, Stonehenge};
pub use stone_text::StoneText;
