//! The code the assignment provides (the skeleton's `provided.h` and `main.cpp`). Do not
//! change it: the graded suite expects it exactly as it is handed out.
//!
//! - the constants [`VACANT`], [`RED`], [`BLACK`] and [`TIE_GAME`], with the spec's values;
//! - the [`Player`] trait, the interface every player implements;
//! - [`Error`], why a scaffold or a game cannot be made, or a game stopped;
//! - [`Random`], the pseudo-random numbers a [`BadPlayer`] draws;
//! - [`run`], the program behind the `connect-n` binary.
//!
//! Input and output go through a [`Terminal`]: one console shared by the game and its human
//! players, as a C++ program shares `cin` and `cout`.

use crate::{BadPlayer, Game, HumanPlayer, SmartPlayer};
use std::fmt;
use std::io::{self, Write};
use std::time::Duration;

pub use cin::{Screen, Terminal};

/// What [`Scaffold::checker_at`](crate::Scaffold::checker_at) says of an empty position.
pub const VACANT: i32 = -1;
/// The first player's colour; red checkers show as `R`.
pub const RED: i32 = 0;
/// The second player's colour; black checkers show as `B`.
pub const BLACK: i32 = 1;
/// The winner of a game that ended with the scaffold full and nobody N in a row.
pub const TIE_GAME: i32 = -1;

/// A player: a person at the terminal or a computer.
pub trait Player {
    /// The player's name.
    fn name(&self) -> &str;

    /// Whether a person chooses the moves (only [`HumanPlayer`] among the assignment's
    /// players).
    fn is_interactive(&self) -> bool {
        false
    }

    /// The column (from 1) this player would drop a checker of `color` into on `scaffold`,
    /// with N = `n` in a row to win; 0 when no move is possible (the scaffold is full, or a
    /// person's input has ended).
    fn choose_move(&mut self, scaffold: &crate::Scaffold, n: i32, color: i32) -> i32;
}

/// The pseudo-random numbers a [`BadPlayer`] draws (SplitMix64). Provided, so that a seed
/// plays the same game in every submission: the graded transcripts of bad players are
/// those games.
#[derive(Debug, Clone)]
pub struct Random {
    state: u64,
}

impl Random {
    /// The sequence that `seed` starts.
    pub fn new(seed: u64) -> Random {
        Random { state: seed }
    }

    /// The next number of the sequence, reduced to `0..bound`.
    ///
    /// # Panics
    /// When `bound` is 0.
    pub fn below(&mut self, bound: usize) -> usize {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % bound as u64) as usize
    }
}

/// Why a scaffold or a game cannot be made, or why a game stopped before its end.
#[derive(Debug)]
pub enum Error {
    /// A scaffold or game that cannot be: a size that is not positive or is too large, or
    /// N below 1.
    Size(String),
    /// The player whose turn it was gave no playable column (a person's input ended): the
    /// game stopped unfinished.
    NoMove(String),
    /// A bad command line, the console failed, or its input ended.
    Console(cin::Error),
}

