//! The two_player probe: linked with the submission's `two_player` crate and run in the
//! sandbox, it keeps the submission's positions, text interfaces and skeletons (the judge
//! holds their numbers), calls them as the judge asks and answers with what they returned.
//! The suite's own games and interfaces stay in the judge: stand-ins here call them back
//! when the submission's search or skeleton uses them. It decides nothing.
#![forbid(unsafe_code)]

use gamekit_probe::objects::{self, keep, seen, with};
use gamekit_probe::{Answers, Remote};
use std::fmt;
use std::marker::PhantomData;
use two_player::{
    C4Eval, C4Text, COL, ConnectFour, Error, Evaluation, Interface, LINES, PLACES, ROW, Representation, Skeleton,
    StoneEval, StoneMove, StoneText, Stonehenge, Terminal,
};

use two_player::Error as ConsoleError;
#[path = "../../../console.rs"]
mod console;
use console::WireError;
#[path = "../../calls.rs"]
#[allow(dead_code)]
#[macro_use]
mod calls;
use calls::{Expansion, Facts, Released, evaluation, position, skeleton, text};
use gamekit_probe::wire::Convert;

// The handout's types, as they cross, to and from the submission's.
conversions!(two_player);

#[path = "../../../terminals/mod.rs"]
mod terminals;

// The views' sizes in `calls.rs` are the handout's games'.
const _: () = assert!(ROW * COL == 42 && PLACES == 18 && LINES.len() == 15, "the views in calls.rs");

mod lent;

fn main() {
    terminals::probe::serve(answers);
}

/// The judge's calls as they cross ([`Released`]): each after the numbers of the objects the
/// judge has let go of since its last call, which are let go of first.
trait Releasing {
    /// Answers call `C` with `answer`, once the objects let go of are.
    fn releasing<C: Remote>(self, answer: impl FnOnce(C::Arguments) -> Option<C::Answer>) -> Self;
}

impl Releasing for Answers<'_> {
    fn releasing<C: Remote>(self, answer: impl FnOnce(C::Arguments) -> Option<C::Answer>) -> Self {
        self.on::<Released<C>>(|(released, arguments)| {
            released.into_iter().for_each(objects::release);
            answer(arguments)
        })
    }
}

/// The calls the judge makes, each answered with the submission's code on its objects kept
/// here: those on each game, then the rest.
fn answers(answers: Answers) -> Answers {
    game::<Stonehenge>(game::<ConnectFour>(answers))
        .releasing::<calls::CellAt>(|(id, row, column)| seen(id, |game: &ConnectFour| game.cell(row, column).convert()))
        .releasing::<calls::StoneAt>(|(id, place)| seen(id, |game: &Stonehenge| game.stone_at(place)))
        .releasing::<calls::Holder>(|(id, line)| seen(id, |game: &Stonehenge| game.holder(line)))
        .releasing::<calls::StonesLeft>(|(id, player)| seen(id, |game: &Stonehenge| game.stones(player).to_vec()))
        .releasing::<calls::LinesHeld>(|(id, player)| seen(id, |game: &Stonehenge| game.lines_held(player)))
        .releasing::<calls::SumOn>(|(id, line, player)| seen(id, |game: &Stonehenge| game.sum_on(line, player)))
        .releasing::<calls::PrintGame>(|(id, game)| {
            seen(game, |game| with(id, |text: &mut C4Text| text.print_game(game).map_err(Convert::convert)))?
        })
        .releasing::<calls::Alphabeta>(|arguments| Some(lent::alphabeta(arguments)))
        .releasing::<calls::RunConnectFour>(|(args, terminal)| {
            Some(two_player::run_connect_four(args, &terminals::probe::lent(terminal)).map_err(Convert::convert))
        })
        .releasing::<calls::RunStonehenge>(|(args, terminal)| {
            Some(two_player::run_stonehenge(args, &terminals::probe::lent(terminal)).map_err(Convert::convert))
        })
}

/// One of the handout's games, with its evaluation and text interface, as its calls carry
/// them.
trait Game: Representation + PartialEq + fmt::Display + 'static {
    /// The calls on it.
    type Calls: calls::Game;
    type Eval: Evaluation<Game = Self> + 'static;
    type Text: Text + Interface<Game = Self>;
    fn put(mv: Self::Move) -> MoveWire<Self>;
    fn take(wire: MoveWire<Self>) -> Self::Move;
    /// What its accessors answer, all at once.
    fn view(&self) -> <Self::Calls as calls::Game>::View;
}

/// A move of game `G` as it crosses.
type MoveWire<G> = <<G as Game>::Calls as calls::Game>::MoveWire;

impl Game for ConnectFour {
    type Calls = calls::C4;
    type Eval = C4Eval;
    type Text = C4Text;

    fn put(mv: usize) -> usize {
        mv
    }

    fn take(wire: usize) -> usize {
        wire
    }

    fn view(&self) -> calls::C4View {
        std::array::from_fn(|at| self.cell(at / COL + 1, at % COL + 1).convert())
    }
}

