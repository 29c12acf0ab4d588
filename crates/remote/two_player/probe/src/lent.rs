//! The suite's own games, lent to the submission's generic search: a stand-in game here
//! whose every move is a call back, so that the judge makes each move on the suite's game
//! itself (and counts the positions the search visits) and answers as the suite's types
//! answer. A move crosses as its index among the position's legal moves.

use crate::calls::{LentFacts, back};
use gamekit_probe::call_back;
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use two_player::{Evaluation, Representation};

thread_local! {
    /// What the judge said of each position for each player, during one search: its answers
    /// are pure, and asking again would be a round trip.
    static FACTS: RefCell<HashMap<(usize, bool), LentFacts>> = RefCell::new(HashMap::new());
    /// The judge's number for the search under way.
    static SEARCH: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// What the judge says of position `id` for `player`.
fn facts(id: usize, player: bool) -> LentFacts {
    if let Some(facts) = FACTS.with_borrow(|known| known.get(&(id, player)).copied()) {
        return facts;
    }
    let facts = call_back::<back::Facts>(&(SEARCH.get(), id, player));
    FACTS.with_borrow_mut(|known| known.insert((id, player), facts));
    facts
}

/// A position of the suite's game: its index in the judge's search.
#[derive(Clone)]
pub struct LentGame {
    id: usize,
}

/// The suite's own `Debug` of the position (a `todo!()` prints it).
impl fmt::Debug for LentGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&call_back::<back::Debug>(&(SEARCH.get(), self.id)))
    }
}

impl Representation for LentGame {
    type Move = usize;

    fn game_start() -> Self {
        LentGame { id: call_back::<back::GameStart>(&SEARCH.get()) }
    }

    fn legal_moves(&self, player: bool) -> Vec<usize> {
        (0..facts(self.id, player).moves).collect()
    }

    /// Always the judge's move: it counts them.
    fn play(&self, player: bool, mv: usize) -> Self {
        let (id, after) = call_back::<back::Play>(&(SEARCH.get(), self.id, player, mv));
        FACTS.with_borrow_mut(|known| known.insert((id, !player), after));
        LentGame { id }
    }
}

/// The suite's evaluation, with its bounds (constants, so one type for each pair the
/// judge may lend).
pub struct Lent<const MORE: i32, const LESS: i32>;

impl<const MORE: i32, const LESS: i32> Evaluation for Lent<MORE, LESS> {
    type Game = LentGame;
    const MORE_I: i32 = MORE;
    const LESS_I: i32 = LESS;

    fn evaluate(player: bool, game: &LentGame) -> i32 {
        facts(game.id, player).evaluation
    }

    fn is_leaf(player: bool, game: &LentGame) -> bool {
        facts(game.id, player).leaf
    }

    fn is_stable(player: bool, game: &LentGame) -> bool {
        facts(game.id, player).stable
    }
}

/// The submission's search on the suite's game, its root position 0 (of which the judge
/// says `root` for `player`), with the bounds `(more, less)`: the index of the move chosen.
macro_rules! searched {
    ($more:ident, $less:ident, $depth:ident, $player:ident, $($bounds:literal $lower:literal)*) => {
        match ($more, $less) {
            $(($bounds, $lower) => two_player::alphabeta::<Lent<$bounds, { $lower }>>($depth, $player, &LentGame { id: 0 }),)*
            _ => panic!(
                "the judge lends a game of the suite's only with the bounds ±100, ±1000 or ±10000, not {} and {}",
                $more, $less
            ),
        }
    };
}

/// The submission's search on the suite's game lent as `search` (`Lent::alphabeta`).
pub fn alphabeta((search, more, less, depth, player, root): (u64, i32, i32, i32, bool, LentFacts)) -> Option<usize> {
    SEARCH.set(search);
    FACTS.with_borrow_mut(|known| {
        known.clear();
        known.insert((0, player), root);
    });
    searched!(more, less, depth, player, 100 -100 1000 -1000 10000 -10000)
}
