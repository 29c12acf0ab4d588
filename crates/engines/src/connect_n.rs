//! The reference engine for Connect N (the `connect_n` assignment, and Connect Four): a
//! scaffold of C columns and L levels, N in a row to win, solved exactly.
//!
//! Bitboards as in Pascal Pons's Connect Four solver, generalised to any shape with
//! `C × (L + 1) ≤ 64` and any N: column `c` holds bits `c·(L+1)` to `c·(L+1) + L − 1`, plus
//! one always-empty bit above, so that no line wraps from one column into the next. The
//! solver is a negamax with alpha–beta on a null window, iterated towards the exact score,
//! with a transposition table of upper and lower bounds (growing with a long solve and small
//! again for the next, one slot for a position and its mirror image early in a game, each
//! child's slot fetched into the cache before the position's own is read, and a child's bound
//! that refutes the position used before any move is searched), moves that lose at once
//! never tried, and threats first.
//!
//! Scores are for the player to move: a win whose last stone is played onto `m` stones scores
//! `(cells + 1 − m) / 2`, rounded down (on 7×6: 22 − k for a win with the winner's k-th stone,
//! as in the standard test sets), a loss the opposite, a draw 0.
//!
//! ```
//! use gamekit_engines::connect_n::{Position, Shape, Solver};
//! let shape = Shape::new(7, 6, 4).unwrap();
//! let position = Position::from_moves(shape, "2252576253462244111563365343671351441").unwrap();
//! assert_eq!(Solver::new(shape).solve(&position), -1);
//! ```

use crate::game::{Game, IllegalMove, Outcome};
use arrayvec::ArrayVec;
use std::fmt;

pub mod book;
pub use book::Book;

/// A scaffold and the number in a row that wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shape {
    columns: usize,
    levels: usize,
    n: usize,
    /// Every cell's bit.
    board_mask: u64,
    /// Every column's bottom cell's bit.
    bottom_mask: u64,
}

/// Why a shape or a position cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConnectError {
    #[error("a scaffold needs at least one column and one level, and N at least 1")]
    Empty,
    #[error("{columns} columns of {levels} levels do not fit the engine's 64-bit boards (columns × (levels + 1) ≤ 64)")]
    TooBig { columns: usize, levels: usize },
    #[error("move {index}: '{text}' is not a column from 1 to {columns}")]
    NotAColumn { index: usize, text: String, columns: usize },
    #[error("move {index}: column {column} is full")]
    ColumnFull { index: usize, column: usize },
    #[error("move {index}: the game was already won")]
    GameOver { index: usize },
    #[error("column {column}: a checker above an empty cell")]
    Floating { column: Column },
    #[error(
        "the player to move has {mover} checkers and the other {other}: the first player has as many as the second, or one more"
    )]
    Turn { mover: usize, other: usize },
    #[error("the player to move has N in a row already: the game ended before their turn")]
    MoverHasLine,
}

/// A column of a scaffold. People and the assignment number columns from 1 (`Display` and
/// `FromStr` do); the engine counts them from 0 ([`index`](Self::index)). Every column a
/// position takes or gives is one, so the two counts never meet as bare numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Column(u8);

impl Column {
    /// The column counted `index` from 0.
    ///
    /// # Panics
    /// When no scaffold has that column (64 or more).
    pub fn from_index(index: usize) -> Column {
        assert!(index < 64, "no scaffold has column index {index}");
        Column(index as u8)
    }

    /// The column numbered `number` from 1; `None` for 0 and beyond any scaffold.
    pub fn from_number(number: usize) -> Option<Column> {
        (1..=64).contains(&number).then(|| Column(number as u8 - 1))
    }

    /// Counted from 0.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Numbered from 1.
    pub fn number(self) -> usize {
        self.index() + 1
    }
}

/// Its number, from 1.
impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl Shape {
    /// Connect Four's: 7 columns of 6 levels, 4 in a row. The solver searches it with these
    /// sizes as constants.
    pub const CONNECT_FOUR: Shape =
        Shape { columns: 7, levels: 6, n: 4, board_mask: 0xfdfb_f7ef_dfbf, bottom_mask: 0x0408_1020_4081 };

    /// A scaffold of `columns` × `levels`, `n` in a row to win.
    ///
    /// # Errors
    /// When a size is 0 or the scaffold does not fit 64 bits.
    pub fn new(columns: usize, levels: usize, n: usize) -> Result<Shape, ConnectError> {
        if columns == 0 || levels == 0 || n == 0 {
            return Err(ConnectError::Empty);
        }
        if columns > 64 || levels > 63 || columns * (levels + 1) > 64 {
            return Err(ConnectError::TooBig { columns, levels });
        }
        let column_mask = |column: usize| ((1u64 << levels) - 1) << (column * (levels + 1));
        let board_mask = (0..columns).fold(0, |all, column| all | column_mask(column));
        let bottom_mask = (0..columns).fold(0, |all, column| all | 1 << (column * (levels + 1)));
        Ok(Shape { columns, levels, n, board_mask, bottom_mask })
    }

    /// The number of columns.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// The number of levels.
    pub fn levels(&self) -> usize {
        self.levels
    }

    /// How many in a row win.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Whether N in a row fits the scaffold at all: when it does not, every game is a draw.
    fn lines_fit(&self) -> bool {
        self.n <= self.columns.max(self.levels)
    }

    /// The number of cells.
    pub fn cells(&self) -> i32 {
        (self.columns * self.levels) as i32
    }

    /// The bits of column `column`'s bottom cell.
    fn bottom(&self, column: usize) -> u64 {
        1 << (column * (self.levels + 1))
    }

    /// The bits of all of column `column`'s cells.
    fn column_mask(&self, column: usize) -> u64 {
        ((1 << self.levels) - 1) << (column * (self.levels + 1))
    }

    /// The bit steps of the four directions: up, right, and the two diagonals.
    fn directions(&self) -> [u32; 4] {
        let step = self.levels as u32 + 1;
        [1, step, step - 1, step + 1]
    }

    /// Whether every shift along a line of N is less than 64 bits.
    fn short_lines(&self) -> bool {
        (self.n - 1).saturating_mul(self.levels + 2) < 64
    }

    /// The cells (empty or not) where a stone would complete N in a row with `stones`.
    #[inline(never)]
    fn completing(&self, stones: u64) -> u64 {
        let steps = self.directions();
        // N as a constant for the usual sizes, so that the loops unroll, and plain shifts when
        // no line reaches 64 bits (the wide shifts cost a quarter of the solver's time).
        let (shl, shr) = (|bits: u64, by: u32| bits << by, |bits: u64, by: u32| bits >> by);
        match (self.n, self.short_lines()) {
            (1, _) => !0,
            (2, true) => completing::<2>(stones, steps, 2, shl, shr),
            (3, true) => completing::<3>(stones, steps, 3, shl, shr),
            (4, true) => completing_four(stones, steps),
            (5, true) => completing::<5>(stones, steps, 5, shl, shr),
            (n, true) if n <= 64 => completing::<64>(stones, steps, n, shl, shr),
            (n, false) if n <= 64 => completing::<64>(stones, steps, n, shifted_up, shifted_down),
            _ => 0,
        }
    }

    /// The columns, from the centre outwards (the left one first of two equally central).
    fn centre_first(&self) -> Vec<usize> {
        let mut columns: Vec<usize> = (0..self.columns).collect();
        let centre = (self.columns as f64 - 1.0) / 2.0;
        columns.sort_by(|a, b| (*a as f64 - centre).abs().total_cmp(&(*b as f64 - centre).abs()).then(a.cmp(b)));
        columns
    }
}

