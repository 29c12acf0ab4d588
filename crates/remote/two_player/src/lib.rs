//! The `two_player` crate as the judge sees it: the graded suite (`tests/two_player/`)
//! compiles against this crate instead of the submission. The submission's positions, text
//! interfaces and skeletons live in its probe (`probe/` in this crate's directory, linked
//! with the submission and run in the sandbox); the values here are proxies that hold their
//! numbers and call them there, and keep what it answered about a position (positions are
//! values: each answer stays true).
//!
//! The suite's own games and interfaces stay here. `alphabeta::<E>` on a game of the
//! suite's lends it to the probe, whose stand-in game calls back for every move, so the
//! suite's game makes and counts each one; a `Skeleton` lends the probe its interface. The
//! suite's terminals are lent as connect_n's are.
//!
//! Only what the suite uses is here; the traits and constants are the handout's
//! (`provided.rs`), with two hidden additions of the kit's: [`Evaluation::searched_in_the_probe`]
//! and [`InProbe`], for what a generic function here must tell apart.
#![forbid(unsafe_code)]

use gamekit_probe::proxy::Lender;
use gamekit_probe::{Answers, Remote};
use std::cell::OnceCell;
use std::fmt;
use std::marker::PhantomData;

pub use cin::{Error, Screen, Terminal};

use cin::Error as ConsoleError;
#[path = "../../console.rs"]
mod console;
use console::WireError;
#[path = "../calls.rs"]
#[macro_use]
mod calls;
use calls::{Released, skeleton, text};
use gamekit_probe::wire::Convert;

// The handout's types, as they cross, to and from this crate's own.
conversions!(crate);
#[path = "../../terminals/mod.rs"]
mod terminals;

mod games;
mod lent;
mod position;
pub use games::{C4Eval, Cell, ConnectFour, StoneEval, StoneMove, Stonehenge};
use position::Object;

pub const COL: usize = 7;
pub const ROW: usize = 6;
pub const VALUE: [i32; 4] = [0, 2, 10, 50];
pub const PLACES: usize = 18;
pub const LINES: [&[usize]; 15] = [
    &[0, 1],
    &[2, 3, 4],
    &[5, 6, 7, 8],
    &[9, 10, 11, 12, 13],
    &[14, 15, 16, 17],
    &[0, 2, 5, 9],
    &[1, 3, 6, 10, 14],
    &[4, 7, 11, 15],
    &[8, 12, 16],
    &[13, 17],
    &[9, 14],
    &[5, 10, 15],
    &[2, 6, 11, 16],
    &[0, 3, 7, 12, 17],
    &[1, 4, 8, 13],
];
pub const STONES: [u32; 9] = [6, 5, 4, 3, 3, 2, 2, 1, 1];
pub const LINES_TO_WIN: usize = 8;

/// Makes call `C` of the submission's in the probe, answering its calls back meanwhile.
fn call<C: Remote>(arguments: C::Arguments) -> C::Answer {
    try_call::<C>(arguments).unwrap_or_else(|message| gamekit_probe::panicked::<C>(&message))
}

/// Like [`call`], but a panic of the submission's code is an `Err` with its message.
fn try_call<C: Remote>(arguments: C::Arguments) -> Result<C::Answer, String> {
    gamekit_probe::answer_calls_back(called_back);
    gamekit_probe::try_call::<Released<C>>(&(position::released(), arguments))
}

/// The judge's answers to the probe's calls back: the suite's games and interfaces lent for
/// a call, and its terminals.
fn called_back(answers: Answers) -> Answers {
    terminals::judge::answers(lent::answers(answers))
}

/// The handout's `Representation`.
pub trait Representation: Clone + fmt::Debug {
    type Move: Copy + PartialEq + fmt::Debug;
    fn game_start() -> Self;
    fn legal_moves(&self, player: bool) -> Vec<Self::Move>;
    fn play(&self, player: bool, mv: Self::Move) -> Self;
}

/// The handout's `State`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    Won,
    Lost,
    Nil,
    Continue,
}

/// The handout's `Evaluation`, its provided methods as the handout provides them.
pub trait Evaluation {
    type Game: Representation;
    const MORE_I: i32;
    const LESS_I: i32;

    fn evaluate(player: bool, game: &Self::Game) -> i32;

    fn is_leaf(player: bool, game: &Self::Game) -> bool {
        let value = Self::evaluate(player, game);
        value == Self::MORE_I || value == Self::LESS_I || game.legal_moves(player).is_empty()
    }

    fn is_stable(_player: bool, _game: &Self::Game) -> bool {
        true
    }

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

