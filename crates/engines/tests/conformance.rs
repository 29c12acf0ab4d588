//! One conformance suite for every engine's [`Game`]: along random games, the moves are the
//! ones a naive generator finds (each once), every legal move plays, checked or not, to the
//! same position, every other move is refused and changes nothing, a game is over exactly
//! when it has no moves, and [`perft`] agrees with counting by the naive generator.
//!
//! The naive generators look at the position as a grid of cells, as a person would, and
//! share nothing with the engines' bitboards and move lists. No engine has an undo to check.

use gamekit_engines::connect_n::{self, Column, Shape};
use gamekit_engines::game::{Game, IllegalMove, Outcome, perft};
use gamekit_engines::{othello, reversi, tictactoe};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use std::hash::Hash;

/// How a game is seen by the suite: its moves and its outcome found naively, and the moves
/// to try that are not all legal (every square, a pass, some beyond the board).
trait Naive: Game<Move: Hash> {
    fn naive_moves(&self) -> Vec<Self::Move>;
    fn naive_outcome(&self) -> Option<Outcome>;
    fn candidates(&self) -> Vec<Self::Move>;
}

/// Checks the rules on every position of `games` random games from `start`, and perft to
/// `depth` from it.
fn check_rules<G: Naive>(start: &G, games: usize, depth: u32, seed: u64) {
    assert_eq!(perft(start, depth), naive_perft(start, depth), "perft({depth}) from {start:?}");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..games {
        let mut position = start.clone();
        loop {
            let moves = check_position(&position);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            position.play_unchecked(mv);
        }
    }
}

/// Checks one position's rules; its moves.
fn check_position<G: Naive>(position: &G) -> Vec<G::Move> {
    let moves: Vec<G::Move> = position.moves().collect();
    let set: HashSet<G::Move> = moves.iter().copied().collect();
    assert_eq!(set.len(), moves.len(), "a move given twice: {moves:?} in {position:?}");
    assert_eq!(set, position.naive_moves().into_iter().collect(), "the moves of {position:?}");
    assert_eq!(position.move_count(), moves.len() as u64, "move_count of {position:?}");
    assert_eq!(position.outcome().is_some(), moves.is_empty(), "over exactly without moves: {position:?}");
    assert_eq!(position.outcome(), position.naive_outcome(), "the outcome of {position:?}");
    for &mv in &moves {
        let (mut checked, mut unchecked) = (position.clone(), position.clone());
        assert_eq!(checked.play(mv), Ok(()), "{mv:?} refused in {position:?}");
        unchecked.play_unchecked(mv);
        assert_eq!(checked, unchecked, "{mv:?} played checked and unchecked in {position:?}");
        assert_ne!(&checked, position, "{mv:?} changed nothing in {position:?}");
    }
    for mv in position.candidates().into_iter().filter(|mv| !set.contains(mv)) {
        let mut refused = position.clone();
        assert_eq!(refused.play(mv), Err(IllegalMove(mv)), "{mv:?} is not a move of {position:?}");
        assert_eq!(&refused, position, "the refused {mv:?} changed {position:?}");
    }
    moves
}

/// Perft by the naive generator and the checked `play`.
fn naive_perft<G: Naive>(position: &G, depth: u32) -> u64 {
    let moves = position.naive_moves();
    if depth == 0 || moves.is_empty() {
        return 1;
    }
    let child = |mv| {
        let mut next = position.clone();
        next.play(mv).expect("a naive move is legal");
        naive_perft(&next, depth - 1)
    };
    moves.into_iter().map(child).sum()
}

/// Whether `grid` (rows of cells, `'.'` or `' '` empty) holds `n` equal pieces in a row in
/// any direction.
fn has_line(grid: &[Vec<char>], n: usize) -> bool {
    let at = |row: isize, col: isize| grid.get(row as usize).and_then(|cells| cells.get(col as usize)).copied();
    let cells = (0..grid.len() as isize).flat_map(|row| (0..grid[0].len() as isize).map(move |col| (row, col)));
    cells.into_iter().any(|(row, col)| {
        let piece = at(row, col).filter(|&piece| piece != '.' && piece != ' ');
        [(0, 1), (1, 0), (1, 1), (1, -1)].into_iter().any(|(d_row, d_col)| {
            piece.is_some() && (1..n as isize).all(|k| at(row + k * d_row, col + k * d_col) == piece)
        })
    })
}

