//! A transposition table: bounds on positions already searched, and the best move found there.

use super::Board;

/// What a search learnt about one position: its value lies in `lower..=upper` when searched
/// `depth` plies deep, and `best` was the best move (or [`NO_MOVE`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct Entry {
    player: u64,
    opponent: u64,
    /// A lower bound on the value.
    pub lower: i16,
    /// An upper bound on the value.
    pub upper: i16,
    /// How deep the search that found the bounds went.
    pub depth: u8,
    /// The best move found, or [`NO_MOVE`].
    pub best: u8,
    /// Whether the search cut off by [probability](super::endgame): its bounds are likely,
    /// not proven.
    selective: bool,
}

/// The `best` of an entry that knows no move.
pub const NO_MOVE: u8 = 64;

impl Entry {
    /// The value a search with the window `alpha..beta` may return at once: a bound that
    /// falls outside the window, or the exact value.
    pub fn cutoff(&self, alpha: i32, beta: i32) -> Option<i32> {
        let (lower, upper) = (i32::from(self.lower), i32::from(self.upper));
        if lower >= beta || lower == upper {
            Some(lower)
        } else if upper <= alpha {
            Some(upper)
        } else {
            None
        }
    }
}

/// A well-mixed hash of a position.
pub fn hash(board: &Board) -> u64 {
    let mixed = (board.player ^ board.opponent.rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (mixed ^ mixed >> 31).wrapping_mul(0xbf58_476d_1ce4_e5b9)
}

/// A table of 2^bits entries in buckets of two: one keeps the deepest search seen there, the
/// other the latest, so deep results (the costly ones) survive the many shallow ones. The
/// whole position is kept, so a hit is never another position's.
pub struct Table {
    entries: Vec<Entry>,
    shift: u32,
}

impl Table {
    /// An empty table of 2^`bits` entries (24 bytes each).
    pub fn new(bits: u32) -> Table {
        Table { entries: vec![Entry::default(); 1 << bits], shift: 64 - bits }
    }

    /// The first of the two slots of `board`'s bucket.
    fn bucket(&self, board: &Board) -> usize {
        (hash(board) >> self.shift) as usize & !1
    }

    /// The slot holding `board`, if any.
    fn find(&self, board: &Board) -> Option<usize> {
        let bucket = self.bucket(board);
        (bucket..bucket + 2).find(|&slot| {
            let entry = &self.entries[slot];
            entry.player == board.player && entry.opponent == board.opponent
        })
    }

    /// What the table knows of `board` for a search that is `selective` or exact, if
    /// anything: for an exact search, a selective one's best move but not its bounds.
    pub fn probe(&self, board: &Board, selective: bool) -> Option<Entry> {
        let mut entry = self.entries[self.find(board)?];
        if entry.selective && !selective {
            (entry.lower, entry.upper) = (i16::MIN, i16::MAX);
        }
        Some(entry)
    }

    /// Keeps what a fail-soft search `depth` deep with the window `alpha..beta`, `selective`
    /// or exact, learnt about `board`: its result `value` (within 16 bits) is a lower bound
    /// when it is at least `beta`, an upper bound when at most `alpha`, else exact. Bounds
    /// already known from a search as deep and as selective are kept when they agree. A
    /// position new to the table goes in the bucket's first slot if it is at least as deep
    /// as what is there (which moves to the second), else in the second.
    pub fn store(
        &mut self,
        board: &Board,
        (depth, selective): (u8, bool),
        (alpha, beta): (i32, i32),
        value: i32,
        best: u8,
    ) {
        let found =
            (if value > alpha { value as i16 } else { i16::MIN }, if value < beta { value as i16 } else { i16::MAX });
        let known = self.find(board);
        let merged = known
            .map(|slot| self.entries[slot])
            .filter(|known| known.depth == depth && known.selective == selective)
            .map(|known| (known.lower.max(found.0), known.upper.min(found.1)))
            .filter(|(lower, upper)| lower <= upper);
        // Bounds that disagree with the new search (a table can mislead) give way to it.
        let (lower, upper) = merged.unwrap_or(found);
        let entry = Entry { player: board.player, opponent: board.opponent, lower, upper, depth, best, selective };
        let bucket = self.bucket(board);
        let slot = known.unwrap_or_else(|| {
            if depth < self.entries[bucket].depth {
                return bucket + 1;
            }
            self.entries[bucket + 1] = self.entries[bucket];
            bucket
        });
        self.entries[slot] = entry;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(discs: u64) -> Board {
        Board { player: discs, opponent: discs << 32 }
    }

    /// One bucket, so that every position collides.
    #[test]
    fn a_bucket_keeps_the_deepest_and_the_latest() {
        let mut table = Table::new(1);
        let (a, b, c) = (board(1), board(2), board(4));
        table.store(&a, (12, false), (-64, 64), 0, NO_MOVE);
        table.store(&b, (14, false), (-64, 64), 0, NO_MOVE); // deeper: first, and `a` second
        assert!(table.probe(&a, false).is_some() && table.probe(&b, false).is_some());
        table.store(&c, (10, false), (-64, 64), 0, NO_MOVE); // shallower: second, in `a`'s place
        assert!(table.probe(&b, false).is_some() && table.probe(&c, false).is_some());
        assert!(table.probe(&a, false).is_none());
    }

    #[test]
    fn bounds_from_searches_as_deep_are_merged_unless_they_disagree() {
        let mut table = Table::new(4);
        let position = board(1);
        let bounds = |table: &Table| table.probe(&position, false).map(|entry| (entry.lower, entry.upper));
        table.store(&position, (8, false), (0, 5), 10, NO_MOVE); // at least 10
        table.store(&position, (8, false), (30, 40), 20, NO_MOVE); // at most 20
        assert_eq!(bounds(&table), Some((10, 20)));
        table.store(&position, (8, false), (30, 40), 5, NO_MOVE); // at most 5: disagrees, and wins
        assert_eq!(bounds(&table), Some((i16::MIN, 5)));
        table.store(&position, (9, false), (0, 5), 10, NO_MOVE); // deeper: replaces
        assert_eq!(bounds(&table), Some((10, i16::MAX)));
    }

    #[test]
    fn a_selective_search_tells_an_exact_one_its_move_and_not_its_bounds() {
        let mut table = Table::new(4);
        let position = board(1);
        table.store(&position, (8, true), (0, 5), 10, 27); // at least 10, probably
        let exact = table.probe(&position, false).expect("the entry");
        assert_eq!((exact.lower, exact.upper, exact.best), (i16::MIN, i16::MAX, 27));
        assert_eq!(exact.cutoff(-64, 64), None);
        let selective = table.probe(&position, true).expect("the entry");
        assert_eq!((selective.lower, selective.upper), (10, i16::MAX));
        table.store(&position, (8, false), (5, 10), 4, 27); // at most 4: replaces, not merged
        assert_eq!(table.probe(&position, true).map(|entry| (entry.lower, entry.upper)), Some((i16::MIN, 4)));
    }
}
