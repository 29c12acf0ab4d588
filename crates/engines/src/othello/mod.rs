//! The reference engine for 8×8 Reversi (Othello), on bitboards: the rules here (a
//! [`Game`]: a move is a [`Square`], or `None` for a forced pass), the [exact endgame
//! solver](endgame), the [evaluation](eval), the [search] by it, and the strong
//! player that combines them under a time budget ([`engine`]); [`ffo`] reads the FFO test
//! positions.
//!
//! A square is a bit: a1 is bit 0, b1 bit 1, … h1 bit 7, a2 bit 8, … h8 bit 63 (columns a–h
//! left to right, rows 1–8 top to bottom, as the FFO files in `fixtures/othello` write
//! boards). A [`Board`] holds the discs of the player to move and of the opponent, so
//! one move generator serves both colours.
//!
//! ```
//! use gamekit_engines::{game::perft, othello::Board};
//! let start = Board::start();
//! assert_eq!(start.legal_moves().count_ones(), 4);
//! assert_eq!(perft(&start, 4), 244);
//! ```

pub mod endgame;
pub mod engine;
pub mod eval;
pub mod ffo;
pub mod learn;
pub mod pattern;
pub mod search;
mod table;

use crate::game::{Game, Outcome};

/// Every square but those of column a: what a shift towards column h may land on.
const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
/// Every square but those of column h: what a shift towards column a may land on.
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The eight directions, as a shift of a set of squares one step that way.
const DIRECTIONS: [fn(u64) -> u64; 8] = [
    |b| (b << 1) & NOT_A, // towards h
    |b| (b >> 1) & NOT_H, // towards a
    |b| b << 8,           // towards row 8
    |b| b >> 8,           // towards row 1
    |b| (b << 9) & NOT_A,
    |b| (b << 7) & NOT_H,
    |b| (b >> 7) & NOT_A,
    |b| (b >> 9) & NOT_H,
];

/// Each square's eight rays: the squares beyond it in one direction, to the edge. The first
/// four go up the board (to higher bits), the last four down.
const RAYS: [[u64; 8]; 64] = {
    const STEPS: [(i32, i32); 8] = [(0, 1), (1, -1), (1, 0), (1, 1), (0, -1), (-1, 1), (-1, 0), (-1, -1)];
    let mut rays = [[0; 8]; 64];
    let mut square = 0;
    while square < 64 {
        let mut direction = 0;
        while direction < 8 {
            let (row_step, col_step) = STEPS[direction];
            let (mut row, mut col) = (square as i32 / 8 + row_step, square as i32 % 8 + col_step);
            while row >= 0 && row < 8 && col >= 0 && col < 8 {
                rays[square][direction] |= 1 << (row * 8 + col);
                (row, col) = (row + row_step, col + col_step);
            }
            direction += 1;
        }
        square += 1;
    }
    rays
};

/// A position: the discs of the player to move and of the opponent (who is black is not
/// kept: the engine needs only whose turn it is).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// The discs of the player to move.
    player: u64,
    /// The discs of the other player.
    opponent: u64,
}

/// Why a text is not a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The board is not 64 squares of `X`, `O` and `-`.
    #[error("a board is 64 squares of X, O and -: {0:?}")]
    Board(String),
    /// The side to move is not `X` or `O`.
    #[error("the side to move is X or O, not {0:?}")]
    Side(String),
    /// A test position's line is not `board side; MOVE:SCORE; …`.
    #[error("a test position is a board, the side to move and MOVE:SCORE items: {0:?}")]
    Line(String),
    /// A square's name is not `a1` to `h8`.
    #[error("a square is a1 to h8, not {0:?}")]
    Square(String),
}

impl Board {
    /// The standard start: d4 and e5 white, d5 and e4 black, black to move.
    pub fn start() -> Board {
        let (d4, e4, d5, e5) = (1 << 27, 1 << 28, 1 << 35, 1 << 36);
        Board { player: e4 | d5, opponent: d4 | e5 }
    }

    /// The board written as the FFO files write it (64 squares of `X`, `O`, `-`, a1 first)
    /// with `to_move` (`X` or `O`) to move.
    ///
    /// # Errors
    /// When the board or the side is not in that format.
    pub fn parse(squares: &str, to_move: &str) -> Result<Board, ParseError> {
        let bad_board = || ParseError::Board(squares.to_owned());
        if squares.chars().count() != 64 {
            return Err(bad_board());
        }
        let (mut x, mut o) = (0, 0);
        for (index, square) in squares.chars().enumerate() {
            match square {
                'X' | 'x' | '*' => x |= 1 << index,
                'O' | 'o' => o |= 1 << index,
                '-' | '.' => {}
                _ => return Err(bad_board()),
            }
        }
        match to_move {
            "X" | "x" => Ok(Board { player: x, opponent: o }),
            "O" | "o" => Ok(Board { player: o, opponent: x }),
            _ => Err(ParseError::Side(to_move.to_owned())),
        }
    }

