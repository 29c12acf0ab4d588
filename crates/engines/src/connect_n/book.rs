//! An opening book: the exact score of every position of a game's first plies, which the
//! [`Solver`] answers from before it searches.
//!
//! Early positions are the slowest to solve (Connect Four's empty board takes minutes) and
//! the ones every game goes through. A book is built once by the solver itself
//! ([`build`]), kept as text, one position a line as the standard test sets write them
//! (`<moves> <score>`), and read back with [`Book::parse`]. Connect Four's ships with the
//! engine ([`Book::shipped`]).
//!
//! A position and its mirror image have the same score, so the book keeps one of the two.

use super::{ConnectError, Position, Shape, Solver};
use crate::game::Game;
use std::collections::HashMap;

/// Connect Four's book, as `gamekit book connect-n` builds it (see docs/engines.md).
const CONNECT_FOUR: &str = include_str!("../../books/connect4.txt");

/// Exact scores of positions, by their symmetric key (one for a position and its mirror image).
#[derive(Debug, Clone)]
pub struct Book {
    shape: Shape,
    scores: HashMap<u64, i32>,
    /// The most stones of a position the book holds: the solver looks no further.
    plies: i32,
}

/// Why a book's text cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    #[error("line {line}: {error}")]
    Position { line: usize, error: ConnectError },
    #[error("line {line}: expected `<moves> <score>`, found {text:?}")]
    Format { line: usize, text: String },
    #[error("line {line}: the game is over after these moves")]
    Over { line: usize },
}

impl Book {
    /// A book that knows nothing.
    pub fn new(shape: Shape) -> Book {
        Book { shape, scores: HashMap::new(), plies: -1 }
    }

    /// The book that ships with the engine for `shape`: on Connect Four's 7×6 scaffold with 4
    /// in a row, every position with at most [`plies`](Self::plies) stones; an empty one for
    /// any other (its text is not even read).
    pub fn shipped(shape: Shape) -> Book {
        if shape != Shape::new(7, 6, 4).expect("Connect Four's shape") {
            return Book::new(shape);
        }
        Book::parse(shape, CONNECT_FOUR).expect("the book that ships with the engine reads")
    }

    /// The positions of `text`, one a line as `<moves> <score>` (see
    /// [`Position::from_moves`]); blank lines and lines from `#` on are left out.
    ///
    /// # Errors
    /// A line that is not a position and a score, or a position whose game is over.
    pub fn parse(shape: Shape, text: &str) -> Result<Book, BookError> {
        let mut book = Book::new(shape);
        for (index, text) in text.lines().enumerate() {
            let line = index + 1;
            let content = text.split('#').next().unwrap_or_default().trim_end();
            if content.trim_start().is_empty() {
                continue;
            }
            let format = || BookError::Format { line, text: text.to_owned() };
            let (moves, score) = content.rsplit_once(' ').ok_or_else(format)?;
            let score = score.parse::<i32>().map_err(|_| format())?;
            let position =
                Position::from_moves(shape, moves.trim()).map_err(|error| BookError::Position { line, error })?;
            if position.is_over() {
                return Err(BookError::Over { line });
            }
            book.insert(&position, score);
        }
        Ok(book)
    }

    /// The exact score of `position` for the player to move, when the book knows it.
    pub fn score(&self, position: &Position) -> Option<i32> {
        if position.stones > self.plies || position.shape != self.shape {
            return None;
        }
        self.scores.get(&position.symmetric_key()).copied()
    }

    /// The most stones of a position the book holds (−1 when it is empty).
    pub fn plies(&self) -> i32 {
        self.plies
    }

    /// How many positions the book holds, a position and its mirror image counted once.
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// Whether the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    fn insert(&mut self, position: &Position, score: i32) {
        self.scores.insert(position.symmetric_key(), score);
        self.plies = self.plies.max(position.stones);
    }
}