impl Error {
    /// The exit status a program ends with: 2 for a bad command line or size, else 1.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Size(_) => 2,
            Error::NoMove(_) => 1,
            Error::Console(error) => error.exit_code(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Size(message) => write!(f, "{message}"),
            Error::NoMove(name) => write!(f, "{name} made no move: the game stopped unfinished"),
            Error::Console(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<cin::Error> for Error {
    fn from(error: cin::Error) -> Self {
        Error::Console(error)
    }
}

impl From<io::Error> for Error {
    fn from(error: io::Error) -> Self {
        Error::Console(cin::Error::Io(error))
    }
}

const USAGE: &str = "\
usage: connect-n [--columns C] [--levels L] [--n N] [--red KIND] [--black KIND]
                 [--seed S] [--budget SECONDS]
Without options: the course's main program (your name, then two games of 4 columns,
3 levels and 3 in a row against the computer, which goes first in the second).
With options: one game; KIND is human, bad or smart (red: human, black: smart unless
given); 4 columns, 3 levels, N = 3 unless given; --seed makes the bad players' moves
(default 0), --budget bounds a smart player's time per move (default 9.9).";

/// The `connect-n` program on `terminal`.
///
/// Without arguments it is the skeleton's `main`: it asks `What's your name?  `, plays a
/// game of 4 columns, 3 levels and N = 3 of that person (red) against a [`SmartPlayer`]
/// named `Computer`, then prints an empty line and `This time I'll go first.` and plays
/// again with the computer red. With options (see `connect-n --help`) it plays one game of
/// the chosen size between the chosen kinds of players, named `Red` and `Black`.
///
/// # Errors
/// [`Error::Console`] with a usage error for a bad command line, [`Error::Size`] for an
/// impossible game (nothing is printed then), and whatever [`Game::play`] returns.
pub fn run<I, S>(args: I, terminal: &Terminal) -> Result<(), Error>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let args: Vec<String> = args.into_iter().map(|arg| arg.as_ref().to_owned()).collect();
    if args.is_empty() {
        return course_main(terminal);
    }
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        writeln!(terminal.clone(), "{USAGE}")?;
        return Ok(());
    }
    let options = Options::parse(&args)?;
    let mut red = options.red.player("Red", terminal, &options, 0);
    let mut black = options.black.player("Black", terminal, &options, 1);
    let mut game = Game::new(options.columns, options.levels, options.n, red.as_mut(), black.as_mut())?;
    game.play(terminal)?;
    Ok(())
}

/// The skeleton's `main.cpp`.
fn course_main(terminal: &Terminal) -> Result<(), Error> {
    write!(terminal.clone(), "What's your name?  ")?;
    let name = terminal.console().read_line()?;
    let mut human = HumanPlayer::new(&name, terminal);
    let mut computer = SmartPlayer::new("Computer");
    Game::new(4, 3, 3, &mut human, &mut computer)?.play(terminal)?;
    write!(terminal.clone(), "\nThis time I'll go first.\n")?;
    Game::new(4, 3, 3, &mut computer, &mut human)?.play(terminal)?;
    Ok(())
}

/// A kind of player, as the command line names it.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Human,
    Bad,
    Smart,
}

impl Kind {
    fn player(self, name: &str, terminal: &Terminal, options: &Options, side: u64) -> Box<dyn Player> {
        match self {
            Kind::Human => Box::new(HumanPlayer::new(name, terminal)),
            Kind::Bad => Box::new(BadPlayer::with_seed(name, options.seed.wrapping_add(side))),
            Kind::Smart => Box::new(SmartPlayer::with_budget(name, options.budget)),
        }
    }
}

/// The options of a one-game run.
#[derive(Debug)]
struct Options {
    columns: i32,
    levels: i32,
    n: i32,
    red: Kind,
    black: Kind,
    seed: u64,
    budget: Duration,
}

impl Options {
    fn parse(args: &[String]) -> Result<Options, Error> {
        let usage = |problem: String| Error::Console(cin::Error::Usage(format!("{problem}\n{USAGE}")));
        let mut options = Options {
            columns: 4,
            levels: 3,
            n: 3,
            red: Kind::Human,
            black: Kind::Smart,
            seed: 0,
            budget: crate::DEFAULT_BUDGET,
        };
        let mut args = args.iter();
        while let Some(option) = args.next() {
            let value = args.next().ok_or_else(|| usage(format!("{option} needs a value")))?;
            let bad_value = || usage(format!("{option}: '{value}' is not a valid value"));
            match option.as_str() {
                "--columns" => options.columns = value.parse().map_err(|_| bad_value())?,
                "--levels" => options.levels = value.parse().map_err(|_| bad_value())?,
                "--n" => options.n = value.parse().map_err(|_| bad_value())?,
                "--seed" => options.seed = value.parse().map_err(|_| bad_value())?,
                "--budget" => {
                    options.budget = value
                        .parse::<f64>()
                        .ok()
                        .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
                        .ok_or_else(bad_value)?;
                }
                "--red" | "--black" => {
                    let kind = match value.as_str() {
                        "human" => Kind::Human,
                        "bad" => Kind::Bad,
                        "smart" => Kind::Smart,
                        _ => return Err(bad_value()),
                    };
                    if option == "--red" { options.red = kind } else { options.black = kind }
                }
                _ => return Err(usage(format!("unexpected argument '{option}'"))),
            }
        }
        Ok(options)
    }
}