/// The empty cells of `grid` where `player` closes a line of the other's discs with one
/// of its own (`'#'` blocks and the edge close nothing), in row-major order.
fn reversi_moves(grid: &[Vec<char>], player: char, other: char) -> Vec<(usize, usize)> {
    let at = |row: isize, col: isize| grid.get(row as usize).and_then(|cells| cells.get(col as usize)).copied();
    let closes = |row: isize, col: isize, (d_row, d_col): (isize, isize)| {
        let run = (1..).take_while(|&k| at(row + k * d_row, col + k * d_col) == Some(other)).count() as isize;
        run > 0 && at(row + (run + 1) * d_row, col + (run + 1) * d_col) == Some(player)
    };
    let directions = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];
    let size = grid.len();
    (0..size)
        .flat_map(|row| (0..size).map(move |col| (row, col)))
        .filter(|&(row, col)| grid[row][col] == '.')
        .filter(|&(row, col)| directions.into_iter().any(|step| closes(row as isize, col as isize, step)))
        .collect()
}

/// Reversi's outcome once neither can move: more discs win.
fn by_discs(grid: &[Vec<char>], player: char, other: char) -> Option<Outcome> {
    let count = |piece: char| grid.iter().flatten().filter(|&&cell| cell == piece).count();
    let over = reversi_moves(grid, player, other).is_empty() && reversi_moves(grid, other, player).is_empty();
    over.then(|| match count(player).cmp(&count(other)) {
        std::cmp::Ordering::Greater => Outcome::Win,
        std::cmp::Ordering::Less => Outcome::Loss,
        std::cmp::Ordering::Equal => Outcome::Draw,
    })
}

/// A game of lines' outcome: the last move made a line, or the grid is full.
fn by_lines(grid: &[Vec<char>], n: usize) -> Option<Outcome> {
    let full = grid.iter().flatten().all(|&cell| cell != '.' && cell != ' ');
    if has_line(grid, n) { Some(Outcome::Loss) } else { full.then_some(Outcome::Draw) }
}

/// Reversi's moves, a pass when only the opponent can move, none when neither can.
fn with_pass<M>(mine: Vec<M>, theirs_empty: bool) -> Vec<Option<M>> {
    let pass = mine.is_empty() && !theirs_empty;
    mine.into_iter().map(Some).chain(pass.then_some(None)).collect()
}

/// An 8×8 board's cells: `X` the player to move's discs, `O` the opponent's.
fn othello_grid(board: &othello::Board) -> Vec<Vec<char>> {
    let cell = |square: u32| match board.owner(othello::Square::from_index(square)) {
        Some(true) => 'X',
        Some(false) => 'O',
        None => '.',
    };
    (0..8).map(|row| (0..8).map(|col| cell(row * 8 + col)).collect()).collect()
}

impl Naive for othello::Board {
    fn naive_moves(&self) -> Vec<Option<othello::Square>> {
        let grid = othello_grid(self);
        let square = |(row, col): (usize, usize)| othello::Square::from_index((row * 8 + col) as u32);
        let mine = reversi_moves(&grid, 'X', 'O').into_iter().map(square).collect();
        with_pass(mine, reversi_moves(&grid, 'O', 'X').is_empty())
    }

    fn naive_outcome(&self) -> Option<Outcome> {
        by_discs(&othello_grid(self), 'X', 'O')
    }

    fn candidates(&self) -> Vec<Option<othello::Square>> {
        (0..64).map(|index| Some(othello::Square::from_index(index))).chain([None]).collect()
    }
}

fn reversi_grid(turn: &reversi::Turn) -> Vec<Vec<char>> {
    turn.position.rows().map(|row| row.chars().collect()).collect()
}

impl Naive for reversi::Turn {
    fn naive_moves(&self) -> Vec<Option<reversi::Cell>> {
        let grid = reversi_grid(self);
        let other = reversi::opponent(self.to_move);
        let cells = reversi_moves(&grid, self.to_move, other).into_iter().map(|(row, col)| reversi::Cell { row, col });
        with_pass(cells.collect(), reversi_moves(&grid, other, self.to_move).is_empty())
    }

    fn naive_outcome(&self) -> Option<Outcome> {
        by_discs(&reversi_grid(self), self.to_move, reversi::opponent(self.to_move))
    }