    /// A board from the discs of the player to move and of the opponent, as bitboards (bit
    /// [`Square::index`] for each disc).
    ///
    /// # Panics
    /// When a square holds a disc of both.
    pub fn new(player: u64, opponent: u64) -> Board {
        assert_eq!(player & opponent, 0, "a square holds two discs");
        Board { player, opponent }
    }

    /// The discs of the player to move, as a bitboard.
    pub fn player(&self) -> u64 {
        self.player
    }

    /// The discs of the other player, as a bitboard.
    pub fn opponent(&self) -> u64 {
        self.opponent
    }

    /// A board from each square's disc: `owner(square)` is `Some(true)` for a disc of the
    /// player to move, `Some(false)` for one of the opponent, `None` for an empty square.
    pub fn from_owners(owner: impl Fn(u32) -> Option<bool>) -> Board {
        (0..64).fold(Board { player: 0, opponent: 0 }, |board, square| match owner(square) {
            Some(true) => Board { player: board.player | 1 << square, ..board },
            Some(false) => Board { opponent: board.opponent | 1 << square, ..board },
            None => board,
        })
    }

    /// Whose disc is on `square`, as [`from_owners`](Self::from_owners) takes it.
    pub fn owner(&self, square: Square) -> Option<bool> {
        let bit = square.bit();
        if self.player & bit != 0 { Some(true) } else { (self.opponent & bit != 0).then_some(false) }
    }

    /// The empty squares.
    pub fn empty(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// The squares the player to move may play: empty, and closing a line of the opponent's
    /// discs in some direction.
    pub fn legal_moves(&self) -> u64 {
        // A line running sideways or diagonally never has an opponent's disc of column a or
        // h inside it, so leaving those out stops shifts from wrapping round a row's end.
        let inner = self.opponent & 0x7e7e_7e7e_7e7e_7e7e;
        let lines = moves_along(self.player, inner, 1)
            | moves_along(self.player, self.opponent, 8)
            | moves_along(self.player, inner, 7)
            | moves_along(self.player, inner, 9);
        lines & self.empty()
    }

    /// The opponent's discs a disc on the empty `square` would flip: none when it is not a
    /// move.
    ///
    /// Along each ray from `square`, the first square that is not the opponent's closes the
    /// line if it is ours; every ray square before it is then flipped. On a ray going up the
    /// board that square is the ray's lowest such bit, on one going down its highest.
    pub fn flips(&self, square: u32) -> u64 {
        let rays = &RAYS[square as usize];
        let mut flips = 0;
        for &ray in &rays[..4] {
            let outflank = ray & !self.opponent;
            let first = outflank & outflank.wrapping_neg();
            if first & self.player != 0 {
                flips |= ray & (first - 1);
            }
        }
        for &ray in &rays[4..] {
            let outflank = ray & !self.opponent;
            let first = (1u64 << 63).checked_shr(outflank.leading_zeros()).unwrap_or(0);
            if first & self.player != 0 {
                flips |= ray & !((first << 1) - 1);
            }
        }
        flips
    }

    /// The position after the player to move plays `square` (a bit of
    /// [`legal_moves`](Self::legal_moves)), with the other player to move: the bitboards'
    /// fast path, not checked ([`Game::play`] is).
    pub fn after(&self, square: u32) -> Board {
        self.play_flipping(square, self.flips(square))
    }

    /// [`after`](Self::after) when the flips of `square` are known already.
    fn play_flipping(&self, square: u32, flips: u64) -> Board {
        Board { player: self.opponent & !flips, opponent: self.player | flips | 1 << square }
    }

    /// The disc difference for the player to move when the game ends here; the empty squares
    /// go to the winner.
    pub fn final_score(&self) -> i32 {
        let (mine, theirs) = (self.player.count_ones() as i32, self.opponent.count_ones() as i32);
        let empties = 64 - mine - theirs;
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => mine - theirs + empties,
            std::cmp::Ordering::Less => mine - theirs - empties,
            std::cmp::Ordering::Equal => 0,
        }
    }

    /// Whether the game is over: neither side can move.
    pub fn is_over(&self) -> bool {
        self.legal_moves() | self.pass().legal_moves() == 0
    }

    /// The position after the player to move passes.
    pub fn pass(&self) -> Board {
        Board { player: self.opponent, opponent: self.player }
    }
}