/// Every position of `shape` with at most `plies` stones whose game is not over, one of each
/// pair of mirror images, by stones: each with the first moves that reach it (columns left
/// to right, each position's children after its parent's elder siblings', so that siblings,
/// whose searches share most positions, come one after another).
pub fn positions(shape: Shape, plies: i32) -> Vec<Vec<(String, Position)>> {
    let mut levels = vec![vec![(String::new(), Position::new(shape))]];
    for _ in 0..plies {
        let mut seen = std::collections::HashSet::new();
        let next = levels
            .last()
            .into_iter()
            .flatten()
            .flat_map(|(moves, position)| {
                // Past nine columns a column is two digits: moves are then written with commas.
                let separator = if shape.columns > 9 && !moves.is_empty() { "," } else { "" };
                position.moves().map(move |column| {
                    let mut child = *position;
                    child.play_unchecked(column);
                    (format!("{moves}{separator}{column}"), child)
                })
            })
            .filter(|(_, child)| !child.is_over() && seen.insert(child.symmetric_key()))
            .collect();
        levels.push(next);
    }
    levels
}

/// A position a [`build`] has just solved, and how far the build has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solved<'a> {
    /// The first moves that reach it.
    pub moves: &'a str,
    pub score: i32,
    /// How many positions this build has solved, this one included, and how many it has to.
    pub count: usize,
    pub of: usize,
}

