//! A generic search an engine plugs its [`Evaluate`] into (Othello's does): negamax with
//! alpha–beta, a transposition table, move ordering, and iterative deepening until a deadline.
//!
//! Moves are tried in this order: the best move the table remembers for the position, then,
//! more than one ply from the horizon, by the evaluation of the position they lead to (the
//! lowest for the opponent first), then as [`Game::moves`](crate::game::Game::moves) gives them. Of equal values the
//! first move in that order is kept, so the search is deterministic.

use crate::game::Evaluate;
use std::time::Instant;

/// Beyond every value a game gives.
const INFINITY: i32 = i32::MAX / 2;

/// What a search learnt about one position: its value lies in `lower..=upper` when searched
/// `depth` plies deep, and `best` was the best move found.
#[derive(Clone, Copy)]
struct Entry<G: Evaluate> {
    position: G,
    lower: i32,
    upper: i32,
    depth: u32,
    best: Option<G::Move>,
}

/// A searcher for the game `G`, keeping its table between searches.
pub struct Searcher<G: Evaluate> {
    /// One slot per hash value's top bits; a new entry replaces the old one.
    table: Vec<Option<Entry<G>>>,
    shift: u32,
    /// A move list for each ply, kept so that searching allocates nothing.
    lists: Vec<Vec<(i32, G::Move)>>,
    /// The best move of the last search's root.
    root_move: Option<G::Move>,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

impl<G: Evaluate> Searcher<G> {
    /// A searcher with a table of 2^`bits` entries.
    pub fn new(bits: u32) -> Searcher<G> {
        Searcher {
            table: vec![None; 1 << bits],
            shift: 64 - bits,
            lists: Vec::new(),
            root_move: None,
            nodes: 0,
            deadline: None,
            stopped: false,
        }
    }

    /// How many positions the searcher has searched since it was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value of `position` searched `depth` plies deep.
    pub fn value(&mut self, position: &G, depth: u32) -> i32 {
        self.value_within(position, depth, -INFINITY, INFINITY)
    }

    /// The value of `position` searched `depth` plies deep if it lies strictly between `alpha`
    /// and `beta`; otherwise a bound on the same side of the window (fail-soft).
    pub fn value_within(&mut self, position: &G, depth: u32, alpha: i32, beta: i32) -> i32 {
        (self.deadline, self.stopped) = (None, false);
        self.search(position, depth, alpha, beta, 0)
    }

    /// The best move found by searching deeper and deeper until `deadline` (at least one ply
    /// deep, whatever the time) or `max_depth`; `None` when the game is over.
    pub fn best_move(&mut self, position: &G, deadline: Instant, max_depth: u32) -> Option<G::Move> {
        let mut best = position.moves().next()?;
        for depth in 1..=max_depth {
            (self.deadline, self.stopped) = ((depth > 1).then_some(deadline), false);
            self.search(position, depth, -INFINITY, INFINITY, 0);
            match self.root_move {
                Some(root_move) if !self.stopped => best = root_move,
                _ => break,
            }
        }
        Some(best)
    }

    /// The value of `position` if it lies strictly between `alpha` and `beta`; otherwise a
    /// bound on the same side of the window (fail-soft). `ply` is the distance from the root.
    fn search(&mut self, position: &G, depth: u32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && self.deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        if depth == 0 {
            return position.evaluate();
        }
        let known = self.probe(position);
        // At the root the search must run, to find its move.
        if let Some(entry) = known.filter(|entry| entry.depth >= depth && ply > 0) {
            if entry.lower >= beta || entry.lower == entry.upper {
                return entry.lower;
            }
            if entry.upper <= alpha {
                return entry.upper;
            }
        }
        let mut list = self.ordered(position, depth, known.and_then(|entry| entry.best), ply);
        if list.is_empty() {
            self.lists[ply] = list;
            return position.final_value();
        }
        if ply == 0 {
            self.root_move = None;
        }
        let window_alpha = alpha;
        let (mut best, mut best_move) = (-INFINITY, None);
        for index in 0..list.len() {
            // The lowest key left to the front, the others keeping their order.
            let lowest = (index..list.len()).min_by_key(|&other| list[other].0).expect("a move");
            list[index..=lowest].rotate_right(1);
            let mv = list[index].1;
            let score = -self.search(&after(position, mv), depth - 1, -beta, -alpha, ply + 1);
            if self.stopped {
                break;
            }
            if score > best {
                (best, best_move) = (score, Some(mv));
                if ply == 0 {
                    self.root_move = best_move;
                }
                if best >= beta {
                    break;
                }
                alpha = alpha.max(best);
            }
        }
        self.lists[ply] = list;
        if self.stopped {
            return 0;
        }
        self.store(position, depth, (window_alpha, beta), best, best_move);
        best
    }

