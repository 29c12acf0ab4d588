//! The `connect_n` crate as the judge sees it: the graded suite (`tests/connect_n/`)
//! compiles against this crate instead of the submission. The submission's scaffolds,
//! players and games live in its probe (`probe/` in this crate's directory, linked with the
//! submission and run in the sandbox); the values here are proxies that hold their numbers
//! and call them there. The suite's own players and terminals stay here: the probe calls
//! them back when the submission's game asks for a move or its human player reads.
//!
//! Only what the suite uses is here; the constants and the `Player` trait are the
//! handout's (`provided.rs`).
#![forbid(unsafe_code)]

use gamekit_probe::proxy::{Lender, Object, new_id};
use gamekit_probe::{Answers, Remote};
use std::cell::{OnceCell, RefCell};
use std::fmt;
use std::io::{self, Write};
use std::time::Duration;

pub use cin::{Screen, Terminal};

use cin::Error as ConsoleError;
#[path = "../calls.rs"]
#[macro_use]
mod calls;
#[path = "../../console.rs"]
mod console;
use calls::PlayerRef;
use gamekit_probe::wire::Convert;
#[path = "../../terminals/mod.rs"]
mod terminals;

pub const VACANT: i32 = -1;
pub const RED: i32 = 0;
pub const BLACK: i32 = 1;
pub const TIE_GAME: i32 = -1;

/// Makes call `C` of the submission's in the probe, answering its calls back meanwhile.
fn call<C: Remote>(arguments: &C::Arguments) -> C::Answer {
    gamekit_probe::answer_calls_back(called_back);
    gamekit_probe::call::<C>(arguments)
}

/// The handout's errors.
#[derive(Debug)]
pub enum Error {
    Size(String),
    NoMove(String),
    Console(cin::Error),
}

// The handout's errors, as they cross, to and from this crate's own.
conversions!(crate);

/// The submission's scaffold.
pub struct Scaffold {
    object: Object,
}

impl Scaffold {
    /// # Errors
    /// What the submission's `Scaffold::new` returned.
    pub fn new(columns: i32, levels: i32) -> Result<Scaffold, Error> {
        call::<calls::ScaffoldNew>(&(columns, levels))
            .map(|id| Scaffold { object: Object::owned(id) })
            .map_err(Convert::convert)
    }

    /// # Errors
    /// What the submission's `display` returned, or `out`'s error.
    pub fn display(&self, mut out: impl Write) -> io::Result<()> {
        let (printed, result) = call::<calls::ScaffoldDisplay>(&self.object.id());
        out.write_all(&printed)?;
        result.map_err(io::Error::other)
    }
}

impl gamekit_probe::proxy::Proxied for Scaffold {
    fn id(&self) -> u64 {
        self.object.id()
    }
}

// The scaffold's methods declared by their signature (`calls.rs`).
judge!();

impl fmt::Display for Scaffold {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&call::<calls::ScaffoldToString>(&self.object.id()))
    }
}

impl fmt::Debug for Scaffold {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&call::<calls::ScaffoldDebug>(&self.object.id()))
    }
}

impl Clone for Scaffold {
    fn clone(&self) -> Scaffold {
        Scaffold { object: Object::owned(call::<calls::ScaffoldClone>(&self.object.id())) }
    }
}

impl PartialEq for Scaffold {
    fn eq(&self, other: &Scaffold) -> bool {
        call::<calls::ScaffoldEq>(&(self.object.id(), other.object.id()))
    }
}

/// The handout's `Player`.
pub trait Player {
    fn name(&self) -> &str;

    fn is_interactive(&self) -> bool {
        false
    }

    fn choose_move(&mut self, scaffold: &Scaffold, n: i32, color: i32) -> i32;

    /// The kit's, not the handout's: the number in the probe of the submission's player that
    /// this is a proxy of; `None` for the suite's own players.
    #[doc(hidden)]
    fn in_probe(&self) -> Option<u64> {
        None
    }
}

/// One of the submission's players, in the probe.
struct RemotePlayer {
    object: Object,
    name: OnceCell<String>,
}

impl RemotePlayer {
    fn new(id: u64) -> RemotePlayer {
        RemotePlayer { object: Object::owned(id), name: OnceCell::new() }
    }
}

macro_rules! players {
    ($($player:ident)*) => {$(
        /// The submission's player of that name.
        pub struct $player(RemotePlayer);

        impl Player for $player {
            /// Asked once: a player's name does not change.
            fn name(&self) -> &str {
                self.0.name.get_or_init(|| call::<calls::PlayerName>(&self.0.object.id()))
            }

            fn is_interactive(&self) -> bool {
                call::<calls::PlayerIsInteractive>(&self.0.object.id())
            }

            fn choose_move(&mut self, scaffold: &Scaffold, n: i32, color: i32) -> i32 {
                call::<calls::PlayerChooseMove>(&(self.0.object.id(), scaffold.object.id(), n, color))
            }

            fn in_probe(&self) -> Option<u64> {
                Some(self.0.object.id())
            }
        }
    )*};
}
players!(HumanPlayer BadPlayer SmartPlayer);

impl HumanPlayer {
    pub fn new(name: &str, terminal: &Terminal) -> HumanPlayer {
        let terminal = terminals::judge::lend(terminal);
        HumanPlayer(RemotePlayer::new(call::<calls::HumanPlayerNew>(&(name.to_owned(), terminal))))
    }
}

impl BadPlayer {
    pub fn new(name: &str) -> BadPlayer {
        BadPlayer(RemotePlayer::new(call::<calls::BadPlayerNew>(&name.to_owned())))
    }

