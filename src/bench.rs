//! The engines' benchmarks, one place for `gamekit bench` and `cargo bench`: the exact
//! solvers on public test positions with known answers, and Reversi's perft against the
//! published counts. Every answer is checked; a wrong one is an error, not a number.
//!
//! The positions are read from a data directory laid out as `fixtures/` is: `connect4/`
//! (the six standard Connect Four sets) and `othello/` (`perft.txt`, `fforum-40-59.obf`).

use crate::connect_n::{self, Position, Shape};
use crate::othello::{self, endgame, ffo::Problem};
use std::fmt;
use std::io::Write;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The data directory of this kit's sources: its `fixtures/`.
pub fn default_data() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures"))
}

/// The standard Connect Four sets, by file name and by what they hold, easiest first.
pub const CONNECT_FOUR_SETS: [(&str, &str); 6] = [
    ("Test_L3_R1", "end-easy"),
    ("Test_L2_R1", "middle-easy"),
    ("Test_L2_R2", "middle-medium"),
    ("Test_L1_R1", "begin-easy"),
    ("Test_L1_R2", "begin-medium"),
    ("Test_L1_R3", "begin-hard"),
];

/// Why a benchmark could not give its numbers.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error("cannot read {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("{path}, line {line}: {reason}")]
    Line { path: PathBuf, line: usize, reason: String },
    #[error("{path} has no {what}")]
    Missing { path: PathBuf, what: String },
    #[error("{what}: the engine says {got}, the published answer is {expected}")]
    Wrong { what: String, got: String, expected: String },
    #[error("cannot write the report: {0}")]
    Output(#[from] std::io::Error),
}

fn read(path: &Path) -> Result<String, BenchError> {
    std::fs::read_to_string(path).map_err(|source| BenchError::Read { path: path.to_owned(), source })
}

/// The times and positions searched of one run over a set of positions.
struct Measured {
    /// Each position's time in seconds, in the order solved.
    seconds: Vec<f64>,
    /// The positions searched, all together.
    nodes: u64,
}

impl Measured {
    fn mean(&self) -> f64 {
        self.seconds.iter().sum::<f64>() / self.seconds.len().max(1) as f64
    }

    fn median(&self) -> f64 {
        let mut sorted = self.seconds.clone();
        sorted.sort_by(f64::total_cmp);
        sorted.get(sorted.len() / 2).copied().unwrap_or(0.0)
    }

    fn mean_nodes(&self) -> f64 {
        self.nodes as f64 / self.seconds.len().max(1) as f64
    }
}

/// Solves the Connect Four `sets` (by file or by name; all six when empty), the first `limit`
/// positions of each (when `None`, all of them but the first 20 of begin-hard, whose
/// positions take seconds each), and writes a row for each: the mean and median time and the
/// mean positions searched. (The published figures are means.)
///
/// # Errors
/// When a set is unknown or its file cannot be read, a line is not `<moves> <score>` of a
/// legal position, or a score differs from the published one.
pub fn connect_four(
    data: &Path,
    sets: &[String],
    limit: Option<usize>,
    out: &mut impl Write,
) -> Result<(), BenchError> {
    let dir = data.join("connect4");
    let chosen = |file: &str, name: &str| sets.is_empty() || sets.iter().any(|set| set == file || set == name);
    if let Some(unknown) =
        sets.iter().find(|set| !CONNECT_FOUR_SETS.iter().any(|(file, name)| set == file || set == name))
    {
        return Err(BenchError::Missing { path: dir, what: format!("set '{unknown}'") });
    }
    // Every file read before any number, so that a missing one stops the run at once.
    let texts = CONNECT_FOUR_SETS
        .into_iter()
        .filter(|(file, name)| chosen(file, name))
        .map(|(file, name)| Ok((file, name, read(&dir.join(file))?)))
        .collect::<Result<Vec<_>, BenchError>>()?;
    writeln!(
        out,
        "{:<12} {:<14} {:>9} {:>14} {:>14} {:>16}",
        "set", "", "positions", "mean time", "median time", "mean positions"
    )?;
    for (file, name, text) in texts {
        let limit = limit.unwrap_or(if file == "Test_L1_R3" { 20 } else { usize::MAX });
        let measured = solve_set(&dir.join(file), &text, limit)?;
        let (mean, median) = (Duration(measured.mean()), Duration(measured.median()));
        let positions = measured.seconds.len();
        writeln!(out, "{file:<12} {name:<14} {positions:>9} {mean:>14} {median:>14} {:>16.0}", measured.mean_nodes())?;
        out.flush()?;
    }
    Ok(())
}

/// Solves the first `limit` positions of the set `text` (read from `path`), each with an empty table,
/// checking every score.
fn solve_set(path: &Path, text: &str, limit: usize) -> Result<Measured, BenchError> {
    let shape = Shape::new(7, 6, 4).expect("Connect Four fits the engine");
    let mut solver = connect_n::Solver::new(shape);
    let mut measured = Measured { seconds: Vec::new(), nodes: 0 };
    for (index, line) in text.lines().take(limit).enumerate() {
        let bad = |reason: String| BenchError::Line { path: path.to_owned(), line: index + 1, reason };
        let (moves, expected) = line.split_once(' ').ok_or_else(|| bad("not '<moves> <score>'".to_owned()))?;
        let position = Position::from_moves(shape, moves).map_err(|error| bad(error.to_string()))?;
        if position.is_over() {
            return Err(bad("the game is over".to_owned()));
        }
        solver.reset();
        let started = Instant::now();
        let got = solver.solve(&position).to_string();
        measured.seconds.push(started.elapsed().as_secs_f64());
        measured.nodes += solver.nodes();
        if got != expected {
            return Err(BenchError::Wrong {
                what: format!("{} {moves}", path.display()),
                got,
                expected: expected.to_owned(),
            });
        }
    }
    Ok(measured)
}