/// Builds the book of every position of `shape` with at most `plies` stones (see
/// [`positions`]): the last ply's solved by `jobs` solvers on threads of their own, each
/// taking a run of consecutive positions and keeping its table from one to the next, and
/// each earlier position's from its children's, as [`Solver::analyze`] gives them.
/// Positions `known` already holds are not solved again, so that a build can resume.
/// `solved` hears of each position as it is solved; an error from it stops the build, so
/// that a score it could not keep does not cost hours more.
///
/// # Errors
/// The first error `solved` returns.
pub fn build<E>(
    shape: Shape,
    plies: i32,
    known: Book,
    jobs: usize,
    mut solved: impl FnMut(Solved<'_>) -> Result<(), E>,
) -> Result<Book, E> {
    let levels = positions(shape, plies);
    let of = levels.iter().flatten().filter(|(_, position)| known.score(position).is_none()).count();
    let (earlier, last) = levels.split_at(levels.len() - 1);
    let mut book = known;
    let mut count = 0;
    let unknown: Vec<&(String, Position)> =
        last[0].iter().filter(|(_, position)| book.score(position).is_none()).collect();
    std::thread::scope(|scope| {
        let (sender, scores) = std::sync::mpsc::channel();
        // Runs of consecutive positions, so that siblings, whose searches share most
        // positions, meet one solver's table.
        for run in unknown.chunks(unknown.len().div_ceil(jobs.max(1)).max(1)) {
            let (sender, book) = (sender.clone(), book.clone());
            scope.spawn(move || {
                let mut solver = Solver::new(shape).with_book(book);
                // A send fails once the build has stopped: this solver stops too.
                run.iter()
                    .try_for_each(|(moves, position)| sender.send((moves, *position, solver.solve_near(position))))
            });
        }
        drop(sender);
        for (moves, position, score) in scores {
            book.insert(&position, score);
            count += 1;
            solved(Solved { moves, score, count, of })?;
        }
        Ok(())
    })?;
    let mut solver = Solver::new(shape).with_book(book);
    for (moves, position) in earlier.iter().rev().flatten() {
        if solver.book.score(position).is_some() {
            continue;
        }
        let score = solver.analyze(position).into_iter().flatten().max().expect("a game not over has a move");
        solver.book.insert(position, score);
        count += 1;
        solved(Solved { moves, score, count, of })?;
    }
    Ok(solver.book)
}

/// The book as text, one position a line by stones then moves (as [`positions`] reaches
/// them), so that the same book is always the same text.
pub fn text(book: &Book) -> String {
    let mut text = String::new();
    for level in positions(book.shape, book.plies) {
        for (moves, position) in level {
            if let Some(score) = book.score(&position) {
                text += &format!("{moves} {score}\n");
            }
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> Shape {
        Shape::new(5, 4, 4).unwrap()
    }

    /// Every position a book holds has the score the solver finds without it, and so has its
    /// mirror image.
    #[test]
    fn a_built_book_agrees_with_the_solver() {
        let shape = small();
        let book = build(shape, 4, Book::new(shape), 1, |_| Ok::<_, ()>(())).unwrap();
        let levels = positions(shape, 4);
        assert_eq!(book.len(), levels.iter().map(Vec::len).sum::<usize>());
        assert_eq!(book.plies(), 4);
        let mut solver = Solver::new(shape);
        for (moves, position) in levels.iter().flatten() {
            let mirror: String = moves.chars().map(|c| char::from(b'6' - c as u8 + b'0')).collect();
            let image = Position::from_moves(shape, &mirror).unwrap();
            let score = solver.solve(position);
            assert_eq!(book.score(position), Some(score), "{moves:?}");
            assert_eq!(book.score(&image), Some(score), "{mirror:?}");
        }
        let deeper = Position::from_moves(shape, "12345").unwrap();
        assert_eq!(book.score(&deeper), None, "beyond the book's plies");
        let other = Position::new(Shape::new(4, 4, 4).unwrap());
        assert_eq!(book.score(&other), None, "another scaffold");
    }

    /// A solver with a book answers the positions it holds without a search, and a move's
    /// value from them.
    #[test]
    fn a_solver_answers_from_its_book() {
        let shape = small();
        let book = Book::parse(shape, " 7\n3 -5\n").unwrap();
        let mut solver = Solver::new(shape).with_book(book);
        assert_eq!(solver.solve(&Position::new(shape)), 7, "the book's score, however wrong");
        assert_eq!(solver.solve(&Position::from_moves(shape, "3").unwrap()), -5);
        assert_eq!(solver.nodes(), 0);
        assert_eq!(solver.analyze(&Position::new(shape))[2], Some(5), "a move's value from the book");
    }

    /// Next to the book, a position's score is bounded below by the book's scores of the
    /// positions one move before it: the same scores, in fewer positions searched.
    #[test]
    fn next_to_the_book_its_scores_bound_the_search() {
        let shape = small();
        let book = build(shape, 2, Book::new(shape), 1, |_| Ok::<_, ()>(())).unwrap();
        let (mut with, mut without) = (0, 0);
        for (moves, position) in &positions(shape, 3)[3] {
            let mut solver = Solver::new(shape).with_book(book.clone());
            let mut alone = Solver::new(shape);
            assert_eq!(solver.solve(position), alone.solve(position), "{moves}");
            (with, without) = (with + solver.nodes(), without + alone.nodes());
        }
        assert!(with < without * 3 / 4, "{with} positions searched with the book, {without} without");
    }

    /// The text is the same for the same book, however it was built (resumed, by several
    /// solvers), and reads back to it.
    #[test]
    fn text_reads_back_and_a_build_resumes() {
        let shape = small();
        let whole = build(shape, 3, Book::new(shape), 1, |_| Ok::<_, ()>(())).unwrap();
        let text = text(&whole);
        for jobs in [2, 7, 1000] {
            let shared = build(shape, 3, Book::new(shape), jobs, |_| Ok::<_, ()>(())).unwrap();
            assert_eq!(super::text(&shared), text, "{jobs} solvers");
        }
        let mut solved = 0;
        let half: String = text.lines().step_by(2).map(|line| format!("{line}\n")).collect();
        let to_solve = whole.len() - half.lines().count();
        let resumed = build(shape, 3, Book::parse(shape, &half).unwrap(), 3, |progress| {
            solved += 1;
            assert_eq!((progress.count, progress.of), (solved, to_solve));
            Ok::<_, ()>(())
        })
        .unwrap();
        assert_eq!(super::text(&resumed), text);
        assert_eq!(solved, to_solve);
        for jobs in [1, 4] {
            let mut heard = 0;
            let stopped = build(shape, 3, Book::new(shape), jobs, |progress| {
                heard += 1;
                if progress.count == 5 { Err(progress.count) } else { Ok(()) }
            });
            assert_eq!(stopped.unwrap_err(), 5, "an error from `solved` stops the build");
            assert_eq!(heard, 5, "{jobs} solvers: nothing is heard after the error");
        }
        let again = Book::parse(shape, &format!("# a comment\n\n{text}")).unwrap();
        assert_eq!(super::text(&again), text);
    }

    /// The book that ships holds every position of its plies, written as [`text`] writes it,
    /// and each position's score before the last ply follows from its children's. (The last
    /// ply's are the solver's own answers: checking them means solving them again, minutes
    /// each.)
    #[test]
    fn connect_fours_book_is_whole_and_consistent() {
        let book = Book::shipped(Shape::new(7, 6, 4).unwrap());
        assert_eq!(book.plies(), 5, "the plies docs/engines.md says the book covers");
        assert_eq!(text(&book), CONNECT_FOUR, "the book as the build writes it");
        let levels = positions(book.shape, book.plies());
        assert_eq!(book.len(), levels.iter().map(Vec::len).sum::<usize>());
        let mut solver = Solver::new(book.shape).with_book(book.clone());
        for (moves, position) in levels[..levels.len() - 1].iter().flatten() {
            let best = solver.analyze(position).into_iter().flatten().max();
            assert_eq!(best, book.score(position), "{moves:?}");
        }
        assert_eq!(solver.nodes(), 0, "every child is in the book");
        assert_eq!(book.score(&Position::new(book.shape)), Some(1), "the first player wins with its last stone");
    }

    /// A player's move in the book's first plies takes no search: the position's score and
    /// the child that keeps it are both in the book.
    #[test]
    fn the_first_moves_come_from_the_book_at_once() {
        let shape = Shape::new(7, 6, 4).unwrap();
        let mut solver = Solver::new(shape).with_book(Book::shipped(shape));
        let below_the_last_ply = positions(shape, solver.book.plies() - 1);
        for (moves, position) in below_the_last_ply.iter().flatten() {
            let (column, score) = solver.best_move(position).unwrap();
            assert_eq!(Some(score), solver.book.score(position), "{moves}");
            assert_eq!(solver.analyze(position)[column.index()], Some(score), "{moves}");
        }
        assert_eq!(solver.nodes(), 0);
    }

    /// Connect Four's book ships for its own scaffold only.
    #[test]
    fn the_shipped_book_is_connect_fours() {
        assert!(!Book::shipped(Shape::new(7, 6, 4).unwrap()).is_empty());
        for (columns, levels, n) in [(7, 6, 5), (6, 7, 4), (5, 4, 4)] {
            assert!(Book::shipped(Shape::new(columns, levels, n).unwrap()).is_empty(), "{columns}×{levels}, {n}");
        }
    }

    /// Past nine columns, the moves of a position are written with commas, and read back to
    /// the same position.
    #[test]
    fn wide_scaffolds_write_their_moves_with_commas() {
        let shape = Shape::new(10, 2, 2).unwrap();
        let levels = positions(shape, 2);
        let (moves, position) = levels[2].iter().find(|(moves, _)| moves.ends_with(",10")).unwrap();
        assert_eq!(Position::from_moves(shape, moves).unwrap(), *position);
        assert!(
            levels.iter().flatten().all(|(moves, position)| Position::from_moves(shape, moves).unwrap() == *position)
        );
        let book = build(shape, 2, Book::new(shape), 1, |_| Ok::<_, ()>(())).unwrap();
        assert_eq!(text(&Book::parse(shape, &text(&book)).unwrap()), text(&book));
    }

    /// Text that is not a book is refused, line by line, and never panics.
    #[test]
    fn bad_text_is_refused() {
        let shape = small();
        for (text, line) in [
            ("12 x\n", 1),
            ("\n12\n", 2),
            ("1 0\n19 2\n", 2),
            ("11111 0\n", 1),
            ("12 3 4\n", 1),
            ("1 99999999999\n", 1),
        ] {
            let error = Book::parse(shape, text).unwrap_err();
            assert!(error.to_string().starts_with(&format!("line {line}: ")), "{text:?}: {error}");
        }
        let won = Shape::new(5, 4, 2).unwrap();
        assert_eq!(Book::parse(won, "112 0\n").unwrap_err(), BookError::Over { line: 1 });
    }
}
