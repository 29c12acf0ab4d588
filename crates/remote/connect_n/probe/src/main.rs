//! The connect_n probe: linked with the submission's `connect_n` crate and run in the
//! sandbox, it keeps the submission's scaffolds, players and games (the judge holds their
//! numbers), calls them as the judge asks and answers with what they returned. The suite's
//! players and terminals stay in the judge: stand-ins here call them back. It decides
//! nothing.

use connect_n::{BadPlayer, Game, HumanPlayer, Player, Scaffold, SmartPlayer};
use gamekit_probe::objects::{self, keep, with};
use gamekit_probe::wire::{decode, encode};
use std::cell::OnceCell;
use std::time::Duration;

use cin::Error as ConsoleError;
#[path = "../../../console.rs"]
mod console;
#[path = "../../shared.rs"]
#[allow(dead_code)]
mod shared;
use shared::{ErrorWire, PlayerRef};

#[path = "../../../terminals/mod.rs"]
mod terminals;
use terminals::TerminalRef;

fn main() {
    terminals::probe::serve(dispatch);
}

/// A player of the submission's, as kept.
type Kept = Box<dyn Player>;

fn error(error: connect_n::Error) -> ErrorWire {
    match error {
        connect_n::Error::Size(message) => (shared::SIZE, message),
        connect_n::Error::NoMove(message) => (shared::NO_MOVE, message),
        connect_n::Error::Console(error) => {
            let (kind, message) = console::wire(error);
            (shared::CONSOLE + kind, message)
        }
    }
}