impl Game for Stonehenge {
    type Calls = calls::Stones;
    type Eval = StoneEval;
    type Text = StoneText;

    fn put(mv: StoneMove) -> calls::StoneMove {
        mv.convert()
    }

    fn take(wire: calls::StoneMove) -> StoneMove {
        wire.convert()
    }

    fn view(&self) -> calls::StoneView {
        calls::StoneView {
            stones_at: std::array::from_fn(|place| self.stone_at(place)),
            holders: std::array::from_fn(|line| self.holder(line)),
            stones: (self.stones(true).to_vec(), self.stones(false).to_vec()),
            lines_held: (self.lines_held(true), self.lines_held(false)),
            sums_on: std::array::from_fn(|line| (self.sum_on(line, true), self.sum_on(line, false))),
        }
    }
}

/// The calls on game `G`: on its positions, its evaluation, its text interface and its
/// skeleton.
fn game<G: Game>(answers: Answers) -> Answers {
    skeleton::<G>(text::<G>(evaluation::<G>(positions::<G>(answers))))
}

/// What a search asks of every position it reaches, for `player`.
fn facts<E: Evaluation>(player: bool, game: &E::Game) -> Facts {
    Facts { evaluation: E::evaluate(player, game), stable: E::is_stable(player, game) }
}

fn positions<G: Game>(answers: Answers) -> Answers {
    answers
        .releasing::<position::GameStart<G::Calls>>(|()| Some(keep(G::game_start())))
        .releasing::<position::Play<G::Calls>>(|(id, player, mv)| {
            Some(keep(seen(id, |game: &G| game.play(player, G::take(mv)))?))
        })
        .releasing::<position::LegalMoves<G::Calls>>(|(id, player)| {
            seen(id, |game: &G| game.legal_moves(player).into_iter().map(G::put).collect())
        })
        .releasing::<position::Expand<G::Calls>>(|(id, player)| seen(id, |game: &G| expand(game, player)))
        .releasing::<position::LeafOrExpand<G::Calls>>(|(id, player)| {
            seen(id, |game: &G| {
                let leaf = G::Eval::is_leaf(player, game);
                (leaf, (!leaf).then(|| expand(game, player)))
            })
        })
        .releasing::<position::Facts<G::Calls>>(|(id, player)| {
            seen(id, |game: &G| calls::Looked {
                facts: facts::<G::Eval>(player, game),
                leaf: G::Eval::is_leaf(player, game),
            })
        })
        .releasing::<position::View<G::Calls>>(|id| seen(id, G::view))
        .releasing::<position::ToString<G::Calls>>(|id| seen(id, G::to_string))
        .releasing::<position::Debug<G::Calls>>(|id| seen(id, |game: &G| format!("{game:?}")))
        .releasing::<position::Eq<G::Calls>>(|(id, other)| seen(id, |game: &G| seen(other, |other: &G| game == other))?)
}