/// The squares beyond a line of `opponent` discs starting next to a `player` disc, along the
/// two directions that shift by `step` bits; the lines are grown a doubling at a time, as at
/// most six discs lie between two others.
fn moves_along(player: u64, opponent: u64, step: u32) -> u64 {
    let (mut up, mut down) = (opponent & player << step, opponent & player >> step);
    up |= opponent & up << step;
    down |= opponent & down >> step;
    let (pairs_up, pairs_down) = (opponent & opponent << step, opponent & opponent >> step);
    for _ in 0..2 {
        up |= pairs_up & up << (2 * step);
        down |= pairs_down & down >> (2 * step);
    }
    up << step | down >> step
}

impl Game for Board {
    type Move = Option<Square>;

    /// The squares from a1 up; a pass alone when there are none but the opponent can move.
    fn moves(&self) -> impl Iterator<Item = Option<Square>> {
        let squares = self.legal_moves();
        Moves { squares, pass: squares == 0 && !self.is_over() }
    }

    fn play_unchecked(&mut self, mv: Option<Square>) {
        *self = mv.map_or_else(|| self.pass(), |square| self.after(square.index()));
    }

    fn outcome(&self) -> Option<Outcome> {
        let outcome = match self.final_score() {
            0 => Outcome::Draw,
            score if score > 0 => Outcome::Win,
            _ => Outcome::Loss,
        };
        self.is_over().then_some(outcome)
    }

    /// The set's size, or one for a forced pass.
    fn move_count(&self) -> u64 {
        match self.legal_moves() {
            0 => u64::from(!self.is_over()),
            moves => u64::from(moves.count_ones()),
        }
    }
}

/// The moves of a board: its squares from a1 up, or a pass alone.
struct Moves {
    squares: u64,
    pass: bool,
}

impl Iterator for Moves {
    type Item = Option<Square>;

    fn next(&mut self) -> Option<Option<Square>> {
        if self.squares != 0 {
            let square = self.squares.trailing_zeros();
            self.squares &= self.squares - 1;
            Some(Some(Square(square as u8)))
        } else {
            std::mem::take(&mut self.pass).then_some(None)
        }
    }

    /// A loop over the squares' bits, without `next`'s test for a pass at each (perft
    /// spends most of its time here).
    fn fold<B, F: FnMut(B, Option<Square>) -> B>(self, init: B, mut f: F) -> B {
        let mut accumulated =
            squares(self.squares).fold(init, |accumulated, square| f(accumulated, Some(Square(square as u8))));
        if self.pass {
            accumulated = f(accumulated, None);
        }
        accumulated
    }
}

/// The discs of `discs` that can never be flipped, on a board whose occupied squares are
/// `filled`.
///
/// A disc is flipped along one of four lines through it (a row, a column, two diagonals),
/// and only inside a run with an empty square at one end. So along a line it is safe when
/// the line is full, when a neighbour on the line is off the board, or when one is itself
/// such a disc: safe along all four, it is stable. The stable discs are grown from none
/// until nothing changes.
pub fn stable(discs: u64, filled: u64) -> u64 {
    let full = full_lines(filled);
    // The squares whose row, or whose column, ends at them.
    let (row_ends, column_ends) = (0x8181_8181_8181_8181, 0xff00_0000_0000_00ff);
    let edges = row_ends | column_ends;
    let mut stable = 0;
    loop {
        let sideways = full[0] | row_ends | (stable << 1 & NOT_A) | (stable >> 1 & NOT_H);
        let upright = full[1] | column_ends | stable << 8 | stable >> 8;
        let rising = full[2] | edges | (stable << 9 & NOT_A) | (stable >> 9 & NOT_H);
        let falling = full[3] | edges | (stable << 7 & NOT_H) | (stable >> 7 & NOT_A);
        let grown = discs & sideways & upright & rising & falling;
        if grown == stable {
            return stable;
        }
        stable = grown;
    }
}

/// The squares whose row, column, rising diagonal (a1–h8 way) and falling diagonal (a8–h1
/// way) are full, in that order, of a board whose occupied squares are `filled`.
fn full_lines(filled: u64) -> [u64; 4] {
    let (mut rows, mut columns) = (filled, filled);
    for shift in [4, 2, 1] {
        rows &= rows >> shift;
    }
    for shift in [32, 16, 8] {
        columns &= columns >> shift;
    }
    let diagonals =
        |lines: &[u64; 15]| lines.iter().filter(|&&line| filled & line == line).fold(0, |full, line| full | line);
    [
        (rows & 0x0101_0101_0101_0101) * 0xff,
        (columns & 0xff) * 0x0101_0101_0101_0101,
        diagonals(&RISING),
        diagonals(&FALLING),
    ]
}