/// Solves FFO endgames `numbers` (#40 to #59), each with a fresh table, checking the score and
/// that the move is one of the best, and writes a row for each (empties, score, move, time,
/// positions searched and their rate) and their total.
///
/// # Errors
/// When the file cannot be read or parsed, a number is not in it, or an answer is wrong.
pub fn endgames(data: &Path, numbers: RangeInclusive<usize>, out: &mut impl Write) -> Result<(), BenchError> {
    let path = data.join("othello").join("fforum-40-59.obf");
    let text = read(&path)?;
    let lines: Vec<&str> = text.lines().collect();
    writeln!(
        out,
        "{:>4} {:>7} {:>6} {:>5} {:>10} {:>14} {:>12}",
        "FFO", "empties", "score", "move", "time", "positions", "positions/s"
    )?;
    let (mut total_seconds, mut total_nodes) = (0.0, 0);
    for number in numbers {
        let what = || format!("FFO #{number}");
        let index = number.checked_sub(40).filter(|&index| index < lines.len());
        let index = index.ok_or_else(|| BenchError::Missing { path: path.clone(), what: what() })?;
        let problem: Problem = lines[index].parse().map_err(|error: othello::ParseError| BenchError::Line {
            path: path.clone(),
            line: index + 1,
            reason: error.to_string(),
        })?;
        let mut solver = endgame::Solver::new();
        let started = Instant::now();
        let solution = solver.solve(&problem.board);
        let seconds = started.elapsed().as_secs_f64();
        let published = problem.scores.first().map_or(0, |&(_, score)| score);
        if solution.score != published {
            return Err(BenchError::Wrong {
                what: what(),
                got: solution.score.to_string(),
                expected: published.to_string(),
            });
        }
        let Some(best) = solution.best.filter(|&best| problem.scores.contains(&(best, solution.score))) else {
            let got = solution.best.map_or("no move".to_owned(), othello::square_name);
            return Err(BenchError::Wrong { what: what(), got, expected: "one of the best moves".to_owned() });
        };
        let (empties, nodes) = (problem.board.empty().count_ones(), solver.nodes());
        let (score, best, time) = (solution.score, othello::square_name(best), Duration(seconds));
        writeln!(
            out,
            "{number:>4} {empties:>7} {score:>+6} {best:>5} {time:>10} {nodes:>14} {:>12.0}",
            nodes as f64 / seconds
        )?;
        out.flush()?;
        (total_seconds, total_nodes) = (total_seconds + seconds, total_nodes + nodes);
    }
    let total = Duration(total_seconds);
    writeln!(out, "total {total:>30} {total_nodes:>14} {:>12.0}", total_nodes as f64 / total_seconds)?;
    Ok(())
}

/// Perft from the standard start at each depth of `othello/perft.txt` up to `max_depth`,
/// checking the published counts, and writes a row for each: the count, the median time of
/// `runs` runs and the rate.
///
/// # Errors
/// When the file cannot be read or parsed, or a count differs from the published one.
pub fn perft(data: &Path, max_depth: u32, runs: usize, out: &mut impl Write) -> Result<(), BenchError> {
    let path = data.join("othello").join("perft.txt");
    let text = read(&path)?;
    writeln!(out, "{:>5} {:>12} {:>12} {:>14}", "depth", "leaves", "median", "leaves/s")?;
    for (index, line) in text.lines().enumerate().filter(|(_, line)| !line.starts_with('#')) {
        let bad =
            || BenchError::Line { path: path.clone(), line: index + 1, reason: "not '<depth> <count>'".to_owned() };
        let (depth, expected) = line.split_once(' ').ok_or_else(bad)?;
        let (depth, expected): (u32, u64) = (depth.parse().map_err(|_| bad())?, expected.parse().map_err(|_| bad())?);
        if depth > max_depth {
            continue;
        }
        let mut measured = Measured { seconds: Vec::new(), nodes: 0 };
        for _ in 0..runs.max(1) {
            let started = Instant::now();
            let leaves = othello::Board::start().perft(depth);
            measured.seconds.push(started.elapsed().as_secs_f64());
            if leaves != expected {
                let what = format!("perft({depth})");
                return Err(BenchError::Wrong { what, got: leaves.to_string(), expected: expected.to_string() });
            }
        }
        let median = measured.median();
        writeln!(out, "{depth:>5} {expected:>12} {:>12} {:>14.0}", Duration(median), expected as f64 / median)?;
        out.flush()?;
    }
    Ok(())
}

/// A time in µs, ms or s, whichever reads best.
struct Duration(f64);

impl fmt::Display for Duration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            s if s < 1e-3 => format!("{:.2} µs", s * 1e6),
            s if s < 1.0 => format!("{:.2} ms", s * 1e3),
            s => format!("{s:.2} s"),
        };
        f.pad(&text)
    }
}