    /// The moves of `position` with their sort keys (lowest first): the table's `first`,
    /// then by the evaluation after them unless the horizon is one ply away (evaluating them
    /// there is the search itself).
    fn ordered(&mut self, position: &G, depth: u32, first: Option<G::Move>, ply: usize) -> Vec<(i32, G::Move)> {
        if self.lists.len() <= ply {
            self.lists.resize_with(ply + 1, Vec::new);
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        list.extend(position.moves().map(|mv| match () {
            _ if Some(mv) == first => (i32::MIN, mv),
            _ if depth > 1 => (after(position, mv).evaluate(), mv),
            _ => (0, mv),
        }));
        list
    }

    fn slot(&self, position: &G) -> usize {
        (position.hash() >> self.shift) as usize
    }

    fn probe(&self, position: &G) -> Option<Entry<G>> {
        self.table[self.slot(position)].filter(|entry| entry.position == *position)
    }

    /// Keeps what a fail-soft search `depth` deep with the window `alpha..beta` learnt:
    /// `value` is a lower bound when at least `beta`, an upper bound when at most `alpha`,
    /// else exact.
    fn store(&mut self, position: &G, depth: u32, (alpha, beta): (i32, i32), value: i32, best: Option<G::Move>) {
        let lower = if value > alpha { value } else { -INFINITY };
        let upper = if value < beta { value } else { INFINITY };
        let slot = self.slot(position);
        self.table[slot] = Some(Entry { position: *position, lower, upper, depth, best });
    }
}

/// The position after `mv`, one of `position`'s moves.
fn after<G: Evaluate>(position: &G, mv: G::Move) -> G {
    let mut next = *position;
    next.play_unchecked(mv);
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Outcome};

    /// Nim with one pile: take one, two or three; whoever takes the last wins.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    struct Nim(u32);

    impl Game for Nim {
        type Move = u32;
        fn moves(&self) -> impl Iterator<Item = u32> {
            1..=self.0.min(3)
        }
        fn play_unchecked(&mut self, take: u32) {
            self.0 -= take;
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.0 == 0).then_some(Outcome::Loss)
        }
    }

    impl Evaluate for Nim {
        fn final_value(&self) -> i32 {
            -100 // the opponent took the last
        }
        fn evaluate(&self) -> i32 {
            if self.0 == 0 { self.final_value() } else { 0 }
        }
        fn hash(&self) -> u64 {
            u64::from(self.0).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        }
    }

    #[test]
    fn nim_is_lost_exactly_on_multiples_of_four() {
        let mut searcher = Searcher::new(8);
        for pile in 0..40 {
            let expected = if pile % 4 == 0 { -100 } else { 100 };
            assert_eq!(searcher.value(&Nim(pile), 40), expected, "pile {pile}");
        }
    }

    #[test]
    fn the_winning_move_leaves_a_multiple_of_four() {
        let mut searcher = Searcher::new(8);
        let deadline = Instant::now() + std::time::Duration::from_secs(60);
        for pile in (1..40).filter(|pile| pile % 4 != 0) {
            assert_eq!(searcher.best_move(&Nim(pile), deadline, 40), Some(pile % 4), "pile {pile}");
        }
        assert_eq!(searcher.best_move(&Nim(0), deadline, 40), None);
    }

    /// Taking all three wins at once: only a search finds it (the first move is 1).
    #[test]
    fn a_deadline_past_still_gives_a_move_from_one_ply() {
        let mut searcher = Searcher::new(8);
        assert_eq!(searcher.best_move(&Nim(3), Instant::now(), 1000), Some(3));
    }
}