/// The cells where a stone would complete `n` in a row with `stones`, in any of the
/// directions `steps` (up first): those with `a` stones just after them and `n − 1 − a` just
/// before, for some `a`. `n` is at most `CAP`, the size of a scratch array kept on the stack;
/// `shl` and `shr` shift bits left and right by a distance.
fn completing<const CAP: usize>(
    stones: u64,
    steps: [u32; 4],
    n: usize,
    shl: impl Fn(u64, u32) -> u64,
    shr: impl Fn(u64, u32) -> u64,
) -> u64 {
    // Up, only the stones below count: a cell with a stone above it is not empty.
    let mut cells = (1..n).fold(!0, |cells, k| cells & shl(stones, k as u32 * steps[0]));
    for step in steps.into_iter().skip(1) {
        // before[k]: the cells with k stones just before them in this direction.
        let mut before = [!0u64; CAP];
        for k in 1..n {
            before[k] = before[k - 1] & shl(stones, k as u32 * step);
        }
        let mut after = !0u64;
        for a in 0..n {
            if a > 0 {
                after &= shr(stones, a as u32 * step);
            }
            cells |= after & before[n - 1 - a];
        }
    }
    cells
}

/// [`completing`] for four in a row, with fewer steps: the pair of stones on each side of a
/// cell is found once for the two lines it makes. Inlined, so that Connect Four's steps are
/// constants.
#[inline(always)]
fn completing_four(stones: u64, steps: [u32; 4]) -> u64 {
    let mut cells = (stones << steps[0]) & (stones << (2 * steps[0])) & (stones << (3 * steps[0]));
    for step in steps.into_iter().skip(1) {
        let (before, after) = (stones << step, stones >> step);
        let two_before = before & (stones << (2 * step));
        let two_after = after & (stones >> (2 * step));
        cells |= two_before & (after | stones << (3 * step));
        cells |= two_after & (before | stones >> (3 * step));
    }
    cells
}

/// `bits << distance`, 0 from 64 on, without a branch.
fn shifted_up(bits: u64, distance: u32) -> u64 {
    (u128::from(bits) << distance.min(127)) as u64
}

/// `bits >> distance`, 0 from 64 on, without a branch.
fn shifted_down(bits: u64, distance: u32) -> u64 {
    (u128::from(bits) >> distance.min(127)) as u64
}

/// A position: the stones of the player to move, all stones, and how many were played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    shape: Shape,
    current: u64,
    mask: u64,
    stones: i32,
}

impl Position {
    /// The empty scaffold.
    pub fn new(shape: Shape) -> Position {
        Position { shape, current: 0, mask: 0, stones: 0 }
    }

    /// The position after `moves`: columns from 1, as digits (`"4453"`) or, for scaffolds of
    /// ten columns or more, separated by commas or spaces (`"10,1,10"`).
    ///
    /// # Errors
    /// A move that is not a column, a full column, or a move after the game was won.
    pub fn from_moves(shape: Shape, moves: &str) -> Result<Position, ConnectError> {
        let tokens: Vec<&str> = if moves.contains([',', ' ']) {
            moves.split([',', ' ']).filter(|token| !token.is_empty()).collect()
        } else {
            moves.split("").filter(|token| !token.is_empty()).collect()
        };
        let mut position = Position::new(shape);
        for (index, text) in tokens.into_iter().enumerate() {
            let index = index + 1;
            let column = text
                .parse::<usize>()
                .ok()
                .filter(|number| (1..=shape.columns).contains(number))
                .and_then(Column::from_number)
                .ok_or_else(|| ConnectError::NotAColumn { index, text: text.to_owned(), columns: shape.columns })?;
            if !position.can_play(column) {
                return Err(ConnectError::ColumnFull { index, column: column.number() });
            }
            if position.is_over() {
                return Err(ConnectError::GameOver { index });
            }
            position.play_unchecked(column);
        }
        Ok(position)
    }

    /// A position from each cell's checker: `owner(column, level)`, levels from 0 at the
    /// bottom, is `Some(true)` for a checker of the player to move, `Some(false)` for one of
    /// the other, `None` for an empty cell. For a player who sees only the scaffold, not the
    /// moves that filled it.
    ///
    /// # Errors
    /// A checker above an empty cell, or checkers that no game could have made: the player
    /// to move with more checkers than the other or two fewer, or with N in a row.
    pub fn from_owners(shape: Shape, owner: impl Fn(Column, usize) -> Option<bool>) -> Result<Position, ConnectError> {
        let mut position = Position::new(shape);
        for column in (0..shape.columns).map(Column::from_index) {
            let checkers = (0..shape.levels).map(|level| owner(column, level));
            let mut empty_below = false;
            for (level, checker) in checkers.enumerate() {
                let bit = shape.bottom(column.index()) << level;
                match checker {
                    Some(_) if empty_below => return Err(ConnectError::Floating { column }),
                    Some(mine) => {
                        position.mask |= bit;
                        position.current |= if mine { bit } else { 0 };
                        position.stones += 1;
                    }
                    None => empty_below = true,
                }
            }
        }
        let mover = position.current.count_ones() as usize;
        let other = position.stones as usize - mover;
        if other != mover && other != mover + 1 {
            return Err(ConnectError::Turn { mover, other });
        }
        if position.has_line(position.current) {
            return Err(ConnectError::MoverHasLine);
        }
        Ok(position)
    }

    /// The scaffold.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// How many stones have been played.
    pub fn stones(&self) -> i32 {
        self.stones
    }

