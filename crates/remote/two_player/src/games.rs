//! The handout's two games and their evaluations, as proxies of the submission's.

use crate::calls::{self, C4, Stones, evaluation};
use crate::position::{Kind, Position};
use crate::{Evaluation, InProbe, Interface, LINES, MoveOf, PLACES, Representation, State, call};
use gamekit_probe::proxy::Lender;
use gamekit_probe::wire::Convert;
use std::cell::OnceCell;
use std::fmt;
use std::rc::Rc;

// The views' sizes in `calls.rs` are the games': an index checked against these is in them.
const _: () = assert!(
    crate::ROW * crate::COL == 42 && PLACES == 18 && LINES.len() == 15,
    "C4View and StoneView in calls.rs hold a 6 x 7 board, 18 places and 15 ley-lines"
);

/// A cell of Connect Four (the handout's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    A,
    B,
    Empty,
}

/// A Stonehenge move (the handout's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoneMove {
    pub place: usize,
    pub stone: u32,
}

impl Kind for C4 {
    type Move = usize;

    fn put(mv: usize) -> usize {
        mv
    }

    fn take(wire: usize) -> usize {
        wire
    }
}

impl Kind for Stones {
    type Move = StoneMove;

    fn put(mv: StoneMove) -> calls::StoneMove {
        mv.convert()
    }

    fn take(wire: calls::StoneMove) -> StoneMove {
        wire.convert()
    }
}

/// The submission's Connect Four position.
#[derive(Clone)]
pub struct ConnectFour(pub(crate) Position<C4>);

impl ConnectFour {
    fn wrap(position: Position<C4>) -> Self {
        ConnectFour(position)
    }

    pub fn cell(&self, row: usize, column: usize) -> Cell {
        let on_board = (1..=crate::ROW).contains(&row) && (1..=crate::COL).contains(&column);
        match self.0.view() {
            Some(cells) if on_board => cells[(row - 1) * crate::COL + column - 1].convert(),
            _ => call::<calls::CellAt>((self.0.id(), row, column)).convert(),
        }
    }
}

/// The submission's Stonehenge position; and the stones left, when asked on their own (the
/// accessors panicked all at once), for `stones` to lend.
#[derive(Clone)]
pub struct Stonehenge(pub(crate) Position<Stones>, Rc<[OnceCell<Vec<u32>>; 2]>);

impl Stonehenge {
    fn wrap(position: Position<Stones>) -> Self {
        Stonehenge(position, Rc::default())
    }

    pub fn stone_at(&self, place: usize) -> Option<(bool, u32)> {
        match self.0.view() {
            Some(view) if place < PLACES => view.stones_at[place],
            _ => call::<calls::StoneAt>((self.0.id(), place)),
        }
    }

    pub fn holder(&self, line: usize) -> Option<bool> {
        match self.0.view() {
            Some(view) if line < LINES.len() => view.holders[line],
            _ => call::<calls::Holder>((self.0.id(), line)),
        }
    }

    pub fn stones(&self, player: bool) -> &[u32] {
        match self.0.view() {
            Some(view) => {
                if player {
                    &view.stones.0
                } else {
                    &view.stones.1
                }
            }
            None => self.1[usize::from(player)].get_or_init(|| call::<calls::StonesLeft>((self.0.id(), player))),
        }
    }

    pub fn lines_held(&self, player: bool) -> usize {
        match self.0.view() {
            Some(view) => {
                if player {
                    view.lines_held.0
                } else {
                    view.lines_held.1
                }
            }
            None => call::<calls::LinesHeld>((self.0.id(), player)),
        }
    }

    pub fn sum_on(&self, line: usize, player: bool) -> u32 {
        match self.0.view() {
            Some(view) if line < LINES.len() => {
                if player {
                    view.sums_on[line].0
                } else {
                    view.sums_on[line].1
                }
            }
            _ => call::<calls::SumOn>((self.0.id(), line, player)),
        }
    }
}

/// A game, its evaluation, and the probe's proxies for both.
macro_rules! game {
    ($game:ident $kind:ident, $move:ty, $evaluation:ident $more:literal $less:literal) => {
        impl Representation for $game {
            type Move = $move;

            fn game_start() -> Self {
                $game::wrap(Position::start())
            }

            fn legal_moves(&self, player: bool) -> Vec<$move> {
                self.0.legal_moves(player)
            }

            fn play(&self, player: bool, mv: $move) -> Self {
                $game::wrap(self.0.play(player, mv))
            }
        }

        /// The submission's `Display`.
        impl fmt::Display for $game {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0.to_text())
            }
        }

        /// The submission's `Debug`.
        impl fmt::Debug for $game {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0.debug())
            }
        }

        /// The submission's `PartialEq`.
        impl PartialEq for $game {
            fn eq(&self, other: &Self) -> bool {
                self.0.same(&other.0)
            }
        }

        impl Eq for $game {}

        impl InProbe for $game {
            type Calls = $kind;

            fn kept(id: u64) -> Self {
                $game::wrap(Position::kept(id))
            }

            fn number(&self) -> u64 {
                self.0.id()
            }

            fn put(mv: $move) -> <$kind as calls::Game>::MoveWire {
                <$kind as Kind>::put(mv)
            }

            fn take(wire: <$kind as calls::Game>::MoveWire) -> $move {
                <$kind as Kind>::take(wire)
            }

            fn shown() -> &'static std::thread::LocalKey<Lender<dyn Interface<Game = Self>>> {
                thread_local! {
                    static SHOWN: Lender<dyn Interface<Game = $game>> = Lender::default();
                }
                &SHOWN
            }
        }

        /// The submission's evaluation, with the handout's bounds.
        #[derive(Debug, Clone, Copy)]
        pub struct $evaluation;

        impl Evaluation for $evaluation {
            type Game = $game;
            const MORE_I: i32 = $more;
            const LESS_I: i32 = $less;

            fn evaluate(player: bool, game: &$game) -> i32 {
                let judged = || call::<evaluation::Evaluate<$kind>>((game.0.id(), player));
                game.0.facts(player).map_or_else(judged, |facts| facts.evaluation)
            }

            fn is_leaf(player: bool, game: &$game) -> bool {
                let judged = || call::<evaluation::IsLeaf<$kind>>((game.0.id(), player));
                game.0.is_leaf(player).unwrap_or_else(judged)
            }

            fn is_stable(player: bool, game: &$game) -> bool {
                let judged = || call::<evaluation::IsStable<$kind>>((game.0.id(), player));
                game.0.facts(player).map_or_else(judged, |facts| facts.stable)
            }

            fn state_of(player: bool, game: &$game) -> State {
                call::<evaluation::StateOf<$kind>>((game.0.id(), player)).convert()
            }

            fn searched_in_the_probe(depth: i32, player: bool, game: &$game) -> Option<Option<MoveOf<Self>>> {
                let chosen = call::<evaluation::Alphabeta<$kind>>((game.0.id(), player, depth));
                Some(chosen.map(<$kind as Kind>::take))
            }
        }
    };
}

game!(ConnectFour C4, usize, C4Eval 10000 -10000);
game!(Stonehenge Stones, StoneMove, StoneEval 1000 -1000);
