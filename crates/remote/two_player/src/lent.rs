//! The suite's own games and interfaces, lent to the submission's code in the probe for one
//! call: its generic search on a game of the suite's, its skeleton showing games through an
//! interface of the suite's. They stay here; the probe's stand-ins call them back, so the
//! suite's game makes (and counts) every move the search makes, and the suite's interface
//! sees every call the skeleton makes.

use crate::calls::{self, LentFacts, back};
use crate::{ConnectFour, Error, Evaluation, InProbe, Interface, MoveOf, Representation, Stonehenge, WireError, call};
use gamekit_probe::Answers;
use gamekit_probe::proxy::Lender;
use gamekit_probe::wire::Convert;
use std::collections::HashMap;
use std::thread::LocalKey;

/// A search of the submission's on a game of the suite's, lent for the call: what the
/// probe's stand-in game asks of the suite's, each position by its index in the search.
trait LentSearch {
    /// What the suite says of position `id` for `player`; `None` when there is none.
    fn facts(&mut self, id: usize, player: bool) -> Option<LentFacts>;
    /// The suite's game makes `player`'s move number `index` in position `id`: the new
    /// position's index and its facts for the other player.
    fn play(&mut self, id: usize, player: bool, index: usize) -> Option<(usize, LentFacts)>;
    /// The suite's `Debug` of position `id`.
    fn debug(&self, id: usize) -> Option<String>;
    /// The suite's `game_start`, kept as a position of the search: its index.
    fn game_start(&mut self) -> usize;
}

thread_local! {
    /// The searches lent, by their numbers.
    static SEARCHES: Lender<dyn LentSearch> = Lender::default();
}

/// A number for a value to lend, never reused.
pub(crate) fn number() -> u64 {
    gamekit_probe::proxy::new_id()
}

/// The positions of a search on the suite's game, by number (the root is 0), and each one's
/// legal moves as the suite's game gave them, for each player asked.
struct Search<E: Evaluation> {
    positions: Vec<E::Game>,
    moves: HashMap<(usize, bool), Vec<MoveOf<E>>>,
}

impl<E: Evaluation> LentSearch for Search<E> {
    fn facts(&mut self, id: usize, player: bool) -> Option<LentFacts> {
        let game = self.positions.get(id)?;
        let moves = self.moves.entry((id, player)).or_insert_with(|| game.legal_moves(player));
        Some(LentFacts {
            moves: moves.len(),
            evaluation: E::evaluate(player, game),
            leaf: E::is_leaf(player, game),
            stable: E::is_stable(player, game),
        })
    }

    fn play(&mut self, id: usize, player: bool, index: usize) -> Option<(usize, LentFacts)> {
        let game = self.positions.get(id)?;
        let moves = self.moves.entry((id, player)).or_insert_with(|| game.legal_moves(player));
        let after = game.play(player, *moves.get(index)?);
        self.positions.push(after);
        let id = self.positions.len() - 1;
        Some((id, self.facts(id, !player)?))
    }

    fn debug(&self, id: usize) -> Option<String> {
        Some(format!("{:?}", self.positions.get(id)?))
    }

    fn game_start(&mut self) -> usize {
        self.positions.push(E::Game::game_start());
        self.positions.len() - 1
    }
}

/// The submission's `alphabeta` on a game of the suite's: the game is lent to the probe,
/// whose stand-in plays every move here.
pub(crate) fn alphabeta<E: Evaluation>(depth: i32, player: bool, game: &E::Game) -> Option<MoveOf<E>> {
    let mut search = Search::<E> { positions: vec![game.clone()], moves: HashMap::new() };
    let root = search.facts(0, player).expect("the root position");
    let number = number();
    let arguments = (number, E::MORE_I, E::LESS_I, depth, player, root);
    let chosen =
        gamekit_probe::lending!(&SEARCHES, number, &mut search, || call::<calls::Alphabeta>(arguments), dyn LentSearch);
    let index = chosen?;
    let moves = &search.moves[&(0, player)];
    let chosen = moves
        .get(index)
        .unwrap_or_else(|| panic!("alphabeta chose move number {index} of a position whose legal moves are {moves:?}"));
    Some(*chosen)
}

/// Runs `f` with `display` lent as interface `number` (a skeleton's in the probe).
pub(crate) fn showing<D, R>(number: u64, display: &mut D, f: impl FnOnce() -> R) -> R
where
    D: Interface<Game: InProbe>,
{
    gamekit_probe::lending!(D::Game::shown(), number, display, f, dyn Interface<Game = D::Game>)
}

/// The judge's answers to the probe's calls back to the searches and interfaces lent.
pub(crate) fn answers(answers: Answers) -> Answers {
    let answers = answers
        .on::<back::Facts>(|(search, id, player)| searching(search, |search| search.facts(id, player))?)
        .on::<back::Play>(|(search, id, player, index)| searching(search, |search| search.play(id, player, index))?)
        .on::<back::Debug>(|(search, id)| searching(search, |search| search.debug(id))?)
        .on::<back::GameStart>(|search| searching(search, |search| search.game_start()));
    shown::<Stonehenge>(shown::<ConnectFour>(answers))
}

/// Calls `f` with the search lent as `search`; `None` when there is none, or it is
/// answering already.
fn searching<R>(search: u64, f: impl FnOnce(&mut (dyn LentSearch + 'static)) -> R) -> Option<R> {
    SEARCHES.with(|searches| searches.with(search, f))
}

/// The answers to the calls back to the suite's interfaces to game `G` (each game's
/// interfaces are lent apart, and a call back to one is answered by its game's answers).
fn shown<G: InProbe>(answers: Answers) -> Answers {
    use back::interface::{Choice, Exit, Home, Init, Lost, Nil, Position, QContinue, QPlayer, Won};
    answers
        .on::<Home<G::Calls>>(|display| said::<G, _>(display, |shown| shown.home()))
        .on::<Exit<G::Calls>>(|display| said::<G, _>(display, |shown| shown.exit()))
        .on::<Won<G::Calls>>(|display| said::<G, _>(display, |shown| shown.won()))
        .on::<Lost<G::Calls>>(|display| said::<G, _>(display, |shown| shown.lost()))
        .on::<Nil<G::Calls>>(|display| said::<G, _>(display, |shown| shown.nil()))
        .on::<Init<G::Calls>>(|display| said::<G, _>(display, |shown| shown.init()))
        .on::<Position<G::Calls>>(|(display, player, mv, old, new)| {
            said::<G, _>(display, |shown| shown.position(player, G::take(mv), &G::kept(old), &G::kept(new)))
        })
        .on::<Choice<G::Calls>>(|(display, player, game)| {
            said::<G, _>(display, |shown| shown.choice(player, &G::kept(game)).map(G::put))
        })
        .on::<QPlayer<G::Calls>>(|display| said::<G, _>(display, |shown| shown.q_player()))
        .on::<QContinue<G::Calls>>(|display| said::<G, _>(display, |shown| shown.q_continue()))
}

/// What the suite's interface to game `G` lent as `display` says to `f`; `None` when there
/// is none, or it is answering already.
fn said<G: InProbe, R>(
    display: u64,
    f: impl FnOnce(&mut dyn Interface<Game = G>) -> Result<R, Error>,
) -> Option<Result<R, WireError>> {
    let shown: &'static LocalKey<Lender<dyn Interface<Game = G>>> = G::shown();
    shown.with(|shown| shown.with(display, |display| f(display).map_err(Convert::convert)))
}