    /// Whether `column` is on the scaffold and has room.
    pub fn can_play(&self, column: Column) -> bool {
        let column = column.index();
        column < self.shape.columns && self.mask & self.shape.column_mask(column) != self.shape.column_mask(column)
    }

    /// The columns of the scaffold, left to right.
    fn columns(&self) -> impl Iterator<Item = Column> {
        (0..self.shape.columns).map(Column::from_index)
    }

    /// This position after the player to move's stone in `cell`, a playable cell's bit.
    fn after(&self, cell: u64) -> Position {
        Position { current: self.current ^ self.mask, mask: self.mask | cell, stones: self.stones + 1, ..*self }
    }

    /// Whether the player to move wins by playing in `column`.
    pub fn is_winning_move(&self, column: Column) -> bool {
        self.can_play(column)
            && self.winning_cells(self.current) & self.possible() & self.shape.column_mask(column.index()) != 0
    }

    /// The score of the player to move winning with their next stone.
    fn win_score(&self) -> i32 {
        (self.shape.cells() + 1 - self.stones) / 2
    }

    /// Whether the last move won, or the scaffold is full.
    pub fn is_over(&self) -> bool {
        self.stones == self.shape.cells() || self.has_line(self.current ^ self.mask)
    }

    /// Whether `stones` hold N in a row.
    fn has_line(&self, stones: u64) -> bool {
        self.shape.lines_fit()
            && self
                .shape
                .directions()
                .into_iter()
                .any(|step| (1..self.shape.n).fold(stones, |line, i| line & shifted_down(stones, i as u32 * step)) != 0)
    }

    /// The empty cells (playable now or not) where a stone would complete N in a row with
    /// `stones`.
    #[inline(always)]
    fn winning_cells(&self, stones: u64) -> u64 {
        let cells = if self.shape.n == 4 && self.shape.levels == 6 {
            // Connect Four's own scaffold, inline and with its steps as constants.
            completing_four(stones, [1, 7, 6, 8])
        } else {
            self.shape.completing(stones)
        };
        cells & (self.shape.board_mask ^ self.mask)
    }

    /// The cells a stone can be played in now: the lowest empty one of each column.
    fn possible(&self) -> u64 {
        (self.mask + self.shape.bottom_mask) & self.shape.board_mask
    }

    /// The empty cells where the opponent would complete a line: the player to move must
    /// stop them.
    fn opponent_wins(&self) -> u64 {
        self.winning_cells(self.current ^ self.mask)
    }

    /// The playable cells that do not let the opponent win at once, given the cells where the
    /// opponent would complete a line ([`opponent_wins`](Self::opponent_wins)): empty when
    /// every move loses (two threats, or a threat above the only move).
    fn non_losing_moves(&self, opponent_wins: u64) -> u64 {
        let mut possible = self.possible();
        let forced = possible & opponent_wins;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(opponent_wins >> 1)
    }

    /// A key telling this position from every other of its scaffold.
    fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The key of this position or of its mirror image, whichever is less: a position and
    /// its mirror have the same score, and this key is the same for both.
    fn symmetric_key(&self) -> u64 {
        let key = self.key();
        // Each column's bits of the key are its own (the sum carries no further than the
        // column's sentinel), so the mirror's key is the key's columns in reverse.
        let step = self.shape.levels + 1;
        let column = u64::MAX >> (64 - step);
        let last = self.shape.columns - 1;
        let mirror = (0..self.shape.columns)
            .fold(0, |mirror, index| mirror | (key >> (index * step) & column) << ((last - index) * step));
        key.min(mirror)
    }

    /// The key the solver's table keeps this position under. Early in a game, when mirror
    /// images meet often in a search, the [symmetric key](Self::symmetric_key), one entry
    /// for both; later, the plain key, cheaper.
    fn table_key(&self) -> u64 {
        if self.stones >= SYMMETRIC_UNTIL || self.shape.columns == 1 { self.key() } else { self.symmetric_key() }
    }
}

/// Connect N's rules: a move is a column, any with room, left to right, until a line of N or
/// a full scaffold ends the game.
impl Game for Position {
    type Move = Column;

    fn moves(&self) -> impl Iterator<Item = Column> {
        let over = self.is_over();
        self.columns().filter(move |&column| !over && self.can_play(column))
    }

    /// The player to move's stone in `column`, which must have room.
    fn play_unchecked(&mut self, column: Column) {
        let column = column.index();
        *self = self.after((self.mask + self.shape.bottom(column)) & self.shape.column_mask(column));
    }

    /// A full column, a column off the scaffold, and any move once the game is over are
    /// refused.
    fn play(&mut self, column: Column) -> Result<(), IllegalMove<Column>> {
        if self.is_over() || !self.can_play(column) {
            return Err(IllegalMove(column));
        }
        self.play_unchecked(column);
        Ok(())
    }

    /// A loss when the last move made N in a row, a draw when the scaffold is full.
    fn outcome(&self) -> Option<Outcome> {
        if self.has_line(self.current ^ self.mask) {
            Some(Outcome::Loss)
        } else {
            (self.stones == self.shape.cells()).then_some(Outcome::Draw)
        }
    }
}

