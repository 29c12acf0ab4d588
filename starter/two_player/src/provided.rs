//! The code the assignment provides: the chapter's signatures, as traits, and the two
//! programs. Do not change it: the graded suite expects it exactly as it is handed out.
//!
//! - [`Representation`] (the chapter's `REPRESENTATION`): a game's positions and moves;
//! - [`Evaluation`] (`EVAL`): how good a position is, and whether the game is over;
//! - [`Interface`] (`DISPLAY`, renamed so it does not clash with [`std::fmt::Display`]): how
//!   the game talks to the people playing it;
//! - [`State`]: won, lost, nil or continue, from one player's side;
//! - [`run_connect_four`] and [`run_stonehenge`], the programs behind the `connect-four`
//!   and `stonehenge` binaries.
//!
//! A player is a `bool`, as in the chapter: `true` is the first player, who moves first and
//! whom the evaluation favours with positive scores; `false` is the second.

use crate::{C4Eval, C4Text, Skeleton, StoneEval, StoneText};
use std::fmt;
use std::io::Write;

pub use cin::{Error, Screen, Terminal};

/// A game's positions and moves (the chapter's `REPRESENTATION`). Positions are values:
/// [`play`](Representation::play) returns a new one and leaves the old one as it was.
pub trait Representation: Clone + fmt::Debug {
    /// A move of the game.
    type Move: Copy + PartialEq + fmt::Debug;

    /// The position a game starts from.
    fn game_start() -> Self;

    /// The moves `player` may make in this position, in the game's documented order (the
    /// order in which the search tries them); empty when `player` cannot move.
    fn legal_moves(&self, player: bool) -> Vec<Self::Move>;

    /// The position after `player` makes `mv`, one of [`legal_moves`](Self::legal_moves).
    fn play(&self, player: bool, mv: Self::Move) -> Self;
}

/// A position's state for one player (the chapter's `G | P | N | C`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    /// The player has won (`G`, gagné).
    Won,
    /// The player has lost (`P`, perdu).
    Lost,
    /// The game is over and nobody won (`N`, nul).
    Nil,
    /// The game goes on (`C`, continue).
    Continue,
}

/// How good a position of [`Game`](Evaluation::Game) is (the chapter's `EVAL`): scores are
/// from the first player's side, between [`LESS_I`](Self::LESS_I) (the second player has
/// won) and [`MORE_I`](Self::MORE_I) (the first player has won).
///
/// An evaluation is a type of its own, not a method of the game, so that one game can be
/// played with several evaluations (the chapter's reason for two signatures).
pub trait Evaluation {
    /// The game this evaluation scores.
    type Game: Representation;

    /// The score of a position the first player has won.
    const MORE_I: i32;
    /// The score of a position the second player has won.
    const LESS_I: i32;

    /// The score of `game` when `player` is to move: [`MORE_I`](Self::MORE_I) or
    /// [`LESS_I`](Self::LESS_I) once a player has won, else an estimate strictly between.
    fn evaluate(player: bool, game: &Self::Game) -> i32;

    /// Whether the search stops at `game` with `player` to move: someone has won, or
    /// `player` cannot move.
    fn is_leaf(player: bool, game: &Self::Game) -> bool {
        let value = Self::evaluate(player, game);
        value == Self::MORE_I || value == Self::LESS_I || game.legal_moves(player).is_empty()
    }

    /// Whether `game` is quiet enough for the search to stop at its depth limit. Both of the
    /// chapter's games say always.
    fn is_stable(_player: bool, _game: &Self::Game) -> bool {
        true
    }

    /// The state of `game` for `player`, who has just moved: [`State::Won`] or
    /// [`State::Lost`] once someone has won, [`State::Nil`] when the other player cannot
    /// move, else [`State::Continue`].
    ///
    /// (The chapter asks whether `player` can still move: in Stonehenge the first player
    /// places its last stone one move before the end, which would end every game as a
    /// stalemate. The player who moves next is the one that matters.)
    fn state_of(player: bool, game: &Self::Game) -> State {
        let value = Self::evaluate(player, game);
        if value == Self::MORE_I {
            if player { State::Won } else { State::Lost }
        } else if value == Self::LESS_I {
            if player { State::Lost } else { State::Won }
        } else if game.legal_moves(!player).is_empty() {
            State::Nil
        } else {
            State::Continue
        }
    }
}