    fn candidates(&self) -> Vec<Option<reversi::Cell>> {
        let size = self.position.size();
        let cells = (0..=size).flat_map(|row| (0..=size).map(move |col| Some(reversi::Cell { row, col })));
        cells.chain([None]).collect()
    }
}

fn connect_n_grid(position: &connect_n::Position) -> Vec<Vec<char>> {
    position.to_string().lines().map(|line| line.chars().collect()).collect()
}

impl Naive for connect_n::Position {
    fn naive_moves(&self) -> Vec<Column> {
        let grid = connect_n_grid(self);
        if has_line(&grid, self.shape().n()) {
            return Vec::new();
        }
        (0..self.shape().columns()).filter(|&index| grid[0][index] == '.').map(Column::from_index).collect()
    }

    fn naive_outcome(&self) -> Option<Outcome> {
        by_lines(&connect_n_grid(self), self.shape().n())
    }

    fn candidates(&self) -> Vec<Column> {
        (0..self.shape().columns() + 2).map(Column::from_index).collect()
    }
}

fn tictactoe_grid(board: &tictactoe::Board) -> Vec<Vec<char>> {
    board.chunks(3).map(<[char]>::to_vec).collect()
}

impl Naive for tictactoe::Board {
    fn naive_moves(&self) -> Vec<usize> {
        if has_line(&tictactoe_grid(self), 3) {
            return Vec::new();
        }
        (0..9).filter(|&square| self[square] == tictactoe::EMPTY).collect()
    }

    fn naive_outcome(&self) -> Option<Outcome> {
        by_lines(&tictactoe_grid(self), 3)
    }

    fn candidates(&self) -> Vec<usize> {
        (0..12).collect()
    }
}

#[test]
fn othello() {
    check_rules(&othello::Board::start(), 60, 5, 1);
}

#[test]
fn reversi_with_blocks() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for size in [4, 6, 8, 10] {
        for blocks in [0, 1, size / 2, size] {
            let mut position = reversi::Position::new(size).expect("an even size from 4 to 26");
            for _ in 0..blocks {
                let (row, col) = (rng.random_range(0..size), rng.random_range(0..size));
                if position.cell(row as i64, col as i64) == Some(reversi::EMPTY) {
                    position.set(row, col, reversi::BLOCK);
                }
            }
            let start = reversi::Turn { position, to_move: reversi::BLACK };
            check_rules(&start, 8, 3, size as u64 * 100 + blocks as u64);
        }
    }
}

#[test]
fn connect_n() {
    for (columns, levels, n) in [(7, 6, 4), (4, 3, 3), (5, 4, 2), (3, 3, 1), (10, 2, 5), (2, 2, 3)] {
        let shape = Shape::new(columns, levels, n).expect("a shape of the solver");
        check_rules(&connect_n::Position::new(shape), 40, 4, (columns * 100 + levels * 10 + n) as u64);
    }
}

#[test]
fn tictactoe() {
    check_rules(&[tictactoe::EMPTY; 9], 200, 4, 3);
    // Every game of Tic-Tac-Toe, each counted once where it ends.
    assert_eq!(perft(&[tictactoe::EMPTY; 9], 9), 255_168);
}

/// The conformance suite itself: a naive generator that drops a move is caught.
#[test]
#[should_panic(expected = "the moves of")]
fn a_missing_move_is_caught() {
    #[derive(Debug, Clone, PartialEq, Eq)]
    struct Missing(connect_n::Position);
    impl Game for Missing {
        type Move = Column;
        fn moves(&self) -> impl Iterator<Item = Column> {
            Game::moves(&self.0).filter(|&column| column != Column::from_index(2))
        }
        fn play_unchecked(&mut self, column: Column) {
            self.0.play_unchecked(column);
        }
        fn outcome(&self) -> Option<Outcome> {
            self.0.outcome()
        }
    }
    impl Naive for Missing {
        fn naive_moves(&self) -> Vec<Column> {
            self.0.naive_moves()
        }
        fn naive_outcome(&self) -> Option<Outcome> {
            self.0.naive_outcome()
        }
        fn candidates(&self) -> Vec<Column> {
            self.0.candidates()
        }
    }
    check_position(&Missing(connect_n::Position::new(Shape::new(4, 4, 4).expect("a shape"))));
}