/// Columns with the player to move's stones as `X` or `O` by parity, top level first.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let first = if self.stones % 2 == 0 { self.current } else { self.current ^ self.mask };
        for level in (0..self.shape.levels).rev() {
            for column in 0..self.shape.columns {
                let bit = self.shape.bottom(column) << level;
                let cell = if self.mask & bit == 0 {
                    '.'
                } else if first & bit != 0 {
                    'X'
                } else {
                    'O'
                };
                write!(f, "{cell}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// The table's lengths, as powers of 2: 2^20 slots (8 MB), 2^23 (64 MB) and 2^26 (512 MB). A
/// search starts with the smallest, which stays in the processor's cache (its L3 on this
/// project's machine), and moves to the next after [`GROW_AFTER`] positions of one solve,
/// when positions saved matter more than waiting on memory. (On Connect Four, 64 MB from the
/// start made begin-medium 30% slower, 8 MB throughout made begin-hard 40% slower, and
/// growing after 2 M positions instead of 8 M made begin-medium 8% slower; growing after
/// 32 M rather than 8 M, paired runs: begin-hard's first 20 in 0.97 of the time, begin-medium
/// the same, and 16 M or 64 M, 0.98 to 0.99; 512 MB rather than 64 MB searched the empty
/// board in 2.3 G positions rather than 3.9 G, 213 s rather than 351.)
const LENGTHS: [u32; 3] = [20, 23, 26];
const GROW_AFTER: [u64; 2] = [32_000_000, 128_000_000];

/// Below this many stones, a position and its mirror image share a slot: early in a game,
/// mirror images meet often in a search (the empty board: 2.33 G positions without, 1.33 G
/// with; begin-medium: the same time). Later they rarely do, and the plain key is cheaper.
/// (Only 0 and 16 were measured.)
const SYMMETRIC_UNTIL: i32 = 16;

/// Below this many stones, a position searched before looks in the table for a child that
/// refutes it before searching any (an *enhanced transposition cut-off*): the children's
/// slots are on their way into the cache already, and they were most likely searched too.
/// Paired runs: begin-medium 4% faster, begin-easy the same. (At every position below 30
/// stones, searched before or not: begin-medium 18% fewer positions and 5% faster, the empty
/// board 26% fewer, but begin-easy 34% slower, its short searches paying for look-ups that
/// miss.)
const CUTOFF_UNTIL: i32 = 30;

/// What the table knows of a position's score: at least `lower` and at most `upper`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Bounds {
    lower: i32,
    upper: i32,
}

impl Bounds {
    /// Nothing known: every score of a scaffold of up to 64 cells is within these.
    const NONE: Bounds = Bounds { lower: -64, upper: 63 };

    /// These, knowing also that the score is at least `score`.
    fn at_least(self, score: i32) -> Bounds {
        Bounds { lower: score, ..self }
    }

    /// These, knowing also that the score is at most `score`.
    fn at_most(self, score: i32) -> Bounds {
        Bounds { upper: score, ..self }
    }
}

/// The odd constant that spreads keys over the table's slots: 2^64 over the golden ratio, so
/// that keys differing in a few bits land far apart.
const SPREAD: u64 = 0x9E37_79B9_7F4A_7C15;

/// [`SPREAD`]'s inverse modulo 2^64 (Newton's iteration, each step doubling the bits that are
/// right), which takes a slot and its check back to the key.
const SPREAD_INVERSE: u64 = {
    let mut inverse = SPREAD;
    let mut step = 0;
    while step < 5 {
        inverse = inverse.wrapping_mul(2u64.wrapping_sub(SPREAD.wrapping_mul(inverse)));
        step += 1;
    }
    inverse
};

/// The bits of a key a slot keeps, its low ones: with the top [`HIGH_BITS`] of the key's
/// product by [`SPREAD`], which every length of table has in its slot's number, they are the
/// whole key.
const CHECK_BITS: u32 = 64 - HIGH_BITS;
const HIGH_BITS: u32 = 20;
const _: () = assert!(LENGTHS[0] >= HIGH_BITS);

/// The solver's transposition table: both bounds by key. The slot is the top bits of the key
/// times [`SPREAD`], and holds the key's low [`CHECK_BITS`] above the bounds: bits 7–13 are 63
/// less the upper bound, bits 0–6 the lower + 64, so that 0 knows nothing. With the slot, that
/// is the whole key (see [`key`](Self::key)), which a table moving to another length needs.
/// Eight bytes a slot keep the table small, and a small table fast. (The slot was the key
/// modulo a prime length: the multiplication is fewer instructions, for 6% fewer a position,
/// and spreads keys as well: begin-medium's first 30 took 0.83 of the time. A slot held one
/// bound until 2026-12-07: both searched the same positions in 0.96 of the time.)
struct Table {
    slots: Vec<u64>,
    /// Which of the [`LENGTHS`] it has.
    size: usize,
    /// 64 less that length's power of 2: the shift that leaves a slot of a product.
    shift: u32,
}

impl Table {
    fn new() -> Table {
        Table::of_length(0)
    }

    /// An empty table of the [`LENGTHS`]`[size]`.
    fn of_length(size: usize) -> Table {
        Table { slots: vec![0; 1 << LENGTHS[size]], size, shift: 64 - LENGTHS[size] }
    }

    /// Empties the table, smallest again.
    fn clear(&mut self) {
        if self.size > 0 {
            *self = Table::new();
        } else {
            self.slots.fill(0);
        }
    }

    /// Moves to the [`LENGTHS`]`[size]`, keeping what the table knows. (Moving to a shorter
    /// length keeps what fits: of two keys that meet in a slot, the later.)
    fn resize(&mut self, size: usize) {
        let before = std::mem::replace(self, Table::of_length(size));
        for (slot, &entry) in before.slots.iter().enumerate().filter(|&(_, &entry)| entry != 0) {
            let at = self.slot(before.key(slot, entry));
            self.slots[at] = entry;
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(SPREAD) >> self.shift) as usize
    }

    fn check(key: u64) -> u64 {
        key & ((1 << CHECK_BITS) - 1)
    }

    /// The key whose `entry` is in `slot`. The slot's top [`HIGH_BITS`] are those of the
    /// key's product by [`SPREAD`]: the key's high bits times [`SPREAD`], plus the top bits of
    /// its check's product, modulo 2^[`HIGH_BITS`].
    fn key(&self, slot: usize, entry: u64) -> u64 {
        let check = entry >> HIGH_BITS;
        let top = slot as u64 >> (LENGTHS[self.size] - HIGH_BITS);
        let carried = check.wrapping_mul(SPREAD) >> CHECK_BITS;
        let high = top.wrapping_sub(carried).wrapping_mul(SPREAD_INVERSE) & ((1 << HIGH_BITS) - 1);
        high << CHECK_BITS | check
    }

    fn get(&self, key: u64) -> Bounds {
        let entry = self.slots[self.slot(key)];
        if entry >> HIGH_BITS == Table::check(key) {
            Bounds { lower: (entry & 0x7f) as i32 - 64, upper: 63 - (entry >> 7 & 0x7f) as i32 }
        } else {
            Bounds::NONE
        }
    }

    fn put(&mut self, key: u64, bounds: Bounds) {
        let slot = self.slot(key);
        self.slots[slot] =
            Table::check(key) << HIGH_BITS | ((63 - bounds.upper) as u64) << 7 | (bounds.lower + 64) as u64;
    }

    /// Asks the processor to bring `key`'s slot into the cache, so that the search does not
    /// wait on it when it gets there: a parent does this for each child before searching the
    /// first (it cut the time on Connect Four by 40%).
    fn prefetch(&self, key: u64) {
        let slot: *const u64 = &self.slots[self.slot(key)];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch only hints the cache: it reads nothing the program sees and
        // cannot fault, and `slot` points into the table besides.
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(slot.cast());
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = slot;
    }
}

/// The score a search between `min` and `max` asks about next: halfway, or, where halfway is
/// on one side of a draw, half the bound on that side when that is further (as the tutorial's
/// solver asks).
fn halfway(min: i32, max: i32) -> i32 {
    let middle = min + (max - min) / 2;
    if middle <= 0 && min / 2 < middle {
        min / 2
    } else if middle >= 0 && max / 2 > middle {
        max / 2
    } else {
        middle
    }
}

/// The exact solver, with its transposition table and a count of the positions it searched.
pub struct Solver {
    shape: Shape,
    /// The columns, the most central first.
    order: Vec<usize>,
    /// For each cell's bit, how central its column is: 255 for the most central, one less
    /// for each next in [`order`](Self::order).
    centrality: [u8; 64],
    table: Table,
    nodes: u64,
    /// When to move to the next length of table: [`GROW_AFTER`] positions into a solve, but
    /// tests grow it sooner.
    grow_after: [u64; 2],
    /// The count when the current solve began.
    solve_began: u64,
    /// Scores known without a search.
    book: Book,
}

impl Solver {
    /// A solver for `shape`, with an empty table.
    pub fn new(shape: Shape) -> Solver {
        let order = shape.centre_first();
        Solver {
            shape,
            centrality: std::array::from_fn(|bit| {
                let column = bit / (shape.levels + 1);
                order.iter().position(|&other| other == column).map_or(0, |rank| 255 - rank as u8)
            }),
            order,
            table: Table::new(),
            nodes: 0,
            grow_after: GROW_AFTER,
            solve_began: 0,
            book: Book::new(shape),
        }
    }

    /// This solver, answering the positions `book` holds from it rather than searching, and
    /// starting the search of a position next to the book from the floor the book gives.
    pub fn with_book(self, book: Book) -> Solver {
        Solver { book, ..self }
    }

    /// The scaffold it solves.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// How many positions the solver has searched since it was made or reset.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Forgets the table and the count.
    pub fn reset(&mut self) {
        self.table.clear();
        self.nodes = 0;
    }

    /// The exact score of `position` for the player to move (see the module's docs).
    ///
    /// # Panics
    /// When the game is over or the position is of another shape.
    pub fn solve(&mut self, position: &Position) -> i32 {
        assert!(!position.is_over(), "the game is over");
        self.begin();
        self.exact(position)
    }

    /// [`solve`](Self::solve) for a position near the last one solved, as a sibling is in a
    /// book's build: their searches share most positions, so the table keeps the size the
    /// last solve grew it to, and all it knows.
    ///
    /// # Panics
    /// When the game is over or the position is of another shape.
    pub fn solve_near(&mut self, position: &Position) -> i32 {
        assert!(!position.is_over(), "the game is over");
        self.solve_began = self.nodes;
        self.exact(position)
    }

    /// Starts a solve of a new position (and of the positions its answer needs): the table
    /// goes back to its first length, keeping what fits, and the count towards growing it
    /// again starts. A table grown for an earlier long solve is slow for the next, most
    /// often short, one: after begin-medium's 45th position (the first to grow it), every
    /// later one searched a 64 MB table (its first 300: 22.7 s; back to 8 MB for each, 16.3
    /// s, with 7% more positions).
    fn begin(&mut self) {
        if self.table.size > 0 {
            self.table.resize(0);
        }
        self.solve_began = self.nodes;
    }

    /// [`solve`](Self::solve) within the solve [begun](Self::begin) already.
    fn exact(&mut self, position: &Position) -> i32 {
        assert_eq!(position.shape, self.shape, "a position of another shape");
        if let Some(score) = self.settled(position) {
            return score;
        }
        let (mut min, mut max) = (-(self.shape.cells() - position.stones) / 2, position.win_score());
        // Next to the book, a position's score is at least what the book's positions one move
        // before it give away by that move, and often just that: the first search asks
        // whether it is more.
        let floor = self.book_floor(position);
        min = floor.map_or(min, |floor| min.max(floor));
        let mut guess = floor.filter(|&floor| floor == min);
        while min < max {
            let middle = guess.take().unwrap_or_else(|| halfway(min, max));
            let score = self.null_window(position, middle);
            if score <= middle {
                max = score;
            } else {
                min = score;
            }
        }
        min
    }

    /// The score of `position` (not over, or full) when it needs no search: a draw on a full
    /// scaffold or where N in a row fits nowhere, the book's, or a win with the next stone.
    fn settled(&self, position: &Position) -> Option<i32> {
        if position.stones == self.shape.cells() || !self.shape.lines_fit() {
            return Some(0);
        }
        let wins_now = || position.columns().any(|column| position.is_winning_move(column));
        self.book.score(position).or_else(|| wins_now().then(|| position.win_score()))
    }

    /// The least score of `position` that the book shows: each position one move before it
    /// that the book holds scores at least minus its score, since that move is one of its
    /// options.
    fn book_floor(&self, position: &Position) -> Option<i32> {
        if !(1..=self.book.plies() + 1).contains(&position.stones) {
            return None;
        }
        let last_mover = position.current ^ position.mask;
        (0..self.shape.columns)
            .filter_map(|column| {
                let stones = position.mask & self.shape.column_mask(column);
                let top = stones.checked_ilog2().map(|bit| 1u64 << bit)?;
                let before = Position {
                    current: last_mover & !top,
                    mask: position.mask & !top,
                    stones: position.stones - 1,
                    ..*position
                };
                (last_mover & top != 0).then(|| self.book.score(&before)).flatten()
            })
            .map(|score| -score)
            .max()
    }

    /// The exact value of every column for the player to move (`None` for a full column),
    /// left to right.
    pub fn analyze(&mut self, position: &Position) -> Vec<Option<i32>> {
        let cells = self.shape.cells();
        self.begin();
        position
            .columns()
            .map(|column| {
                if !position.can_play(column) {
                    return None;
                }
                if position.is_winning_move(column) {
                    return Some(position.win_score());
                }
                let mut next = *position;
                next.play_unchecked(column);
                Some(if next.stones == cells { 0 } else { -self.exact(&next) })
            })
            .collect()
    }

    /// A best column for the player to move, and the position's score: what a player needs,
    /// sooner than [`analyze`](Self::analyze) gives it. The score is found as
    /// [`solve`](Self::solve) finds it (from the book when it holds the position), then the
    /// columns are tried from the centre out until one is proven to keep that score, each by
    /// one null-window search, cheaper than a column's exact value. `None` when the game is
    /// over.
    ///
    /// # Panics
    /// When the position is of another shape.
    pub fn best_move(&mut self, position: &Position) -> Option<(Column, i32)> {
        if position.is_over() {
            return None;
        }
        assert_eq!(position.shape, self.shape, "a position of another shape");
        let order: Vec<Column> = self.order.iter().copied().map(Column::from_index).collect();
        if let Some(&column) = order.iter().find(|&&column| position.is_winning_move(column)) {
            return Some((column, position.win_score()));
        }
        self.begin();
        let score = self.exact(position);
        let column = order.into_iter().filter(|&column| position.can_play(column)).find(|&column| {
            let mut next = *position;
            next.play_unchecked(column);
            self.at_most(&next, -score)
        });
        // Only a book whose scores are not the solver's leaves no column proven; then every
        // column's value decides.
        column
            .or_else(|| {
                let values = self.analyze(position);
                self.best(&values)
            })
            .map(|column| (column, score))
    }

    /// Whether the score of `position` (not over, or full) is at most `bound`.
    fn at_most(&mut self, position: &Position, bound: i32) -> bool {
        match self.settled(position) {
            Some(score) => score <= bound,
            None => self.null_window(position, bound) <= bound,
        }
    }

    /// The best column among `values` (as [`analyze`](Self::analyze) gives them): the
    /// highest value, the most central column among equals.
    pub fn best(&self, values: &[Option<i32>]) -> Option<Column> {
        let best = values.iter().flatten().max()?;
        self.order.iter().copied().find(|&column| values[column] == Some(*best)).map(Column::from_index)
    }

    /// A score of at least `beta` that one of `moves` is known to give, from what the table
    /// knows of the position after it: a child whose score is at most `-beta`.
    fn refuting_child(&self, moves: &[Trial], beta: i32) -> Option<i32> {
        moves.iter().map(|trial| -self.table.get(trial.key).upper).find(|&score| score >= beta)
    }

    /// Whether the score of `position` is more than `bound`: a search on the null window
    /// `bound..bound + 1`, which gives a score above `bound` if it is, else at most `bound`.
    fn null_window(&mut self, position: &Position, bound: i32) -> i32 {
        let (key, opponent_wins) = (position.table_key(), position.opponent_wins());
        if self.shape == Shape::CONNECT_FOUR {
            self.negamax::<true>(position, key, opponent_wins, bound, bound + 1)
        } else {
            self.negamax::<false>(position, key, opponent_wins, bound, bound + 1)
        }
    }

    /// The score of `position`, whose [table key](Position::table_key) is `key`, within
    /// `alpha` and `beta`, given the cells where the opponent would complete a line (which
    /// the parent has found already, sorting its moves). `FOUR` says the shape is
    /// [Connect Four's](Shape::CONNECT_FOUR): then its sizes and masks are constants.
    fn negamax<const FOUR: bool>(
        &mut self,
        position: &Position,
        key: u64,
        opponent_wins: u64,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        let position = &if FOUR { Position { shape: Shape::CONNECT_FOUR, ..*position } } else { *position };
        self.nodes += 1;
        if self.grow_after.get(self.table.size) == Some(&(self.nodes - self.solve_began)) {
            self.table.resize(self.table.size + 1);
        }
        let cells = position.shape.cells();
        let next = position.non_losing_moves(opponent_wins);
        if next == 0 {
            return -(cells - position.stones) / 2;
        }
        if position.stones >= cells - 2 {
            return 0;
        }
        // Each child's key, found once, and its slot asked for now, before this position's
        // own, so that the first child's has arrived when it is searched.
        let mut moves = ArrayVec::<Trial, 32>::new();
        let mut rest = next;
        while rest != 0 {
            let cell = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let key = position.after(cell).table_key();
            self.table.prefetch(key);
            moves.push(Trial { cell, key, threats: 0, priority: 0 });
        }
        let (mut min, mut max) = (-(cells - 2 - position.stones) / 2, (cells - 1 - position.stones) / 2);
        let known = self.table.get(key);
        min = min.max(known.lower);
        max = max.min(known.upper);
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }
        if position.stones < CUTOFF_UNTIL
            && known != Bounds::NONE
            && let Some(score) = self.refuting_child(&moves, beta)
        {
            self.table.put(key, known.at_least(score));
            return score;
        }
        // Most threats first, the most central first among equals (an insertion sort).
        for index in 0..moves.len() {
            let mut trial = moves[index];
            trial.threats = position.winning_cells(position.current | trial.cell) & !trial.cell;
            trial.priority =
                trial.threats.count_ones() << 8 | u32::from(self.centrality[trial.cell.trailing_zeros() as usize]);
            let mut at = index;
            while at > 0 && moves[at - 1].priority < trial.priority {
                moves[at] = moves[at - 1];
                at -= 1;
            }
            moves[at] = trial;
        }
        for trial in moves.iter() {
            let score = -self.negamax::<FOUR>(&position.after(trial.cell), trial.key, trial.threats, -beta, -alpha);
            if score >= beta {
                self.table.put(key, known.at_least(score));
                return score;
            }
            alpha = alpha.max(score);
        }
        self.table.put(key, known.at_most(alpha));
        alpha
    }
}

/// A move the search tries: the stone's cell, the [table key](Position::table_key) of the
/// position after it, the empty cells where that stone helps complete a line (the child's
/// opponent's wins), and its place in the order the moves are tried, highest first.
#[derive(Debug, Clone, Copy)]
struct Trial {
    cell: u64,
    key: u64,
    threats: u64,
    priority: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solve(columns: usize, levels: usize, n: usize, moves: &str) -> i32 {
        let shape = Shape::new(columns, levels, n).unwrap();
        Solver::new(shape).solve(&Position::from_moves(shape, moves).unwrap())
    }

    #[test]
    fn connect_fours_constant_shape_is_the_one_made() {
        assert_eq!(Shape::new(7, 6, 4), Ok(Shape::CONNECT_FOUR));
    }

    #[test]
    fn solved_scaffolds_of_connect_four() {
        assert_eq!(solve(4, 4, 4, ""), 0, "4×4 is a draw");
        assert_eq!(solve(5, 4, 4, ""), 0, "5×4 is a draw");
        assert!(solve(6, 4, 4, "") < 0, "6×4 is won by the second player");
        assert_eq!(solve(5, 5, 4, ""), 0, "5×5 is a draw");
    }

    /// A position read from its cells is the position its moves made, and cells no game
    /// could have made are refused.
    #[test]
    fn a_position_from_its_cells() {
        let shape = Shape::new(7, 6, 4).unwrap();
        for moves in ["", "4", "44", "4455", "1234567", "444444", "3333332"] {
            let position = Position::from_moves(shape, moves).unwrap();
            let owner = |column: Column, level: usize| {
                let bit = shape.bottom(column.index()) << level;
                (position.mask & bit != 0).then_some(position.current & bit != 0)
            };
            assert_eq!(Position::from_owners(shape, owner), Ok(position), "{moves}");
        }
        let floating = |column: Column, level| (column.index() == 2 && level == 1).then_some(false);
        assert_eq!(
            Position::from_owners(shape, floating),
            Err(ConnectError::Floating { column: Column::from_index(2) })
        );
        let two_ahead = |column: Column, level| (level == 0 && column.index() < 2).then_some(false);
        assert_eq!(Position::from_owners(shape, two_ahead), Err(ConnectError::Turn { mover: 0, other: 2 }));
        let mover_ahead = |column: Column, level| (level == 0 && column.index() == 0).then_some(true);
        assert_eq!(Position::from_owners(shape, mover_ahead), Err(ConnectError::Turn { mover: 1, other: 0 }));
        // Four of the player to move up column 1, four of the other's in columns 2 and 3.
        let mover_won = |column: Column, level| match column.index() {
            0 if level < 4 => Some(true),
            1 | 2 if level < 2 => Some(false),
            _ => None,
        };
        assert_eq!(Position::from_owners(shape, mover_won), Err(ConnectError::MoverHasLine));
    }

    /// Sizes that cannot be are refused, however large; N in a row that does not fit the
    /// scaffold makes every game a draw, found without a search.
    #[test]
    fn sizes_that_cannot_be_and_lines_that_cannot_fit() {
        for (columns, levels) in [(usize::MAX, 3), (3, usize::MAX), (1 << 62, 3), (65, 0), (1, 64)] {
            assert!(Shape::new(columns, levels, 4).is_err(), "{columns} × {levels}");
        }
        let shape = Shape::new(7, 6, 8).unwrap();
        let mut solver = Solver::new(shape);
        assert_eq!(solver.solve(&Position::new(shape)), 0);
        assert_eq!(solver.best_move(&Position::new(shape)), Some((Column::from_index(3), 0)));
        assert_eq!(solver.nodes(), 0);
        let huge = Shape::new(7, 6, usize::MAX).unwrap();
        assert!(!Position::from_moves(huge, "4444").unwrap().is_over());
    }

    /// The best move keeps the position's exact score, as every column's exact value shows,
    /// from positions early and late in a game, won, drawn and lost.
    #[test]
    fn the_best_move_keeps_the_score() {
        let shape = Shape::new(7, 6, 4).unwrap();
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/connect4/Test_L2_R2"))
            .unwrap();
        let mut solver = Solver::new(shape);
        for line in text.lines().take(30) {
            let (moves, score) = line.split_once(' ').unwrap();
            let position = Position::from_moves(shape, moves).unwrap();
            let (column, best) = solver.best_move(&position).unwrap();
            assert_eq!(best.to_string(), score, "{moves}");
            assert_eq!(solver.analyze(&position)[column.index()], Some(best), "{moves}: column {column}");
        }
        for (columns, levels, moves) in [(5, 4, ""), (6, 4, ""), (4, 4, "12"), (5, 5, "333")] {
            let shape = Shape::new(columns, levels, 4).unwrap();
            let position = Position::from_moves(shape, moves).unwrap();
            let mut solver = Solver::new(shape);
            let (column, best) = solver.best_move(&position).unwrap();
            assert_eq!(best, Solver::new(shape).solve(&position), "{columns}×{levels} {moves}");
            assert_eq!(solver.analyze(&position)[column.index()], Some(best), "{columns}×{levels} {moves}");
        }
        let won = Position::from_moves(shape, "1212121").unwrap();
        assert_eq!(solver.best_move(&won), None);
        // Of two winning columns, the more central.
        let two_wins = Position::from_moves(shape, "262626474747").unwrap();
        assert!(two_wins.is_winning_move(Column::from_index(3)) && two_wins.is_winning_move(Column::from_index(1)));
        assert_eq!(solver.best_move(&two_wins), Some((Column::from_index(3), 15)));
    }

    /// Moving to a larger table in the middle of a search changes nothing but the speed, and a
    /// table kept from one position to the next (as the benchmark keeps it) neither: each solve
    /// starts at the first length, with what fits of the last, and grows once for each length
    /// whose count of positions it searches (an analysis, for all its columns together);
    /// solved [near](Solver::solve_near) the last, it keeps its size.
    #[test]
    fn a_table_grown_mid_search_or_kept_solves_alike() {
        let shape = Shape::new(7, 6, 4).unwrap();
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/connect4/Test_L2_R2"))
            .unwrap();
        let grow_after = [1000, 20_000];
        let mut kept = Solver::new(shape);
        kept.grow_after = grow_after;
        let mut near = Solver::new(shape);
        near.grow_after = grow_after;
        for line in text.lines().take(20) {
            let (moves, score) = line.split_once(' ').unwrap();
            let position = Position::from_moves(shape, moves).unwrap();
            let mut solver = Solver::new(shape);
            solver.grow_after = grow_after;
            assert_eq!(solver.solve(&position).to_string(), score, "{moves}");
            assert_eq!(solver.table.size, grow_after.iter().filter(|&&after| solver.nodes() >= after).count());
            let before = kept.nodes();
            assert_eq!(kept.solve(&position).to_string(), score, "{moves}, the table kept");
            let searched = kept.nodes() - before;
            assert_eq!(kept.table.size, grow_after.iter().filter(|&&after| searched >= after).count(), "{moves}");
            let before = kept.nodes();
            kept.analyze(&position);
            let searched = kept.nodes() - before;
            assert_eq!(
                kept.table.size,
                grow_after.iter().filter(|&&after| searched >= after).count(),
                "{moves}: analysed, one solve for all the columns"
            );
            let size = near.table.size;
            assert_eq!(near.solve_near(&position).to_string(), score, "{moves}, solved near the last");
            assert!(near.table.size >= size, "{moves}: solved near the last, the table keeps its size");
        }
        assert_eq!(near.table.size, 2);
    }

    /// A slot and what it holds give back the whole key, whatever its bits and the table's
    /// length, and another key that meets it in its slot finds nothing there; so grown or
    /// shrunk back, the table keeps the bounds it knew (these keys fit in different slots of
    /// the smallest).
    #[test]
    fn a_resized_table_keeps_every_key() {
        assert_eq!(SPREAD.wrapping_mul(SPREAD_INVERSE), 1);
        let mut tables: Vec<Table> = (0..LENGTHS.len()).map(Table::of_length).collect();
        let mut random = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..10_000 {
            random ^= random << 13;
            random ^= random >> 7;
            random ^= random << 17;
            for table in &mut tables {
                table.put(random, Bounds { lower: -3, upper: 5 });
                let slot = table.slot(random);
                assert_eq!(table.key(slot, table.slots[slot]), random, "{random:#x}, length {}", LENGTHS[table.size]);
            }
            // Another check in the smallest table's slot: a key that meets this one there.
            let (table, slot) = (&tables[0], tables[0].slot(random));
            let other = table.key(slot, (random ^ 1) << HIGH_BITS);
            assert_eq!(table.slot(other), slot);
            assert_eq!(table.get(other), Bounds::NONE, "{other:#x} in the slot of {random:#x}");
        }
        let known = [
            (1, Bounds::NONE.at_least(-20)),
            (12_345_678_901, Bounds::NONE.at_most(30)),
            ((1 << 56) - 1, Bounds { lower: 0, upper: 2 }),
            (u64::MAX, Bounds { lower: -64, upper: -64 }),
        ];
        let mut table = Table::new();
        for (key, bounds) in known {
            table.put(key, bounds);
        }
        for size in 1..LENGTHS.len() {
            table.resize(size);
            assert_eq!(table.size, size);
            for (key, bounds) in known {
                assert_eq!(table.get(key), bounds, "key {key}");
            }
        }
        table.resize(0);
        assert_eq!(table.size, 0);
        for (key, bounds) in known {
            assert_eq!(table.get(key), bounds, "key {key}, shrunk");
        }
        table.resize(1);
        table.clear();
        assert!(table.size == 0 && known.iter().all(|&(key, _)| table.get(key) == Bounds::NONE));
    }

    /// A position and its mirror image share the table's key while mirrors meet often, and
    /// no two positions that are not mirrors share one.
    #[test]
    fn mirror_images_share_a_table_key_early() {
        let shape = Shape::new(7, 6, 4).unwrap();
        let mirror = |moves: &str| moves.chars().map(|c| char::from(b'8' - c as u8 + b'0')).collect::<String>();
        for moves in ["", "1", "4", "12", "4455", "1234567", "71621", "333444555666"] {
            let position = Position::from_moves(shape, moves).unwrap();
            let image = Position::from_moves(shape, &mirror(moves)).unwrap();
            assert_eq!(position.table_key(), image.table_key(), "{moves}");
            assert!(position.table_key() == position.key() || position.table_key() == image.key(), "{moves}");
        }
        let late = Position::from_moves(shape, "1111112222223333").unwrap();
        assert_eq!(late.table_key(), late.key(), "from {SYMMETRIC_UNTIL} stones on, the plain key");
        assert_ne!(
            Position::from_moves(shape, "12").unwrap().table_key(),
            Position::from_moves(shape, "21").unwrap().table_key()
        );
        let tall = Shape::new(1, 63, 4).unwrap();
        assert_eq!(
            Position::from_moves(tall, "1").unwrap().table_key(),
            Position::from_moves(tall, "1").unwrap().key()
        );
    }

    #[test]
    fn small_n_wins_at_once() {
        assert_eq!(solve(3, 3, 1, ""), 5, "N = 1: the first stone wins");
        assert_eq!(solve(3, 3, 2, ""), 4, "N = 2: the first player's second stone wins");
    }

    #[test]
    fn lines_are_found() {
        let shape = Shape::new(7, 6, 4).unwrap();
        for (moves, won) in [("1212121", true), ("1122334", true), ("1234567", false), ("121212", false)] {
            assert_eq!(Position::from_moves(shape, moves).unwrap().is_over(), won, "{moves}");
        }
        assert!(Position::from_moves(shape, "112233").unwrap().is_winning_move(Column::from_number(4).unwrap()));
        assert!(!Position::from_moves(shape, "112233").unwrap().is_winning_move(Column::from_number(5).unwrap()));
    }

    /// The cells found by [`Position::winning_cells`], on the short-line path and the wide
    /// one, are exactly the empty cells where a stone makes N in a row, in every position of
    /// random games.
    #[test]
    fn winning_cells_are_the_cells_that_make_a_line() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        // Shapes on either side of the plain shifts' limit (1×61 and 3×19 reach 63, 1×62 and 3×20
        // would reach 64 or more), and N beyond the unrolled sizes.
        let shapes = [(7, 6, 4), (4, 4, 3), (5, 3, 2), (3, 5, 5), (10, 2, 2), (2, 31, 5), (1, 63, 2)];
        let edges = [(1, 61, 2), (1, 62, 2), (3, 19, 4), (3, 20, 4), (8, 6, 6), (9, 6, 7)];
        for (columns, levels, n) in shapes.into_iter().chain(edges) {
            let shape = Shape::new(columns, levels, n).unwrap();
            for _ in 0..50 {
                let mut position = Position::new(shape);
                while !position.is_over() {
                    for stones in [position.current, position.current ^ position.mask] {
                        let empty = shape.board_mask ^ position.mask;
                        let making = (0..64)
                            .map(|bit| 1 << bit)
                            .filter(|&cell| empty & cell != 0 && position.has_line(stones | cell));
                        assert_eq!(
                            position.winning_cells(stones),
                            making.sum::<u64>(),
                            "{columns}×{levels} N={n}\n{position}"
                        );
                    }
                    let open: Vec<Column> = position.moves().collect();
                    position.play_unchecked(open[rng.random_range(0..open.len())]);
                }
            }
        }
    }

    #[test]
    fn a_column_is_numbered_from_1_and_indexed_from_0() {
        let column = Column::from_number(3).unwrap();
        assert_eq!((column.index(), column.number(), column.to_string()), (2, 3, "3".to_owned()));
        assert_eq!(Column::from_index(2), column);
        assert_eq!(Column::from_number(0), None);
        assert_eq!(Column::from_number(65), None);
    }

    #[test]
    fn bad_moves_are_refused() {
        let shape = Shape::new(3, 2, 3).unwrap();
        assert!(matches!(Position::from_moves(shape, "4"), Err(ConnectError::NotAColumn { .. })));
        assert!(matches!(Position::from_moves(shape, "111"), Err(ConnectError::ColumnFull { .. })));
        assert!(matches!(Shape::new(8, 8, 4), Err(ConnectError::TooBig { .. })));
        assert!(matches!(Shape::new(0, 8, 4), Err(ConnectError::Empty)));
    }

    #[test]
    fn analysis_gives_the_value_of_every_column() {
        let shape = Shape::new(7, 6, 4).unwrap();
        let position = Position::from_moves(shape, "2252576253462244111563365343671351441").unwrap();
        let mut solver = Solver::new(shape);
        let values = solver.analyze(&position);
        assert_eq!(values.iter().flatten().max(), Some(&-1), "the position's score is -1");
        let best = solver.best(&values).unwrap();
        assert_eq!(values[best.index()], Some(-1));
    }
}