/// `player`'s legal moves in `game`, and each one's position (kept) with what the search asks
/// of it for the other player: a search's node in one round trip rather than one a move.
/// Kept only once all were made, so a panic leaves nothing behind.
fn expand<G: Game>(game: &G, player: bool) -> Expansion<MoveWire<G>> {
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

fn evaluation<G: Game>(answers: Answers) -> Answers {
    answers
        .releasing::<evaluation::Evaluate<G::Calls>>(|(id, player)| seen(id, |game| G::Eval::evaluate(player, game)))
        .releasing::<evaluation::IsLeaf<G::Calls>>(|(id, player)| seen(id, |game| G::Eval::is_leaf(player, game)))
        .releasing::<evaluation::IsStable<G::Calls>>(|(id, player)| seen(id, |game| G::Eval::is_stable(player, game)))
        .releasing::<evaluation::StateOf<G::Calls>>(|(id, player)| {
            seen(id, |game| G::Eval::state_of(player, game).convert())
        })
        .releasing::<evaluation::Alphabeta<G::Calls>>(|(id, player, depth)| {
            seen(id, |game| two_player::alphabeta::<G::Eval>(depth, player, game).map(G::put))
        })
}

/// A text interface of the handout's, made on a terminal.
trait Text: 'static {
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

fn text<G: Game>(answers: Answers) -> Answers {
    answers
        .releasing::<text::New<G::Calls>>(|terminal| Some(keep(G::Text::on(terminals::probe::lent(terminal)))))
        .releasing::<text::Home<G::Calls>>(|id| told::<G, _>(id, |text| text.home()))
        .releasing::<text::Exit<G::Calls>>(|id| told::<G, _>(id, |text| text.exit()))
        .releasing::<text::Won<G::Calls>>(|id| told::<G, _>(id, |text| text.won()))
        .releasing::<text::Lost<G::Calls>>(|id| told::<G, _>(id, |text| text.lost()))
        .releasing::<text::Nil<G::Calls>>(|id| told::<G, _>(id, |text| text.nil()))
        .releasing::<text::Init<G::Calls>>(|id| told::<G, _>(id, |text| text.init()))
        .releasing::<text::Position<G::Calls>>(|(id, player, mv, old, new)| {
            let mv = G::take(mv);
            seen(old, |old| seen(new, |new| told::<G, _>(id, |text| text.position(player, mv, old, new))))??
        })
        .releasing::<text::Choice<G::Calls>>(|(id, player, game)| {
            seen(game, |game| told::<G, _>(id, |text| text.choice(player, game).map(G::put)))?
        })
        .releasing::<text::QPlayer<G::Calls>>(|id| told::<G, _>(id, |text| text.q_player()))
        .releasing::<text::QContinue<G::Calls>>(|id| told::<G, _>(id, |text| text.q_continue()))
}

/// What game `G`'s text interface `id` says to `f`; `None` when there is none.
fn told<G: Game, R>(id: u64, f: impl FnOnce(&mut G::Text) -> Result<R, Error>) -> Option<Result<R, WireError>> {
    with(id, |text: &mut G::Text| f(text).map_err(Convert::convert))
}

/// The submission's skeleton showing its games through one of the suite's interfaces.
type ShownSkeleton<G> = Skeleton<<G as Game>::Eval, Shown<G>>;

fn skeleton<G: Game>(answers: Answers) -> Answers {
    answers
        .releasing::<skeleton::New<G::Calls>>(|(display, depth)| {
            Some(keep(ShownSkeleton::<G>::new(Shown::new(display), depth)))
        })
        .releasing::<skeleton::Game<G::Calls>>(|id| {
            Some(keep(with(id, |skeleton: &mut ShownSkeleton<G>| skeleton.game().clone())?))
        })
        .releasing::<skeleton::Main<G::Calls>>(|id| {
            with(id, |skeleton: &mut ShownSkeleton<G>| skeleton.main().map_err(Convert::convert))
        })
        .releasing::<skeleton::PlayH<G::Calls>>(|(id, player)| {
            with(id, |skeleton: &mut ShownSkeleton<G>| {
                skeleton.play_h(player).map(Convert::convert).map_err(Convert::convert)
            })
        })
        .releasing::<skeleton::PlayM<G::Calls>>(|(id, player)| {
            with(id, |skeleton: &mut ShownSkeleton<G>| {
                skeleton.play_m(player).map(Convert::convert).map_err(Convert::convert)
            })
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
}

impl<G> fmt::Debug for Shown<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the suite's interface {}", self.display)
    }
}

/// Calls the suite's interface back with call `C`, once it has what the submission printed.
fn back<C: Remote>(arguments: C::Arguments) -> C::Answer {
    terminals::probe::sync();
    gamekit_probe::call_back::<C>(&arguments)
}

impl<G: Game> Interface for Shown<G> {
    type Game = G;

    fn home(&mut self) -> Result<(), Error> {
        back::<calls::back::interface::Home<G::Calls>>(self.display).map_err(Convert::convert)
    }

    fn exit(&mut self) -> Result<(), Error> {
        back::<calls::back::interface::Exit<G::Calls>>(self.display).map_err(Convert::convert)
    }

    fn won(&mut self) -> Result<(), Error> {
        back::<calls::back::interface::Won<G::Calls>>(self.display).map_err(Convert::convert)
    }

    fn lost(&mut self) -> Result<(), Error> {
        back::<calls::back::interface::Lost<G::Calls>>(self.display).map_err(Convert::convert)
    }

    fn nil(&mut self) -> Result<(), Error> {
        back::<calls::back::interface::Nil<G::Calls>>(self.display).map_err(Convert::convert)
    }

    fn init(&mut self) -> Result<(), Error> {
        back::<calls::back::interface::Init<G::Calls>>(self.display).map_err(Convert::convert)
    }

    fn position(&mut self, player: bool, mv: G::Move, old: &G, new: &G) -> Result<(), Error> {
        let (old, new) = (keep(old.clone()), keep(new.clone()));
        let arguments = (self.display, player, G::put(mv), old, new);
        back::<calls::back::interface::Position<G::Calls>>(arguments).map_err(Convert::convert)
    }

    fn choice(&mut self, player: bool, game: &G) -> Result<G::Move, Error> {
        let game = keep(game.clone());
        back::<calls::back::interface::Choice<G::Calls>>((self.display, player, game))
            .map(G::take)
            .map_err(Convert::convert)
    }

    fn q_player(&mut self) -> Result<bool, Error> {
        back::<calls::back::interface::QPlayer<G::Calls>>(self.display).map_err(Convert::convert)
    }

    fn q_continue(&mut self) -> Result<bool, Error> {
        back::<calls::back::interface::QContinue<G::Calls>>(self.display).map_err(Convert::convert)
    }
}

gamekit_probe::answers_exactly!(
    answers,
    calls::names(),
    calls::position::names::<calls::C4>(),
    calls::position::names::<calls::Stones>(),
    calls::evaluation::names::<calls::C4>(),
    calls::evaluation::names::<calls::Stones>(),
    calls::text::names::<calls::C4>(),
    calls::text::names::<calls::Stones>(),
    calls::skeleton::names::<calls::C4>(),
    calls::skeleton::names::<calls::Stones>(),
);
