//! # Reversi with human and computer players (Vandevoorde, Exercise 15.3): the reference solution
//!
//! The book's decomposition, as Rust types and traits: the [`Board`] (the rules and the
//! score), a [`BoardViewer`] ([`BoardTextViewer`] draws on any output), [`Player`]s (the
//! person at the terminal, [`HumanTextPlayer`], and the computer, [`VirtualTextPlayer`]
//! announcing the moves of a [`Machine`], by default the book's [`VirtualPlayer`]), and the
//! [`Game`] that makes them take turns. `provided.rs` (the handout's, shared with the
//! starter) holds the colours, the interfaces and the program ([`run`]).
//!
//! ```
//! use reversi_players::{Board, Color, Machine, VirtualPlayer};
//! let mut board = Board::new();
//! assert!(board.valid_move(Color::Black, 4, 3)); // d3
//! board.play(Color::Black, 4, 3).unwrap();
//! assert_eq!((board.score(Color::Black), board.score(Color::White)), (4, 1));
//! assert!(VirtualPlayer::new(Color::White).choose_move(&board).is_some());
//! ```
//!
//! ## Where this differs from the book
//! - The book's `eval_end_of_game` compares `>` twice, so its computer scored a lost game
//!   like a tie; [`VirtualPlayer`] scores it lowest. Everything else about the computer is
//!   the book's, so it chooses the book's moves.
//! - The supplementary exercise: nothing assumes that letters or digits are consecutive in
//!   the character set: rows and columns are named and read through the tables
//!   [`ROW_NAMES`] and [`COL_NAMES`].
//! - The interfaces: [`Player::get_move`] returns the move (the book fills two `int&`), and
//!   every player call returns a `Result`, so the end of the input stops the program
//!   cleanly (exit status 1) where the book's would loop forever; [`Board::play`] refuses
//!   an invalid move with an error and leaves the board unchanged (the book asserts);
//!   [`Board::at`] answers `None` off the board instead of reading outside the array.
//! - [`Machine`] separates how a computer chooses from how it talks, as the book separates
//!   `VirtualPlayer` from `VirtualTextPlayer`: any machine plays through a text player
//!   ([`VirtualTextPlayer::with_machine`]), and [`run_with`] runs the book's program with
//!   any machine (gamekit's strong one, for one: `gamekit play reversi_players --level strong`).
//! - [`Game`] returns the winner, and draws nothing until a viewer is selected (the book's
//!   would follow a null pointer).

#[path = "../../../starter/reversi_players/src/provided.rs"]
mod provided;
pub use provided::*;

mod board;
mod computer;
mod game;
mod human;
mod messages;
mod viewer;

pub use board::{Board, InvalidMove};
pub use computer::{VirtualPlayer, VirtualTextPlayer, corner_value};
pub use game::Game;
pub use human::HumanTextPlayer;
pub use viewer::BoardTextViewer;
