//! The two_player probe: linked with the submission's `two_player` crate and run in the
//! sandbox, it keeps the submission's positions, text interfaces and skeletons (the judge
//! holds their numbers), calls them as the judge asks and answers with what they returned.
//! The suite's own games and interfaces stay in the judge: stand-ins here call them back
//! when the submission's search or skeleton uses them. It decides nothing.

use gamekit_probe::objects::{self, keep, seen, with};
use gamekit_probe::wire::{Wire, decode, encode};
use std::fmt;
use std::marker::PhantomData;
use two_player::{
    C4Eval, C4Text, COL, Cell, ConnectFour, Error, Evaluation, Interface, LINES, PLACES, ROW, Representation, Skeleton,
    State, StoneEval, StoneMove, StoneText, Stonehenge, Terminal,
};

use two_player::Error as ConsoleError;
#[path = "../../../console.rs"]
mod console;
use console::{Wire as ErrorWire, unwire, wire as wire_error};
#[path = "../../shared.rs"]
#[allow(dead_code)]
mod shared;
use shared::{C4View, Expansion, Facts, StoneMoveWire, StoneView};

#[path = "../../../terminals/mod.rs"]
mod terminals;
use terminals::TerminalRef;

mod lent;

fn main() {
    terminals::probe::serve(dispatch);
}

/// Answers a call: every call begins with the numbers of the positions the judge has let go
/// of since its last one (a release a round trip would double the cost of a search).
fn dispatch(function: &str, mut arguments: &[u8]) -> Option<Vec<u8>> {
    Vec::<u64>::take(&mut arguments)?.into_iter().for_each(objects::release);
    let (kind, method) = function.split_once("::")?;
    match kind {
        "ConnectFour" => position::<ConnectFour>(method, arguments),
        "Stonehenge" => position::<Stonehenge>(method, arguments),
        "C4Eval" => evaluation::<C4Eval>(method, arguments),
        "StoneEval" => evaluation::<StoneEval>(method, arguments),
        "C4Text" if method == "print_game" => {
            let (id, game) = decode::<(u64, u64)>(arguments)?;
            seen(game, |game| with(id, |text: &mut C4Text| text.print_game(game).map_err(wire_error)))?
                .map(|answer| encode(&answer))
        }
        "C4Text" => text::<C4Text>(method, arguments),
        "StoneText" => text::<StoneText>(method, arguments),
        "Skeleton<C4Eval>" => skeleton::<C4Eval>(method, arguments),
        "Skeleton<StoneEval>" => skeleton::<StoneEval>(method, arguments),
        "Lent" => lent::answer(method, arguments),
        "programs" => program(method, arguments),
        _ => None,
    }
}

/// One of the handout's games, as it crosses.
trait Game: Representation + PartialEq + fmt::Display + 'static {
    /// Its move on the wire.
    type Wire: Wire;
    /// What its accessors answer, all at once.
    type View: Wire;
    fn put(mv: Self::Move) -> Self::Wire;
    fn take(wire: Self::Wire) -> Self::Move;
    fn view(&self) -> Self::View;
    /// One accessor called on its own (the view failed, or its arguments are off the board).
    fn read(&self, method: &str, arguments: &[u8]) -> Option<Vec<u8>>;
}

impl Game for ConnectFour {
    type Wire = usize;
    type View = C4View;

    fn put(mv: usize) -> usize {
        mv
    }

    fn take(wire: usize) -> usize {
        wire
    }

    fn view(&self) -> C4View {
        (1..=ROW).flat_map(|row| (1..=COL).map(move |column| cell(self.cell(row, column)))).collect()
    }

    fn read(&self, method: &str, arguments: &[u8]) -> Option<Vec<u8>> {
        match method {
            "cell" => {
                let (row, column) = decode::<(usize, usize)>(arguments)?;
                Some(encode(&cell(self.cell(row, column))))
            }
            _ => None,
        }
    }
}