    /// The kit's, not the handout's: the submission's `alphabeta` with this evaluation, made
    /// in the probe on its own game; `None` for the suite's evaluations, whose games are
    /// lent to the probe instead.
    #[doc(hidden)]
    fn searched_in_the_probe(_depth: i32, _player: bool, _game: &Self::Game) -> Option<Option<MoveOf<Self>>> {
        None
    }
}

/// The handout's `MoveOf`.
pub type MoveOf<E> = <<E as Evaluation>::Game as Representation>::Move;

/// The submission's `alphabeta`: on its own games, made in the probe; on the suite's, with
/// the game lent to the probe (every move it makes is made here, by the suite's game).
pub fn alphabeta<E: Evaluation>(depth: i32, player: bool, game: &E::Game) -> Option<MoveOf<E>> {
    E::searched_in_the_probe(depth, player, game).unwrap_or_else(|| lent::alphabeta::<E>(depth, player, game))
}

/// The handout's `Interface`.
pub trait Interface {
    type Game: Representation;
    fn home(&mut self) -> Result<(), Error>;
    fn exit(&mut self) -> Result<(), Error>;
    fn won(&mut self) -> Result<(), Error>;
    fn lost(&mut self) -> Result<(), Error>;
    fn nil(&mut self) -> Result<(), Error>;
    fn init(&mut self) -> Result<(), Error>;
    fn position(
        &mut self,
        player: bool,
        mv: <Self::Game as Representation>::Move,
        old: &Self::Game,
        new: &Self::Game,
    ) -> Result<(), Error>;
    fn choice(&mut self, player: bool, game: &Self::Game) -> Result<<Self::Game as Representation>::Move, Error>;
    fn q_player(&mut self) -> Result<bool, Error>;
    fn q_continue(&mut self) -> Result<bool, Error>;
}

/// The kit's, not the handout's: a game of the handout's, whose positions are kept in the
/// probe (so that one can cross as its number, and a move as plain data).
#[doc(hidden)]
pub trait InProbe: Representation + 'static {
    /// The calls on it.
    type Calls: calls::Game;
    fn kept(id: u64) -> Self;
    fn number(&self) -> u64;
    fn put(mv: Self::Move) -> <Self::Calls as calls::Game>::MoveWire;
    fn take(wire: <Self::Calls as calls::Game>::MoveWire) -> Self::Move;
    /// The suite's interfaces to it lent to the probe (a skeleton's display), by their
    /// numbers.
    fn shown() -> &'static std::thread::LocalKey<Lender<dyn Interface<Game = Self>>>;
}

/// How the calls name game `G` and carry its moves (`calls::C4`, `calls::Stones`).
type Calls<G> = <G as InProbe>::Calls;

/// A text interface of the submission's, on one of the suite's terminals.
macro_rules! text {
    ($text:ident $game:ident) => {
        /// The submission's text interface.
        pub struct $text {
            object: Object,
        }

        impl $text {
            pub fn new(terminal: Terminal) -> Self {
                let id = call::<text::New<Calls<$game>>>(terminals::judge::lend(&terminal));
                $text { object: Object(id) }
            }
        }

        impl Interface for $text {
            type Game = $game;

            fn home(&mut self) -> Result<(), Error> {
                call::<text::Home<Calls<$game>>>(self.object.0).map_err(Convert::convert)
            }

            fn exit(&mut self) -> Result<(), Error> {
                call::<text::Exit<Calls<$game>>>(self.object.0).map_err(Convert::convert)
            }

            fn won(&mut self) -> Result<(), Error> {
                call::<text::Won<Calls<$game>>>(self.object.0).map_err(Convert::convert)
            }

            fn lost(&mut self) -> Result<(), Error> {
                call::<text::Lost<Calls<$game>>>(self.object.0).map_err(Convert::convert)
            }

            fn nil(&mut self) -> Result<(), Error> {
                call::<text::Nil<Calls<$game>>>(self.object.0).map_err(Convert::convert)
            }

            fn init(&mut self) -> Result<(), Error> {
                call::<text::Init<Calls<$game>>>(self.object.0).map_err(Convert::convert)
            }

            fn position(
                &mut self,
                player: bool,
                mv: <$game as Representation>::Move,
                old: &$game,
                new: &$game,
            ) -> Result<(), Error> {
                let arguments = (self.object.0, player, <$game as InProbe>::put(mv), old.number(), new.number());
                call::<text::Position<Calls<$game>>>(arguments).map_err(Convert::convert)
            }

            fn choice(&mut self, player: bool, game: &$game) -> Result<<$game as Representation>::Move, Error> {
                let chosen = call::<text::Choice<Calls<$game>>>((self.object.0, player, game.number()));
                chosen.map(<$game as InProbe>::take).map_err(Convert::convert)
            }

            fn q_player(&mut self) -> Result<bool, Error> {
                call::<text::QPlayer<Calls<$game>>>(self.object.0).map_err(Convert::convert)
            }

            fn q_continue(&mut self) -> Result<bool, Error> {
                call::<text::QContinue<Calls<$game>>>(self.object.0).map_err(Convert::convert)
            }
        }
    };
}

