//! # Connect N (UCLA CS 32, Programming Assignment 3)
//!
//! Two players take turns dropping checkers into a scaffold of C columns and L levels; the
//! first to get N in a row (across, up or along a diagonal) wins. Write the [`Scaffold`]
//! (`scaffold.rs`), the players [`HumanPlayer`] and [`BadPlayer`] (`player.rs`) and
//! [`SmartPlayer`] (`smart.rs`), and the [`Game`] (`game.rs`). As in the spec, they may talk
//! to each other only through the public interfaces: a player must work with anyone's
//! `Scaffold`, a `Game` with anyone's players (the README says how it is graded).
//!
//! Everything in `provided.rs` is provided (do not change it): the constants, the [`Player`]
//! trait, [`Random`], [`Error`] and [`run`], the `connect-n` program. Try it with
//! `cargo run --release` (`-- --help` for the options); `cargo test` runs the spec's test
//! programs and two whole games.
//!
//! The advice of the spec holds: Scaffold first, then BadPlayer, HumanPlayer and Game; a
//! SmartPlayer that plays like BadPlayer makes a working program; then make it smart.

mod provided;
pub use provided::*;

mod game;
mod player;
mod scaffold;
mod smart;

pub use game::Game;
pub use player::{BadPlayer, HumanPlayer};
pub use scaffold::{MAX_SIZE, Scaffold};
pub use smart::{DEFAULT_BUDGET, SmartPlayer};