fn cell(cell: Cell) -> u8 {
    match cell {
        Cell::A => shared::A,
        Cell::B => shared::B,
        Cell::Empty => shared::EMPTY,
    }
}

impl Game for Stonehenge {
    type Wire = StoneMoveWire;
    type View = StoneView;

    fn put(mv: StoneMove) -> StoneMoveWire {
        (mv.place, mv.stone)
    }

    fn take((place, stone): StoneMoveWire) -> StoneMove {
        StoneMove { place, stone }
    }

    fn view(&self) -> StoneView {
        let places = (0..PLACES).map(|place| self.stone_at(place)).collect();
        let holders = (0..LINES.len()).map(|line| self.holder(line)).collect();
        let stones = (self.stones(true).to_vec(), self.stones(false).to_vec());
        let held = (self.lines_held(true), self.lines_held(false));
        let sums = (0..LINES.len()).map(|line| (self.sum_on(line, true), self.sum_on(line, false))).collect();
        (places, holders, stones, held, sums)
    }

    fn read(&self, method: &str, arguments: &[u8]) -> Option<Vec<u8>> {
        Some(match method {
            "stone_at" => encode(&self.stone_at(decode(arguments)?)),
            "holder" => encode(&self.holder(decode(arguments)?)),
            "stones" => encode(&self.stones(decode(arguments)?).to_vec()),
            "lines_held" => encode(&self.lines_held(decode(arguments)?)),
            "sum_on" => {
                let (line, player) = decode::<(usize, bool)>(arguments)?;
                encode(&self.sum_on(line, player))
            }
            _ => return None,
        })
    }
}

/// What a search asks of every position it reaches, for `player`.
fn facts<E: Evaluation>(player: bool, game: &E::Game) -> Facts {
    (E::evaluate(player, game), E::is_stable(player, game))
}

/// The evaluation of each handout game, for the facts of its positions.
trait Evaluated: Game {
    type Eval: Evaluation<Game = Self>;
}

impl Evaluated for ConnectFour {
    type Eval = C4Eval;
}

impl Evaluated for Stonehenge {
    type Eval = StoneEval;
}

fn position<G: Evaluated>(method: &str, arguments: &[u8]) -> Option<Vec<u8>> {
    if method == "game_start" {
        return Some(encode(&keep(G::game_start())));
    }
    let mut arguments = arguments;
    let id = u64::take(&mut arguments)?;
    let arguments = arguments;
    Some(match method {
        "play" => {
            let (player, mv) = decode::<(bool, G::Wire)>(arguments)?;
            encode(&keep(seen(id, |game: &G| game.play(player, G::take(mv)))?))
        }
        "legal_moves" => {
            let moves = seen(id, |game: &G| Some(game.legal_moves(decode(arguments)?)))??;
            encode(&moves.into_iter().map(G::put).collect::<Vec<_>>())
        }
        "expand" => encode(&seen(id, |game: &G| Some(expand(game, decode(arguments)?)))??),
        "leaf_or_expand" => {
            let player = decode::<bool>(arguments)?;
            encode(&seen(id, |game: &G| {
                let leaf = G::Eval::is_leaf(player, game);
                (leaf, (!leaf).then(|| expand(game, player)))
            })?)
        }
        "facts" => {
            let player = decode::<bool>(arguments)?;
            encode(&seen(id, |game: &G| {
                let (value, stable) = facts::<G::Eval>(player, game);
                (value, stable, G::Eval::is_leaf(player, game))
            })?)
        }
        "view" => encode(&seen(id, G::view)?),
        "to_string" => encode(&seen(id, G::to_string)?),
        "debug" => encode(&seen(id, |game: &G| format!("{game:?}"))?),
        "eq" => {
            let other = decode::<u64>(arguments)?;
            encode(&seen(id, |game: &G| seen(other, |other: &G| game == other))??)
        }
        _ => seen(id, |game: &G| game.read(method, arguments))??,
    })
}