text!(C4Text ConnectFour);
text!(StoneText Stonehenge);

impl C4Text {
    /// # Errors
    /// What the submission's `print_game` returned.
    pub fn print_game(&mut self, game: &ConnectFour) -> Result<(), Error> {
        call::<calls::PrintGame>((self.object.0, game.number())).map_err(Convert::convert)
    }
}

/// The submission's skeleton, made in the probe with one of the handout's evaluations, and
/// showing its games through `D`, an interface of the suite's that stays here and is lent
/// to the probe while the skeleton runs.
pub struct Skeleton<E: Evaluation, D> {
    object: Object,
    display: D,
    /// The display's number, as lent.
    number: u64,
    /// The skeleton's position, once asked (until it moves again).
    game: OnceCell<E::Game>,
    evaluation: PhantomData<E>,
}

impl<E, D> Skeleton<E, D>
where
    E: Evaluation<Game: InProbe>,
    D: Interface<Game = E::Game>,
{
    pub fn new(mut display: D, depth: i32) -> Self {
        let number = lent::number();
        let id = lent::showing(number, &mut display, || call::<skeleton::New<Calls<E::Game>>>((number, depth)));
        Skeleton { object: Object(id), display, number, game: OnceCell::new(), evaluation: PhantomData }
    }

    pub fn game(&self) -> &E::Game {
        self.game.get_or_init(|| E::Game::kept(call::<skeleton::Game<Calls<E::Game>>>(self.object.0)))
    }

    /// # Errors
    /// What the submission's `main` returned.
    pub fn main(&mut self) -> Result<(), Error> {
        self.run::<skeleton::Main<Calls<E::Game>>>(self.object.0).map_err(Convert::convert)
    }

    /// # Errors
    /// What the submission's `play_h` returned.
    pub fn play_h(&mut self, player: bool) -> Result<State, Error> {
        let played = self.run::<skeleton::PlayH<Calls<E::Game>>>((self.object.0, player));
        played.map(Convert::convert).map_err(Convert::convert)
    }

    /// # Errors
    /// What the submission's `play_m` returned.
    pub fn play_m(&mut self, player: bool) -> Result<State, Error> {
        let played = self.run::<skeleton::PlayM<Calls<E::Game>>>((self.object.0, player));
        played.map(Convert::convert).map_err(Convert::convert)
    }

    /// Makes call `C` on the skeleton with the display lent: it may move.
    fn run<C: Remote>(&mut self, arguments: C::Arguments) -> C::Answer {
        self.game.take();
        lent::showing(self.number, &mut self.display, || call::<C>(arguments))
    }
}

/// The handout's `run_connect_four`: the submission's program, run in the probe on
/// `terminal`.
///
/// # Errors
/// What it returned.
pub fn run_connect_four<I, S>(args: I, terminal: &Terminal) -> Result<(), Error>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    program::<calls::RunConnectFour>(args, terminal)
}

/// The handout's `run_stonehenge`, as [`run_connect_four`].
///
/// # Errors
/// What it returned.
pub fn run_stonehenge<I, S>(args: I, terminal: &Terminal) -> Result<(), Error>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    program::<calls::RunStonehenge>(args, terminal)
}

/// Runs program `C` of the handout's in the probe, on `terminal`.
fn program<C>(args: impl IntoIterator<Item = impl AsRef<str>>, terminal: &Terminal) -> Result<(), Error>
where
    C: Remote<Arguments = (Vec<String>, terminals::TerminalRef), Answer = Result<(), WireError>>,
{
    let args: Vec<String> = args.into_iter().map(|arg| arg.as_ref().to_owned()).collect();
    call::<C>((args, terminals::judge::lend(terminal))).map_err(Convert::convert)
}

gamekit_probe::answers_exactly!(
    called_back,
    calls::back::names(),
    calls::back::interface::names::<calls::C4>(),
    calls::back::interface::names::<calls::Stones>(),
    terminals::calls::names(),
);
