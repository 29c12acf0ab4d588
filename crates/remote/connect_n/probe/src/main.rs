//! The connect_n probe: linked with the submission's `connect_n` crate and run in the
//! sandbox, it keeps the submission's scaffolds, players and games (the judge holds their
//! numbers), calls them as the judge asks and answers with what they returned. The suite's
//! players and terminals stay in the judge: stand-ins here call them back. It decides
//! nothing.
#![forbid(unsafe_code)]

use connect_n::{BadPlayer, Game, HumanPlayer, Player, Scaffold, SmartPlayer};
use gamekit_probe::Answers;
use gamekit_probe::objects::{self, keep, with};
use std::cell::OnceCell;
use std::time::Duration;

use cin::Error as ConsoleError;
#[path = "../../calls.rs"]
#[macro_use]
mod calls;
#[path = "../../../console.rs"]
mod console;
use calls::PlayerRef;
use gamekit_probe::wire::Convert;

// The handout's errors, as they cross, to and from the submission's.
conversions!(connect_n);

#[path = "../../../terminals/mod.rs"]
mod terminals;

fn main() {
    terminals::probe::serve(answers);
}

/// A player of the submission's, as kept.
type Kept = Box<dyn Player>;

/// The calls the judge makes, each answered with the submission's function on its objects
/// kept here: those declared by a signature as `calls.rs` writes them, the others here.
fn answers(answers: Answers) -> Answers {
    answers!(connect_n)(answers)
        .on::<calls::ScaffoldNew>(|(columns, levels)| {
            Some(Scaffold::new(columns, levels).map(keep).map_err(Convert::convert))
        })
        .on::<calls::ScaffoldDisplay>(|id| {
            seen(id, |s| {
                let mut printed = gamekit_probe::Capped::new();
                let result = s.display(&mut printed).map_err(|error| error.to_string());
                (printed.bytes, result)
            })
        })
        .on::<calls::ScaffoldToString>(|id| seen(id, |s| s.to_string()))
        .on::<calls::ScaffoldDebug>(|id| seen(id, |s| format!("{s:?}")))
        .on::<calls::ScaffoldClone>(|id| Some(keep(seen(id, Scaffold::clone)?)))
        .on::<calls::ScaffoldEq>(|(id, other)| seen(id, |s| seen(other, |other| s == other))?)
        .on::<calls::HumanPlayerNew>(|(name, terminal)| {
            Some(keep::<Kept>(Box::new(HumanPlayer::new(&name, &terminals::probe::lent(terminal)))))
        })
        .on::<calls::BadPlayerNew>(|name| Some(keep::<Kept>(Box::new(BadPlayer::new(&name)))))
        .on::<calls::BadPlayerWithSeed>(|(name, seed)| Some(keep::<Kept>(Box::new(BadPlayer::with_seed(&name, seed)))))
        .on::<calls::SmartPlayerNew>(|name| Some(keep::<Kept>(Box::new(SmartPlayer::new(&name)))))
        .on::<calls::SmartPlayerWithBudget>(|(name, nanoseconds)| {
            Some(keep::<Kept>(Box::new(SmartPlayer::with_budget(&name, Duration::from_nanos(nanoseconds)))))
        })
        .on::<calls::PlayerName>(|id| with(id, |p: &mut Kept| p.name().to_owned()))
        .on::<calls::PlayerIsInteractive>(|id| with(id, |p: &mut Kept| p.is_interactive()))
        .on::<calls::PlayerChooseMove>(|(id, scaffold, n, color)| {
            seen(scaffold, |s| with(id, |p: &mut Kept| p.choose_move(s, n, color)))?
        })
        .on::<calls::GameNew>(|(columns, levels, n, red, black)| {
            let game = Game::new(columns, levels, n, player(red)?, player(black)?);
            Some(game.map(keep).map_err(Convert::convert))
        })
        .on::<calls::GameCompleted>(|id| with(id, |g: &mut Game<'static>| g.completed()))
        .on::<calls::GameTakeTurn>(|id| with(id, |g: &mut Game<'static>| g.take_turn()))
        .on::<calls::GamePlay>(|(id, terminal)| {
            let terminal = terminals::probe::lent(terminal);
            with(id, |g: &mut Game<'static>| g.play(&terminal).map_err(Convert::convert))
        })
        .on::<calls::GameCheckerAt>(|(id, column, level)| with(id, |g: &mut Game<'static>| g.checker_at(column, level)))
        .on::<calls::Run>(|(args, terminal)| {
            Some(connect_n::run(args, &terminals::probe::lent(terminal)).map_err(Convert::convert))
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
            gamekit_probe::call_back::<calls::back::PlayerChooseMove>(&(self.id, lent, n, color))
        })
    }
}

gamekit_probe::answers_exactly!(answers, calls::names());