fn dispatch(function: &str, arguments: &[u8]) -> Option<Vec<u8>> {
    Some(match function {
        "Scaffold::new" => {
            let (columns, levels) = decode::<(i32, i32)>(arguments)?;
            encode(&Scaffold::new(columns, levels).map(keep).map_err(error))
        }
        "Scaffold::cols" => encode(&seen(decode(arguments)?, |s| s.cols())?),
        "Scaffold::levels" => encode(&seen(decode(arguments)?, |s| s.levels())?),
        "Scaffold::number_empty" => encode(&seen(decode(arguments)?, |s| s.number_empty())?),
        "Scaffold::checker_at" => {
            let (id, column, level) = decode::<(u64, i32, i32)>(arguments)?;
            encode(&seen(id, |s| s.checker_at(column, level))?)
        }
        "Scaffold::display" => encode(&seen(decode(arguments)?, |s| {
            let mut printed = gamekit_probe::Capped::new();
            let result = s.display(&mut printed).map_err(|error| error.to_string());
            (printed.bytes, result)
        })?),
        "Scaffold::make_move" => {
            let (id, column, color) = decode::<(u64, i32, i32)>(arguments)?;
            encode(&with(id, |s: &mut Scaffold| s.make_move(column, color))?)
        }
        "Scaffold::undo_move" => encode(&with(decode(arguments)?, |s: &mut Scaffold| s.undo_move())?),
        "Scaffold::to_string" => encode(&seen(decode(arguments)?, |s| s.to_string())?),
        "Scaffold::debug" => encode(&seen(decode(arguments)?, |s| format!("{s:?}"))?),
        "Scaffold::clone" => encode(&keep(seen(decode(arguments)?, Scaffold::clone)?)),
        "Scaffold::eq" => {
            let (id, other) = decode::<(u64, u64)>(arguments)?;
            encode(&seen(id, |s| seen(other, |other| s == other))??)
        }
        "HumanPlayer::new" => {
            let (name, terminal) = decode::<(String, TerminalRef)>(arguments)?;
            encode(&keep::<Kept>(Box::new(HumanPlayer::new(&name, &terminals::probe::lent(terminal)))))
        }
        "BadPlayer::new" => encode(&keep::<Kept>(Box::new(BadPlayer::new(&decode::<String>(arguments)?)))),
        "BadPlayer::with_seed" => {
            let (name, seed) = decode::<(String, u64)>(arguments)?;
            encode(&keep::<Kept>(Box::new(BadPlayer::with_seed(&name, seed))))
        }
        "SmartPlayer::new" => encode(&keep::<Kept>(Box::new(SmartPlayer::new(&decode::<String>(arguments)?)))),
        "SmartPlayer::with_budget" => {
            let (name, nanoseconds) = decode::<(String, u64)>(arguments)?;
            encode(&keep::<Kept>(Box::new(SmartPlayer::with_budget(&name, Duration::from_nanos(nanoseconds)))))
        }
        "Player::name" => encode(&with(decode(arguments)?, |p: &mut Kept| p.name().to_owned())?),
        "Player::is_interactive" => encode(&with(decode(arguments)?, |p: &mut Kept| p.is_interactive())?),
        "Player::choose_move" => {
            let (id, scaffold, n, color) = decode::<(u64, u64, i32, i32)>(arguments)?;
            encode(&seen(scaffold, |s| with(id, |p: &mut Kept| p.choose_move(s, n, color)))??)
        }
        "Game::new" => {
            let (columns, levels, n, red, black) = decode::<(i32, i32, i32, PlayerRef, PlayerRef)>(arguments)?;
            let game = Game::new(columns, levels, n, player(red)?, player(black)?);
            encode(&game.map(keep).map_err(error))
        }
        "Game::completed" => encode(&with(decode(arguments)?, |g: &mut Game<'static>| g.completed())?),
        "Game::take_turn" => encode(&with(decode(arguments)?, |g: &mut Game<'static>| g.take_turn())?),
        "Game::play" => {
            let (id, terminal) = decode::<(u64, TerminalRef)>(arguments)?;
            let terminal = terminals::probe::lent(terminal);
            encode(&with(id, |g: &mut Game<'static>| g.play(&terminal).map_err(error))?)
        }
        "Game::checker_at" => {
            let (id, column, level) = decode::<(u64, i32, i32)>(arguments)?;
            encode(&with(id, |g: &mut Game<'static>| g.checker_at(column, level))?)
        }
        "run" => {
            let (args, terminal) = decode::<(Vec<String>, TerminalRef)>(arguments)?;
            encode(&connect_n::run(args, &terminals::probe::lent(terminal)).map_err(error))
        }
        _ => return None,
    })
}

/// Calls `f` with scaffold `id`: one kept here, or one lent for a call back.
fn seen<R>(id: u64, f: impl FnOnce(&Scaffold) -> R) -> Option<R> {
    objects::seen(id, f)
}

/// A player as a game takes it: a stand-in for one of the submission's kept here, or for
/// one of the suite's. A few bytes a game, kept until the probe ends: simpler than freeing
/// them after the game that borrows them.
fn player((suites, id, name, interactive): PlayerRef) -> Option<&'static mut dyn Player> {
    if suites {
        return Some(Box::leak(Box::new(Suites { id, name, interactive })));
    }
    Some(Box::leak(Box::new(Submissions { player: objects::hold(id)?, name: OnceCell::new() })))
}

/// A player of the submission's kept here, held by a game: borrowed for each of the game's
/// uses (the judge's game proxy borrows the player's for as long as the game lives, so
/// nothing else uses it meanwhile).
struct Submissions {
    player: objects::Held<Kept>,
    /// The player's name, asked once: the game borrows it from here.
    name: OnceCell<String>,
}

impl Player for Submissions {
    fn name(&self) -> &str {
        self.name.get_or_init(|| self.player.seen(|player| player.name().to_owned()))
    }

    fn is_interactive(&self) -> bool {
        self.player.seen(|player| player.is_interactive())
    }

    fn choose_move(&mut self, scaffold: &Scaffold, n: i32, color: i32) -> i32 {
        self.player.with(|player| player.choose_move(scaffold, n, color))
    }
}

/// A player of the suite's: the judge is called back for its moves.
struct Suites {
    id: u64,
    name: String,
    interactive: bool,
}

impl Player for Suites {
    fn name(&self) -> &str {
        &self.name
    }

    fn is_interactive(&self) -> bool {
        self.interactive
    }

    fn choose_move(&mut self, scaffold: &Scaffold, n: i32, color: i32) -> i32 {
        objects::lending(scaffold, |lent| {
            terminals::probe::sync();
            gamekit_probe::call_back("Player::choose_move", &(self.id, lent, n, color))
        })
    }
}