/// The fifteen diagonals running a1–h8 way: from each square of row 1 and column a, up.
const RISING: [u64; 15] = diagonals(0, 3);
/// The fifteen diagonals running h1–a8 way: from each square of row 1 and column h, up.
const FALLING: [u64; 15] = diagonals(7, 1);

/// The lines from each square of row 1 and then of `column` above it, along the ray
/// `direction` (one going up the board).
const fn diagonals(column: usize, direction: usize) -> [u64; 15] {
    let mut lines = [0; 15];
    let mut line = 0;
    while line < 15 {
        let start = if line < 8 { line } else { (line - 7) * 8 + column };
        lines[line] = 1 << start | RAYS[start][direction];
        line += 1;
    }
    lines
}

/// The discs of `discs` on `line`, a line with at most one square in each column, as a
/// byte: bit `c` for column `c`. The squares being in different columns, multiplying by a
/// byte of ones gathers them, carry-free, into the top byte.
#[inline]
fn by_column(discs: u64, line: u64) -> usize {
    ((discs & line).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
}

/// The squares next to any square of `set`, in any of the eight directions.
pub fn neighbours(set: u64) -> u64 {
    DIRECTIONS.iter().fold(0, |around, shift| around | shift(set))
}

/// The squares of a set, from a1 up.
pub fn squares(mut set: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        let square = (set != 0).then(|| set.trailing_zeros())?;
        set &= set - 1;
        Some(square)
    })
}

/// A square of the board, named as the FFO files name it: column `a`–`h` left to right,
/// row `1`–`8` top to bottom. Its [`index`](Self::index) is its bit in a [`Board`]'s sets
/// (a1 is 0, h1 7, a2 8, … h8 63), the engine's own fast currency; a square is what crosses
/// from the engine to its callers (moves, solutions, the FFO scores).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square of bit `index`.
    ///
    /// # Panics
    /// When `index` is 64 or more.
    pub fn from_index(index: u32) -> Square {
        assert!(index < 64, "square {index} is off the board");
        Square(index as u8)
    }

    /// The square's bit number, 0 (a1) to 63 (h8).
    pub fn index(self) -> u32 {
        u32::from(self.0)
    }

    /// The square as a set of one.
    pub fn bit(self) -> u64 {
        1 << self.0
    }
}

/// `a1` to `h8`.
impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.0 % 8), self.0 / 8 + 1)
    }
}

/// `a1` to `h8`, either case.
impl std::str::FromStr for Square {
    type Err = ParseError;

    fn from_str(name: &str) -> Result<Square, ParseError> {
        match name.to_ascii_lowercase().as_bytes() {
            &[column @ b'a'..=b'h', row @ b'1'..=b'8'] => Ok(Square((row - b'1') * 8 + (column - b'a'))),
            _ => Err(ParseError::Square(name.to_owned())),
        }
    }
}

/// The bit of the square at `row` and `col` (each 1 to 8) as the `reversi_players` book
/// counts them: its rows, named `a` to `h`, are the FFO files' rows 1 to 8, and its columns
/// theirs `a` to `h`. So the book's d3 (row 4, column 3) is [`Square`] c4: one square, two
/// notations.
pub fn square_at(row: i32, col: i32) -> u32 {
    ((row - 1) * 8 + col - 1) as u32
}

