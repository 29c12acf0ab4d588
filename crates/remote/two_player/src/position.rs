//! One of the submission's positions as the judge holds it: kept in the probe, its number
//! here, and what the probe answered about it kept beside it. Positions are values (`play`
//! returns a new one), so every answer about one stays true: each is asked once.
//!
//! The suite asks a lot of its positions (a plain minimax over thousands, the arbiter after
//! every move of hundreds of games), so the answers it is about to need come in one round
//! trip: all the accessors at once (its *view*); once it has asked how good a position is
//! (it is searching), the legal moves with every move's position and how good each is. Such
//! a batch is all or nothing: when one of the submission's calls in it panics, each call is
//! made on its own, as the suite makes it, and fails as it would.

use crate::calls::{self, Expansion, Facts, position};
use crate::{call, try_call};
use std::cell::{Cell, OnceCell, RefCell};
use std::fmt;
use std::rc::Rc;

thread_local! {
    /// The objects the judge has let go of since its last call: sent with the next one.
    static RELEASED: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

/// The numbers to send with the next call, for the probe to let go of.
pub(crate) fn released() -> Vec<u64> {
    RELEASED.with_borrow_mut(std::mem::take)
}

/// One of the submission's values in the probe (a position, a text interface, a skeleton),
/// let go of there once dropped here.
#[derive(Debug)]
pub(crate) struct Object(pub u64);

impl Drop for Object {
    fn drop(&mut self) {
        RELEASED.with_borrow_mut(|released| released.push(self.0));
    }
}

/// One of the handout's games as it crosses (its calls), and its moves as the suite makes
/// them.
pub(crate) trait Kind: calls::Game {
    type Move: Copy + PartialEq + fmt::Debug;
    fn put(mv: Self::Move) -> Self::MoveWire;
    fn take(wire: Self::MoveWire) -> Self::Move;
}

/// A position, and what the probe has answered about it, for each player (`false` first).
struct Kept<K: Kind> {
    object: Object,
    moves: [OnceCell<Vec<K::Move>>; 2],
    /// The position after each legal move, in their order.
    children: [OnceCell<Vec<Position<K>>>; 2],
    /// Whether a move was made from here already: a second one is a search going through
    /// them all, and makes them all at once.
    played: [Cell<bool>; 2],
    /// Whether they were all asked at once already (it fails when one of them panics).
    expanded: [Cell<bool>; 2],
    /// `evaluate` and `is_stable`.
    facts: [OnceCell<Facts>; 2],
    leaf: [OnceCell<bool>; 2],
    /// `None` when one of the accessors panicked.
    view: OnceCell<Option<K::View>>,
    /// Whether the suite has asked how good it is: then it is searching from here.
    searched: Cell<bool>,
}

/// One of the submission's positions.
pub(crate) struct Position<K: Kind>(Rc<Kept<K>>);

impl<K: Kind> Clone for Position<K> {
    /// The same object: a position never changes.
    fn clone(&self) -> Self {
        Position(Rc::clone(&self.0))
    }
}

impl<K: Kind> Position<K> {
    /// The position kept in the probe as object `id`.
    pub fn kept(id: u64) -> Self {
        Position(Rc::new(Kept {
            object: Object(id),
            moves: Default::default(),
            children: Default::default(),
            played: Default::default(),
            expanded: Default::default(),
            facts: Default::default(),
            leaf: Default::default(),
            view: OnceCell::new(),
            searched: Cell::new(false),
        }))
    }

    pub fn id(&self) -> u64 {
        self.0.object.0
    }

    pub fn start() -> Self {
        Position::kept(call::<position::GameStart<K>>(()))
    }

    pub fn play(&self, player: bool, mv: K::Move) -> Self {
        let side = usize::from(player);
        if self.0.played[side].replace(true) && self.0.children[side].get().is_none() {
            self.expand(player);
        }
        if let (Some(moves), Some(children)) = (self.0.moves[side].get(), self.0.children[side].get())
            && let Some(index) = moves.iter().position(|&known| known == mv)
        {
            return children[index].clone();
        }
        Position::kept(call::<position::Play<K>>((self.id(), player, K::put(mv))))
    }

    pub fn legal_moves(&self, player: bool) -> Vec<K::Move> {
        let side = usize::from(player);
        if let Some(moves) = self.0.moves[side].get() {
            return moves.clone();
        }
        if self.0.searched.get()
            && let Some(moves) = self.expand(player)
        {
            return moves;
        }
        let moves = call::<position::LegalMoves<K>>((self.id(), player));
        let moves: Vec<K::Move> = moves.into_iter().map(K::take).collect();
        let _ = self.0.moves[side].set(moves.clone());
        moves
    }

    /// `player`'s legal moves, with the position after each and how good it is for the
    /// other player (what a search asks next): `None` when one of those calls panicked.
    fn expand(&self, player: bool) -> Option<Vec<K::Move>> {
        if self.0.expanded[usize::from(player)].replace(true) {
            return None;
        }
        let expanded = try_call::<position::Expand<K>>((self.id(), player));
        self.expanded(player, expanded.ok()?)
    }

    /// Keeps an expansion for `player`; `None` when it is nonsense.
    fn expanded(&self, player: bool, (moves, children): Expansion<K::MoveWire>) -> Option<Vec<K::Move>> {
        let children: Vec<Position<K>> =
            children.into_iter().map(|(id, facts)| Position::searched(id, !player, facts)).collect();
        let moves: Vec<K::Move> = moves.into_iter().map(K::take).collect();
        if moves.len() != children.len() {
            return None;
        }
        let side = usize::from(player);
        let _ = self.0.moves[side].set(moves.clone());
        let _ = self.0.children[side].set(children);
        Some(moves)
    }

    /// A position of a search, kept as object `id`, with `facts` for `player`.
    fn searched(id: u64, player: bool, facts: Facts) -> Self {
        let position = Position::kept(id);
        position.0.searched.set(true);
        let _ = position.0.facts[usize::from(player)].set(facts);
        position
    }

    /// `evaluate` and `is_stable` for `player`; `None` when one of them panicked (then each
    /// is asked on its own).
    pub fn facts(&self, player: bool) -> Option<Facts> {
        let side = usize::from(player);
        if let Some(&facts) = self.0.facts[side].get() {
            return Some(facts);
        }
        self.look(player)?;
        self.0.facts[side].get().copied()
    }

    /// `is_leaf` for `player`; `None` when it panicked (then it is asked on its own). A
    /// position a search reaches that is not a leaf is searched next: its moves come along.
    pub fn is_leaf(&self, player: bool) -> Option<bool> {
        let side = usize::from(player);
        if let Some(&leaf) = self.0.leaf[side].get() {
            return Some(leaf);
        }
        if self.0.searched.get() && !self.0.expanded[side].replace(true) {
            let (leaf, expansion) = try_call::<position::LeafOrExpand<K>>((self.id(), player)).ok()?;
            if let Some(expansion) = expansion {
                self.expanded(player, expansion);
            }
            let _ = self.0.leaf[side].set(leaf);
            return Some(leaf);
        }
        self.look(player)?;
        self.0.leaf[side].get().copied()
    }

    /// Asks `evaluate`, `is_stable` and `is_leaf` for `player` at once: the suite is
    /// searching from here.
    fn look(&self, player: bool) -> Option<()> {
        self.0.searched.set(true);
        let calls::Looked { facts, leaf } = try_call::<position::Facts<K>>((self.id(), player)).ok()?;
        let side = usize::from(player);
        let _ = self.0.facts[side].set(facts);
        let _ = self.0.leaf[side].set(leaf);
        Some(())
    }

    /// What the accessors answer; `None` when one of them panicked (then each is asked on
    /// its own).
    pub fn view(&self) -> Option<&K::View> {
        self.0.view.get_or_init(|| try_call::<position::View<K>>(self.id()).ok()).as_ref()
    }

    pub fn to_text(&self) -> String {
        call::<position::ToString<K>>(self.id())
    }

    pub fn debug(&self) -> String {
        call::<position::Debug<K>>(self.id())
    }

    pub fn same(&self, other: &Self) -> bool {
        call::<position::Eq<K>>((self.id(), other.id()))
    }
}
