//! The suite's own games and interfaces, lent to the submission's code in the probe for one
//! call: its generic search on a game of the suite's, its skeleton showing games through an
//! interface of the suite's. They stay here; the probe's stand-ins call them back, so the
//! suite's game makes (and counts) every move the search makes, and the suite's interface
//! sees every call the skeleton makes.

use crate::shared::LentFacts;
use crate::{Error, Evaluation, InProbe, Interface, MoveOf, Representation, call, wire_error};
use gamekit_probe::proxy::Lender;
use gamekit_probe::wire::{Wire, decode, encode};
use std::collections::HashMap;

/// One of the suite's values lent for a call: it answers the probe's calls back.
trait Lendable {
    fn answer(&mut self, method: &str, arguments: &[u8]) -> Option<Vec<u8>>;
}

thread_local! {
    /// The searches and the interfaces lent, by their numbers.
    static LENT: Lender<dyn Lendable> = Lender::default();
}

/// Runs `f` with `value` lent as `number`.
fn lending<'a, R>(number: u64, value: &mut (dyn Lendable + 'a), f: impl FnOnce() -> R) -> R {
    let value: *mut (dyn Lendable + 'a) = value;
    // SAFETY: only the lifetime is erased; `value` is borrowed mutably for this whole call,
    // so it is valid and used by nothing else while `f` runs, and `lending_raw` takes the
    // loan back before it returns, however `f` ends.
    unsafe {
        let value: *mut (dyn Lendable + 'static) = std::mem::transmute(value);
        Lender::lending_raw(&LENT, number, value, f)
    }
}

/// Answers the probe's call back `method` to the value lent as the number its arguments
/// start with; `None` when there is none, or it is already answering.
pub(crate) fn answer(method: &str, arguments: &[u8]) -> Option<Vec<u8>> {
    let (number, arguments) = (u64::take(&mut &arguments[..])?, arguments.get(8..)?);
    LENT.with(|lent| lent.with(number, |value| value.answer(method, arguments)))?
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

impl<E: Evaluation> Search<E> {
    /// What the search asks of position `id` for `player`, as the suite's types answer it.
    fn facts(&mut self, id: usize, player: bool) -> LentFacts {
        let game = &self.positions[id];
        let moves = self.moves.entry((id, player)).or_insert_with(|| game.legal_moves(player));
        (moves.len(), E::evaluate(player, game), E::is_leaf(player, game), E::is_stable(player, game))
    }

    /// The suite's game makes `player`'s move number `index` in position `id`: the new
    /// position's number and its facts for the other player.
    fn play(&mut self, id: usize, player: bool, index: usize) -> Option<(u64, LentFacts)> {
        let game = self.positions.get(id)?;
        let moves = self.moves.entry((id, player)).or_insert_with(|| game.legal_moves(player));
        let after = game.play(player, *moves.get(index)?);
        self.positions.push(after);
        let id = self.positions.len() - 1;
        Some((id as u64, self.facts(id, !player)))
    }
}

impl<E: Evaluation> Lendable for Search<E> {
    fn answer(&mut self, method: &str, arguments: &[u8]) -> Option<Vec<u8>> {
        Some(match method {
            "facts" => {
                let (id, player) = decode::<(usize, bool)>(arguments)?;
                (id < self.positions.len()).then_some(())?;
                encode(&self.facts(id, player))
            }
            "play" => {
                let (id, player, index) = decode::<(usize, bool, usize)>(arguments)?;
                encode(&self.play(id, player, index)?)
            }
            "debug" => encode(&format!("{:?}", self.positions.get(decode::<usize>(arguments)?)?)),
            "game_start" => {
                decode::<()>(arguments)?;
                self.positions.push(E::Game::game_start());
                encode(&(self.positions.len() as u64 - 1))
            }
            _ => return None,
        })
    }
}

/// The kind of value a search is, in the calls back (`Lent::…`).
pub(crate) const SEARCH: &str = "Lent";
/// The kind an interface is (`Interface::…`).
pub(crate) const INTERFACE: &str = "Interface";

/// The submission's `alphabeta` on a game of the suite's: the game is lent to the probe,
/// whose stand-in plays every move here.
pub(crate) fn alphabeta<E: Evaluation>(depth: i32, player: bool, game: &E::Game) -> Option<MoveOf<E>> {
    let mut search = Search::<E> { positions: vec![game.clone()], moves: HashMap::new() };
    let root = search.facts(0, player);
    let number = number();
    let chosen: Option<usize> =
        lending(number, &mut search, || call("Lent::alphabeta", &(number, E::MORE_I, E::LESS_I, depth, player, root)));
    let index = chosen?;
    let moves = &search.moves[&(0, player)];
    let chosen = moves
        .get(index)
        .unwrap_or_else(|| panic!("alphabeta chose move number {index} of a position whose legal moves are {moves:?}"));
    Some(*chosen)
}

/// One of the suite's interfaces, lent to a skeleton in the probe.
impl<D> Lendable for D
where
    D: Interface,
    D::Game: InProbe,
{
    fn answer(&mut self, method: &str, arguments: &[u8]) -> Option<Vec<u8>> {
        fn said<R: Wire>(answer: Result<R, Error>) -> Vec<u8> {
            encode(&answer.map_err(wire_error))
        }
        type Wired<D> = <<D as Interface>::Game as InProbe>::MoveWire;
        Some(match method {
            "home" => said(self.home()),
            "exit" => said(self.exit()),
            "won" => said(self.won()),
            "lost" => said(self.lost()),
            "nil" => said(self.nil()),
            "init" => said(self.init()),
            "q_player" => said(self.q_player()),
            "q_continue" => said(self.q_continue()),
            "position" => {
                let (player, mv, old, new) = decode::<(bool, Wired<D>, u64, u64)>(arguments)?;
                let (old, new) = (D::Game::kept(old), D::Game::kept(new));
                said(self.position(player, D::Game::take(mv), &old, &new))
            }
            "choice" => {
                let (player, game) = decode::<(bool, u64)>(arguments)?;
                said(self.choice(player, &D::Game::kept(game)).map(D::Game::put))
            }
            _ => return None,
        })
    }
}

/// Runs `f` with `display` lent as interface `number` (a skeleton's in the probe).
pub(crate) fn showing<D, R>(number: u64, display: &mut D, f: impl FnOnce() -> R) -> R
where
    D: Interface,
    D::Game: InProbe,
{
    lending(number, display, f)
}