/// `player`'s legal moves in `game`, and each one's position (kept) with what the search asks
/// of it for the other player: a search's node in one round trip rather than one a move.
/// Kept only once all were made, so a panic leaves nothing behind.
fn expand<G: Evaluated>(game: &G, player: bool) -> Expansion<G::Wire> {
    let moves = game.legal_moves(player);
    let children: Vec<(G, Facts)> = moves
        .iter()
        .map(|&mv| {
            let child = game.play(player, mv);
            let facts = facts::<G::Eval>(!player, &child);
            (child, facts)
        })
        .collect();
    let children = children.into_iter().map(|(child, facts)| (keep(child), facts)).collect();
    (moves.into_iter().map(G::put).collect(), children)
}

fn evaluation<E>(method: &str, arguments: &[u8]) -> Option<Vec<u8>>
where
    E: Evaluation,
    E::Game: Game,
{
    let mut arguments = arguments;
    let (id, player) = (u64::take(&mut arguments)?, bool::take(&mut arguments)?);
    Some(match method {
        "evaluate" => encode(&seen(id, |game| E::evaluate(player, game))?),
        "is_leaf" => encode(&seen(id, |game| E::is_leaf(player, game))?),
        "is_stable" => encode(&seen(id, |game| E::is_stable(player, game))?),
        "state_of" => encode(&state(seen(id, |game| E::state_of(player, game))?)),
        "alphabeta" => {
            let depth = decode::<i32>(arguments)?;
            let chosen = seen(id, |game| two_player::alphabeta::<E>(depth, player, game))?;
            encode(&chosen.map(<E::Game as Game>::put))
        }
        _ => return None,
    })
}

fn state(state: State) -> u8 {
    match state {
        State::Won => shared::WON,
        State::Lost => shared::LOST,
        State::Nil => shared::NIL,
        State::Continue => shared::CONTINUE,
    }
}

/// A text interface of the handout's, made on a terminal.
trait Text: Interface<Game: Game> + 'static {
    fn on(terminal: Terminal) -> Self;
}

impl Text for C4Text {
    fn on(terminal: Terminal) -> Self {
        C4Text::new(terminal)
    }
}

impl Text for StoneText {
    fn on(terminal: Terminal) -> Self {
        StoneText::new(terminal)
    }
}

fn text<T: Text>(method: &str, arguments: &[u8]) -> Option<Vec<u8>> {
    if method == "new" {
        let terminal = decode::<TerminalRef>(arguments)?;
        return Some(encode(&keep(T::on(terminals::probe::lent(terminal)))));
    }
    let mut arguments = arguments;
    let id = u64::take(&mut arguments)?;
    let on = |f: &dyn Fn(&mut T) -> Result<(), Error>| {
        with(id, |text: &mut T| f(text).map_err(wire_error)).map(|r| encode(&r))
    };
    match method {
        "home" => on(&|text| text.home()),
        "exit" => on(&|text| text.exit()),
        "won" => on(&|text| text.won()),
        "lost" => on(&|text| text.lost()),
        "nil" => on(&|text| text.nil()),
        "init" => on(&|text| text.init()),
        "q_player" => with(id, |text: &mut T| text.q_player().map_err(wire_error)).map(|r| encode(&r)),
        "q_continue" => with(id, |text: &mut T| text.q_continue().map_err(wire_error)).map(|r| encode(&r)),
        "position" => {
            let (player, mv, old, new) = decode::<(bool, <T::Game as Game>::Wire, u64, u64)>(arguments)?;
            let mv = <T::Game as Game>::take(mv);
            let shown =
                seen(old, |old| seen(new, |new| with(id, |text: &mut T| text.position(player, mv, old, new))))???;
            Some(encode(&shown.map_err(wire_error)))
        }
        "choice" => {
            let (player, game) = decode::<(bool, u64)>(arguments)?;
            let chosen = seen(game, |game| with(id, |text: &mut T| text.choice(player, game)))??;
            Some(encode(&chosen.map(<T::Game as Game>::put).map_err(wire_error)))
        }
        _ => None,
    }
}