    pub fn with_seed(name: &str, seed: u64) -> BadPlayer {
        BadPlayer(RemotePlayer::new(call::<calls::BadPlayerWithSeed>(&(name.to_owned(), seed))))
    }
}

impl SmartPlayer {
    pub fn new(name: &str) -> SmartPlayer {
        SmartPlayer(RemotePlayer::new(call::<calls::SmartPlayerNew>(&name.to_owned())))
    }

    pub fn with_budget(name: &str, budget: Duration) -> SmartPlayer {
        let nanoseconds = u64::try_from(budget.as_nanos()).unwrap_or(u64::MAX);
        SmartPlayer(RemotePlayer::new(call::<calls::SmartPlayerWithBudget>(&(name.to_owned(), nanoseconds))))
    }
}

/// The submission's game, between players of the submission's or of the suite's.
pub struct Game<'a> {
    object: Object,
    players: Players<'a>,
}

impl<'a> Game<'a> {
    /// # Errors
    /// What the submission's `Game::new` returned.
    pub fn new(
        columns: i32,
        levels: i32,
        n: i32,
        red: &'a mut dyn Player,
        black: &'a mut dyn Player,
    ) -> Result<Game<'a>, Error> {
        let ((red, red_lent), (black, black_lent)) = (player(red), player(black));
        let players = Players(RefCell::new([red_lent, black_lent]));
        let id =
            players.lending(|| call::<calls::GameNew>(&(columns, levels, n, red, black))).map_err(Convert::convert)?;
        Ok(Game { object: Object::owned(id), players })
    }

    /// Makes call `C` on the game in the probe, its players lent meanwhile.
    fn call<C: Remote>(&self, arguments: &C::Arguments) -> C::Answer {
        self.players.lending(|| call::<C>(arguments))
    }

    pub fn completed(&self) -> Option<i32> {
        self.call::<calls::GameCompleted>(&self.object.id())
    }

    pub fn take_turn(&mut self) -> bool {
        self.call::<calls::GameTakeTurn>(&self.object.id())
    }

    /// # Errors
    /// What the submission's `play` returned.
    pub fn play(&mut self, terminal: &Terminal) -> Result<i32, Error> {
        self.call::<calls::GamePlay>(&(self.object.id(), terminals::judge::lend(terminal))).map_err(Convert::convert)
    }

    pub fn checker_at(&self, column: i32, level: i32) -> i32 {
        self.call::<calls::GameCheckerAt>(&(self.object.id(), column, level))
    }
}

/// The handout's `run` with the submission's game, played in the probe on `terminal`.
///
/// # Errors
/// What the submission's `run` returned.
pub fn run<I, S>(args: I, terminal: &Terminal) -> Result<(), Error>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let args: Vec<String> = args.into_iter().map(|arg| arg.as_ref().to_owned()).collect();
    call::<calls::Run>(&(args, terminals::judge::lend(terminal))).map_err(Convert::convert)
}

thread_local! {
    /// The suite's players that games of the submission's borrow.
    static PLAYERS: Lender<dyn Player> = Lender::default();
}

/// One of the suite's players that a game borrows, and its number in the probe.
type Borrowed<'a> = (u64, &'a mut dyn Player);

/// `player` as the probe's game takes it, and what the game must lend the probe of it: the
/// suite's player with its number (a player of the submission's is in the probe already).
fn player(player: &mut dyn Player) -> (PlayerRef, Option<Borrowed<'_>>) {
    if let Some(id) = player.in_probe() {
        return ((false, id, String::new(), false), None);
    }
    let (id, name, interactive) = (new_id(), player.name().to_owned(), player.is_interactive());
    ((true, id, name, interactive), Some((id, player)))
}

/// The suite's players a game borrows (`None` for one of the submission's, which the game in
/// the probe holds itself: borrowed here all the same, so the suite cannot use it
/// meanwhile). They are lent to the probe for each call on the game, which may ask one for
/// a move, and only then: so no loan outlives the borrow.
struct Players<'a>(RefCell<[Option<Borrowed<'a>>; 2]>);

impl Players<'_> {
    /// Runs `f` with the suite's players lent to the probe.
    fn lending<R>(&self, f: impl FnOnce() -> R) -> R {
        let mut players = self.0.borrow_mut();
        let [red, black] = &mut *players;
        lending(red, || lending(black, f))
    }
}

/// Runs `f` with `player`, if it is one of the suite's, lent to the probe as its number.
fn lending<'a, R>(player: &mut Option<Borrowed<'a>>, f: impl FnOnce() -> R) -> R {
    let Some((id, player)) = player else { return f() };
    gamekit_probe::lending!(&PLAYERS, *id, &mut **player, f, dyn Player)
}

/// The judge's answers to the probe's calls back: the suite's players, and its terminals.
fn called_back(answers: Answers) -> Answers {
    let answers = answers
        .on::<calls::back::PlayerChooseMove>(|(player, scaffold, n, color)| choose_move(player, scaffold, n, color));
    terminals::judge::answers(answers)
}

/// The suite's `player` asked for a move on the probe's `scaffold` (lent for the call).
fn choose_move(player: u64, scaffold: u64, n: i32, color: i32) -> Option<i32> {
    let scaffold = Scaffold { object: Object::lent(scaffold) };
    PLAYERS.with(|players| players.with(player, |player| player.choose_move(&scaffold, n, color)))
}

gamekit_probe::answers_exactly!(called_back, calls::back::names(), terminals::calls::names());
