//! # Connect N (UCLA CS 32, Programming Assignment 3): the reference solution
//!
//! Two players take turns dropping checkers into a scaffold of C columns and L levels; the
//! first to get N in a row (across, up or along a diagonal) wins. The assignment asks for
//! the [`Scaffold`], three players ([`HumanPlayer`], [`BadPlayer`], and [`SmartPlayer`], which
//! plays perfectly) and the [`Game`]; as in the spec, they talk to each other only through
//! the public interfaces of `provided.rs` (shared with the starter): the constants, the
//! [`Player`] trait, [`Error`] and [`run`], the `connect-n` program.
//!
//! The spec's test programs translate line for line:
//!
//! ```
//! use connect_n::{BLACK, RED, Scaffold, VACANT};
//! let mut s = Scaffold::new(3, 2).unwrap();
//! assert!(s.cols() == 3 && s.levels() == 2 && s.number_empty() == 6);
//! assert!(s.make_move(1, RED));
//! assert!(s.make_move(1, BLACK));
//! assert!(!s.make_move(1, RED));
//! assert_eq!(s.number_empty(), 4);
//! assert!(s.checker_at(1, 1) == RED && s.checker_at(1, 2) == BLACK);
//! assert_eq!(s.checker_at(2, 1), VACANT);
//! assert_eq!(s.to_string(), "|B| | |\n|R| | |\n+-+-+-+\n");
//! ```
//!
//! ## Where the spec leaves a choice
//! - Input and output go through a [`Terminal`] (one console shared by the game and its
//!   human players, as `cin` and `cout` are), so [`HumanPlayer::new`] and [`Game::play`]
//!   take one; [`Scaffold::display`] prints to any writer.
//! - Sizes are checked: [`Scaffold::new`] and [`Game::new`] return [`Error::Size`] instead
//!   of ending the program; a scaffold has at most [`MAX_SIZE`] columns and levels.
//! - [`HumanPlayer`] says why an answer is refused (not a number, no such column, a full
//!   column) and asks again; at the end of the input it gives no move (0), and
//!   [`Game::play`] stops with [`Error::NoMove`].
//! - [`BadPlayer`] picks a column with room at random, reproducibly from a seed.
//! - [`SmartPlayer`] breaks ties between equally good columns by preferring the one nearest
//!   the centre (of two, the left one), and answers within a time budget
//!   ([`DEFAULT_BUDGET`], 9.9 s): perfect whenever its search completes in time, which it
//!   does far within the budget on every size of the spec's table.
//! - What [`Game::play`] prints is ours (see there), fixed by the suite's fixtures.

#[path = "../../../starter/connect_n/src/provided.rs"]
mod provided;
pub use provided::*;

mod game;
mod player;
mod scaffold;
mod smart;
mod support;

pub use game::Game;
pub use player::{BadPlayer, HumanPlayer};
pub use scaffold::{MAX_SIZE, Scaffold};
pub use smart::{DEFAULT_BUDGET, SmartPlayer};