/// The submission's skeleton showing its games through one of the suite's interfaces.
type ShownSkeleton<E> = Skeleton<E, Shown<<E as Evaluation>::Game>>;

fn skeleton<E>(method: &str, arguments: &[u8]) -> Option<Vec<u8>>
where
    E: Evaluation + 'static,
    E::Game: Game,
{
    Some(match method {
        "new" => {
            let (display, depth) = decode::<(u64, i32)>(arguments)?;
            encode(&keep(ShownSkeleton::<E>::new(Shown::new(display), depth)))
        }
        "main" => {
            encode(&with(decode(arguments)?, |skeleton: &mut ShownSkeleton<E>| skeleton.main().map_err(wire_error))?)
        }
        "play_h" | "play_m" => {
            let (id, player) = decode::<(u64, bool)>(arguments)?;
            let played = with(
                id,
                |skeleton: &mut ShownSkeleton<E>| {
                    if method == "play_h" { skeleton.play_h(player) } else { skeleton.play_m(player) }
                },
            )?;
            encode(&played.map(state).map_err(wire_error))
        }
        "game" => encode(&keep(with(decode(arguments)?, |skeleton: &mut ShownSkeleton<E>| skeleton.game().clone())?)),
        _ => return None,
    })
}

/// One of the suite's interfaces, which the judge lent a skeleton as its number `display`:
/// each call is the judge's, and the positions it shows are kept here for it.
struct Shown<G> {
    display: u64,
    game: PhantomData<G>,
}

impl<G> Shown<G> {
    fn new(display: u64) -> Self {
        Shown { display, game: PhantomData }
    }

    fn ask<R: Wire>(&self, method: &str) -> Result<R, Error> {
        back(method, &self.display)
    }
}

impl<G> fmt::Debug for Shown<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the suite's interface {}", self.display)
    }
}

/// Calls the suite's interface back.
fn back<A: Wire, R: Wire>(method: &str, arguments: &A) -> Result<R, Error> {
    terminals::probe::sync();
    let answer: Result<R, ErrorWire> = gamekit_probe::call_back(&format!("Interface::{method}"), arguments);
    answer.map_err(unwire)
}

impl<G: Game> Interface for Shown<G> {
    type Game = G;

    fn home(&mut self) -> Result<(), Error> {
        self.ask("home")
    }

    fn exit(&mut self) -> Result<(), Error> {
        self.ask("exit")
    }

    fn won(&mut self) -> Result<(), Error> {
        self.ask("won")
    }

    fn lost(&mut self) -> Result<(), Error> {
        self.ask("lost")
    }

    fn nil(&mut self) -> Result<(), Error> {
        self.ask("nil")
    }

    fn init(&mut self) -> Result<(), Error> {
        self.ask("init")
    }

    fn position(&mut self, player: bool, mv: G::Move, old: &G, new: &G) -> Result<(), Error> {
        let (old, new) = (keep(old.clone()), keep(new.clone()));
        back("position", &(self.display, player, G::put(mv), old, new))
    }

    fn choice(&mut self, player: bool, game: &G) -> Result<G::Move, Error> {
        let game = keep(game.clone());
        back("choice", &(self.display, player, game)).map(G::take)
    }

    fn q_player(&mut self) -> Result<bool, Error> {
        self.ask("q_player")
    }

    fn q_continue(&mut self) -> Result<bool, Error> {
        self.ask("q_continue")
    }
}

/// The handout's programs on one of the suite's terminals.
fn program(method: &str, arguments: &[u8]) -> Option<Vec<u8>> {
    let (args, terminal) = decode::<(Vec<String>, TerminalRef)>(arguments)?;
    let terminal = terminals::probe::lent(terminal);
    let ran = match method {
        "run_connect_four" => two_player::run_connect_four(args, &terminal),
        "run_stonehenge" => two_player::run_stonehenge(args, &terminal),
        _ => return None,
    };
    Some(encode(&ran.map_err(wire_error)))
}