/// How a game talks to the people playing it (the chapter's `DISPLAY`). Every method may
/// print or read, so each returns the console's [`Error`] ([`Error::EndOfInput`] when the
/// input ends before an answer).
pub trait Interface {
    /// The game this interface shows.
    type Game: Representation;

    /// Greets the players, once, when the program starts.
    fn home(&mut self) -> Result<(), Error>;
    /// Says goodbye, once, when the program ends.
    fn exit(&mut self) -> Result<(), Error>;
    /// Announces that the first player won.
    fn won(&mut self) -> Result<(), Error>;
    /// Announces that the first player lost (the second won).
    fn lost(&mut self) -> Result<(), Error>;
    /// Announces that nobody won.
    fn nil(&mut self) -> Result<(), Error>;
    /// Shows the start of a new game.
    fn init(&mut self) -> Result<(), Error>;
    /// Shows that `player` made `mv`, which turned `old` into `new`.
    fn position(
        &mut self,
        player: bool,
        mv: <Self::Game as Representation>::Move,
        old: &Self::Game,
        new: &Self::Game,
    ) -> Result<(), Error>;
    /// Asks the person playing `player` for a move in `game` until they give a legal one.
    fn choice(&mut self, player: bool, game: &Self::Game) -> Result<<Self::Game as Representation>::Move, Error>;
    /// Asks whether a player (first the first, then the second) is the machine.
    fn q_player(&mut self) -> Result<bool, Error>;
    /// Asks whether to play another game.
    fn q_continue(&mut self) -> Result<bool, Error>;
}

/// The `connect-four` program on `terminal`: the chapter's text Connect Four, searching 4
/// moves deep unless `--depth` says otherwise.
///
/// # Errors
/// [`Error::Usage`] for a bad command line, [`Error::EndOfInput`] when the input ends before
/// the program does, [`Error::Io`] when the console fails.
pub fn run_connect_four<I, S>(args: I, terminal: &Terminal) -> Result<(), Error>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let Some(depth) = depth_option("connect-four", args, 4, terminal)? else { return Ok(()) };
    Skeleton::<C4Eval, _>::new(C4Text::new(terminal.clone()), depth).main()
}

/// The `stonehenge` program on `terminal`: Stonehenge as text, searching 2 moves deep unless
/// `--depth` says otherwise.
///
/// # Errors
/// As [`run_connect_four`].
pub fn run_stonehenge<I, S>(args: I, terminal: &Terminal) -> Result<(), Error>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let Some(depth) = depth_option("stonehenge", args, 2, terminal)? else { return Ok(()) };
    Skeleton::<StoneEval, _>::new(StoneText::new(terminal.clone()), depth).main()
}

/// The search depth the command line asks for (`--depth D`, 1 to 8), `default` without one;
/// `None` when it asked for `--help`, which is printed.
fn depth_option<I, S>(program: &str, args: I, default: i32, terminal: &Terminal) -> Result<Option<i32>, Error>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let usage = format!(
        "usage: {program} [--depth D]\nPlays {program} on the console, either side a person or the machine, \
         which searches D moves ahead (1 to 8, default {default})."
    );
    let args: Vec<String> = args.into_iter().map(|arg| arg.as_ref().to_owned()).collect();
    match args.as_slice() {
        [] => Ok(Some(default)),
        [help] if help == "--help" || help == "-h" => {
            writeln!(terminal.clone(), "{usage}")?;
            Ok(None)
        }
        [option, value] if option == "--depth" => match value.parse() {
            Ok(depth @ 1..=8) => Ok(Some(depth)),
            _ => Err(Error::Usage(format!("--depth takes a number from 1 to 8, not {value:?}\n{usage}"))),
        },
        _ => Err(Error::Usage(format!("unexpected arguments: {}\n{usage}", args.join(" ")))),
    }
}
