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
}

/// The `best` of an entry that knows no move.
pub const NO_MOVE: u8 = 64;

/// A table of 2^bits entries, one per slot; a new entry replaces the old one. The whole
/// position is kept, so a hit is never another position's.
pub struct Table {
    entries: Vec<Entry>,
    shift: u32,
}

impl Table {
    /// An empty table of 2^`bits` entries (24 bytes each).
    pub fn new(bits: u32) -> Table {
        Table { entries: vec![Entry::default(); 1 << bits], shift: 64 - bits }
    }

    fn slot(&self, board: &Board) -> usize {
        let mixed = (board.player ^ board.opponent.rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        ((mixed ^ mixed >> 31).wrapping_mul(0xbf58_476d_1ce4_e5b9) >> self.shift) as usize
    }

    /// What the table knows of `board`, if anything.
    pub fn probe(&self, board: &Board) -> Option<Entry> {
        let entry = self.entries[self.slot(board)];
        (entry.player == board.player && entry.opponent == board.opponent).then_some(entry)
    }

    /// Keeps what a search learnt about `board`.
    pub fn store(&mut self, board: &Board, depth: u8, lower: i16, upper: i16, best: u8) {
        let slot = self.slot(board);
        self.entries[slot] = Entry { player: board.player, opponent: board.opponent, lower, upper, depth, best };
    }
}