/// The (row, column) of a square's bit, each from 1, as the book counts them: the inverse
/// of [`square_at`].
pub fn row_col(square: u32) -> (i32, i32) {
    (square as i32 / 8 + 1, square as i32 % 8 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_has_four_moves_and_they_flip_one_disc() {
        let start = Board::start();
        let names: Vec<String> =
            squares(start.legal_moves()).map(|square| Square::from_index(square).to_string()).collect();
        assert_eq!(names, ["d3", "c4", "f5", "e6"]);
        for square in squares(start.legal_moves()) {
            assert_eq!(start.flips(square).count_ones(), 1);
        }
    }

    #[test]
    fn a_board_from_bitboards_tells_whose_each_disc_is() {
        let board = Board::new(Square::from_index(27).bit(), Square::from_index(28).bit());
        assert_eq!((board.player(), board.opponent()), (1 << 27, 1 << 28));
        let owners = [27, 28, 0].map(|index| board.owner(Square::from_index(index)));
        assert_eq!(owners, [Some(true), Some(false), None]);
    }

    #[test]
    #[should_panic(expected = "a square holds two discs")]
    fn a_board_with_two_discs_on_a_square_is_refused() {
        Board::new(1 << 5, 1 << 5 | 1 << 6);
    }

    #[test]
    fn a_square_that_is_no_move_flips_nothing() {
        assert_eq!(Board::start().flips(0), 0);
    }

    /// The flips of `square` found by walking each direction a step at a time.
    fn flips_by_walking(board: &Board, square: u32) -> u64 {
        let mut flips = 0;
        for shift in DIRECTIONS {
            let (mut line, mut next) = (0, shift(1 << square));
            while next & board.opponent != 0 {
                line |= next;
                next = shift(next);
            }
            if next & board.player != 0 {
                flips |= line;
            }
        }
        flips
    }

    #[test]
    fn moves_and_flips_agree_with_walking_the_lines_on_random_boards() {
        let mut state: u64 = 11;
        let mut random = || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            state ^ state >> 29
        };
        for _ in 0..5000 {
            let (discs, mine) = (random() | random(), random());
            let board = Board { player: discs & mine, opponent: discs & !mine };
            for square in squares(board.empty()) {
                let flips = flips_by_walking(&board, square);
                assert_eq!(board.flips(square), flips, "{board:?} {square}");
                assert_eq!(board.legal_moves() & 1 << square != 0, flips != 0, "{board:?} {square}");
            }
        }
    }

    /// The positions of a random game (a generator seeded with `seed`), each as (black,
    /// white) discs.
    fn random_game(seed: u64) -> Vec<(u64, u64)> {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let (mut board, mut black_to_move) = (Board::start(), true);
        let mut positions = Vec::new();
        loop {
            positions.push(if black_to_move { (board.player, board.opponent) } else { (board.opponent, board.player) });
            let moves = board.legal_moves();
            if board.is_over() {
                return positions;
            }
            board = if moves == 0 {
                board.pass()
            } else {
                board.after(squares(moves).nth(rng.random_range(0..moves.count_ones() as usize)).unwrap())
            };
            black_to_move = !black_to_move;
        }
    }

    #[test]
    fn stable_discs_keep_their_colour_to_the_end_of_random_games() {
        let mut found = 0;
        for seed in 0..300 {
            let game = random_game(seed);
            for (ply, &(black, white)) in game.iter().enumerate() {
                let (stable_black, stable_white) = (stable(black, black | white), stable(white, black | white));
                found += (stable_black | stable_white).count_ones();
                for &(later_black, later_white) in &game[ply..] {
                    assert_eq!(later_black & stable_black, stable_black, "seed {seed} ply {ply}");
                    assert_eq!(later_white & stable_white, stable_white, "seed {seed} ply {ply}");
                }
            }
        }
        assert!(found > 100_000, "only {found} stable discs found");
    }

    #[test]
    fn a_corner_and_the_full_edge_beside_it_are_stable_and_the_rest_is_not() {
        // Black holds a1 and b1, c1; white d1; the rest of row 1 is empty.
        let (black, white) = (0b111, 0b1000);
        assert_eq!(stable(black, black | white), 0b111);
        assert_eq!(stable(white, black | white), 0);
        // A full row 1: every disc of it is stable.
        let (black, white) = (0x0f, 0xf0);
        assert_eq!(stable(black, black | white), 0x0f);
        assert_eq!(stable(white, black | white), 0xf0);
    }

    #[test]
    fn a_square_reads_and_writes_its_name() {
        for index in 0..64 {
            let square = Square::from_index(index);
            assert_eq!(square.to_string().parse::<Square>(), Ok(square));
            assert_eq!(square.to_string().to_uppercase().parse::<Square>(), Ok(square));
        }
        assert_eq!(Square::from_index(19).to_string(), "d3");
        assert_eq!(Square::from_index(square_at(4, 3)).to_string(), "c4", "the book's d3");
        for bad in ["", "a", "a0", "a9", "i1", "a10", "1a"] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn parse_reads_the_ffo_format() {
        let board = Board::parse(&format!("{}XO{}", "-".repeat(27), "-".repeat(35)), "O").unwrap();
        assert_eq!((board.player, board.opponent), (1 << 28, 1 << 27));
        assert!(Board::parse("XO", "X").is_err());
        assert!(Board::parse(&"-".repeat(64), "B").is_err());
    }

    #[test]
    fn a_finished_game_gives_the_empties_to_the_winner() {
        let board = Board { player: 0xff, opponent: 0xff00_0000 };
        assert_eq!(board.final_score(), 8 - 8);
        let board = Board { player: 0xfff, opponent: 0xff00_0000 };
        assert_eq!(board.final_score(), 12 - 8 + 44);
    }
}
