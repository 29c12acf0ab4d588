//! The benchmarks, one place for `gamekit bench` and `cargo bench`: the exact solvers on
//! public test positions with known answers, Reversi's perft against the published counts,
//! and the grader's own speed on the reference solutions. Every answer is checked; a wrong
//! one is an error, not a number.
//!
//! The positions are read from a data directory laid out as `fixtures/` is: `connect4/`
//! (the six standard Connect Four sets) and `othello/` (`perft.txt` and the four `fforum-*.obf`).
//! Every file is read and every request checked before the first number is printed.

use crate::connect_n::{self, Position, Shape};
use crate::game::perft;
use crate::grade::shown;
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

/// How many times perft runs at each depth: its median is the number reported.
const PERFT_RUNS: usize = 5;

/// The standard Connect Four sets, by file and by name, easiest first, and then the empty
/// board, which is solved only when it is asked for (it takes minutes).
pub const CONNECT_FOUR_SETS: [(&str, &str); 7] = [
    ("Test_L3_R1", "end-easy"),
    ("Test_L2_R1", "middle-easy"),
    ("Test_L2_R2", "middle-medium"),
    ("Test_L1_R1", "begin-easy"),
    ("Test_L1_R2", "begin-medium"),
    ("Test_L1_R3", "begin-hard"),
    (EMPTY_BOARD, "empty-board"),
];

/// The file of the empty board's set.
const EMPTY_BOARD: &str = "Empty_board";

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
    #[error("{program}: {reason}")]
    Other { program: PathBuf, reason: String },
    #[error("{what}: {program} says {got}, the published answer is {expected}")]
    OtherWrong { program: PathBuf, what: String, got: String, expected: String },
    #[error("grading {assignment}: {reason}")]
    Grade { assignment: String, reason: String },
    #[error("cannot write the report: {0}")]
    Output(#[from] std::io::Error),
}

fn read(path: &Path) -> Result<String, BenchError> {
    std::fs::read_to_string(path).map_err(|source| BenchError::Read { path: path.to_owned(), source })
}

/// Solves the Connect Four `sets` (each by file or by name; the six standard ones when
/// empty), `limit` positions of each after its first `skip` (when `None`, all of them, except
/// begin-hard: only 20, which take seconds each; a slice lets a set too long for one sitting,
/// as begin-hard is side by side with the tutorial's solver, be timed in parts), and writes a row for each: the mean and
/// median time, the mean positions searched and the whole run's time. A set is one run, as
/// the tutorial's program solves a file: one solver, its table kept from one position to the
/// next. (The published figures are means.)
///
/// With `versus`, a program that reads positions as the tutorial's solver does (a position's
/// moves on each line of its input, `<moves> <score>` on each line of its output), each set
/// is then solved by it too, in turn, and the row adds its whole run's time (less its
/// start-up, timed on no positions) and the ratio of the two.
///
/// # Errors
/// When a set is unknown, empty or cannot be read, a line is not `<moves> <score>` of a
/// position still in play, a score differs from the published one (either program's), or
/// the other program cannot be run.
pub fn connect_four(
    data: &Path,
    sets: &[String],
    skip: usize,
    limit: Option<usize>,
    versus: Option<&Path>,
    out: &mut impl Write,
) -> Result<(), BenchError> {
    let dir = data.join("connect4");
    let is = |set: &str, (file, name): (&str, &str)| set == file || set == name;
    let chosen: Vec<(&str, &str)> = CONNECT_FOUR_SETS
        .into_iter()
        .filter(|&known| if sets.is_empty() { known.0 != EMPTY_BOARD } else { sets.iter().any(|set| is(set, known)) })
        .collect();
    if let Some(unknown) = sets.iter().find(|set| !chosen.iter().any(|&known| is(set, known))) {
        return Err(BenchError::Missing { path: dir, what: format!("set '{unknown}'") });
    }
    let count_of = |file| limit.unwrap_or(if file == "Test_L1_R3" { 20 } else { usize::MAX });
    let shape = Shape::new(7, 6, 4).expect("Connect Four fits the engine");
    let positions = chosen
        .into_iter()
        .map(|(file, name)| Ok((file, name, positions(shape, &dir.join(file), skip, count_of(file))?)))
        .collect::<Result<Vec<_>, BenchError>>()?;
    let start_up = versus.map(other_start_up).transpose()?;
    write!(
        out,
        "{:<12} {:<14} {:>9} {:>12} {:>12} {:>14} {:>10}",
        "set", "", "positions", "mean time", "median time", "mean positions", "whole run"
    )?;
    if let Some(start_up) = start_up {
        write!(out, " {:>10} {:>6}   (the other's start-up: {}, taken off)", "other", "ratio", Time(start_up))?;
    }
    writeln!(out)?;
    for (file, name, positions) in positions {
        // The table is made and touched before the run, as the other program's start-up
        // (which makes and clears its own) is taken off its run.
        let mut solver = connect_n::Solver::new(shape);
        solver.reset();
        let mut seconds = Vec::new();
        let run = Instant::now();
        for (moves, position, expected) in &positions {
            let started = Instant::now();
            let got = solver.solve(position).to_string();
            seconds.push(started.elapsed().as_secs_f64());
            if got != *expected {
                return Err(BenchError::Wrong { what: format!("{file} {moves}"), got, expected: expected.clone() });
            }
        }
        let run = run.elapsed().as_secs_f64();
        let count = seconds.len();
        let (mean, median) = (Time(seconds.iter().sum::<f64>() / count as f64), Time(median(seconds)));
        let nodes = solver.nodes() as f64 / count as f64;
        write!(out, "{file:<12} {name:<14} {count:>9} {mean:>12} {median:>12} {nodes:>14.0} {:>10}", Time(run))?;
        if let (Some(program), Some(start_up)) = (versus, start_up) {
            let other = (run_other(program, &positions, file)? - start_up).max(0.0);
            write!(out, " {:>10} {:>6.2}", Time(other), run / other)?;
        }
        writeln!(out)?;
        out.flush()?;
    }
    Ok(())
}

/// The start-up of another solver that reads positions as the tutorial's does: the median of
/// three runs on no positions.
fn other_start_up(program: &Path) -> Result<f64, BenchError> {
    let runs = (0..3).map(|_| run_other(program, &[], "no positions")).collect::<Result<Vec<_>, _>>()?;
    Ok(median(runs))
}

/// Runs `program` on `positions` (of `set`) and returns its wall time, every answer
/// checked against the published one. What it writes is not the kit's: it is shown through the
/// grader's one gate for such text.
fn run_other(program: &Path, positions: &[(String, Position, String)], set: &str) -> Result<f64, BenchError> {
    use std::process::{Command, Stdio};
    let failed = |reason: String| BenchError::Other { program: program.to_owned(), reason };
    let input: String = positions.iter().map(|(moves, _, _)| format!("{moves}\n")).collect();
    let started = Instant::now();
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| failed(format!("cannot be started: {error}")))?;
    let mut stdin = child.stdin.take().expect("piped");
    // Written from a thread of its own, so that a program that answers as it reads never
    // waits on a full pipe while this waits on it.
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().map_err(|error| failed(format!("cannot be waited for: {error}")))?;
    let seconds = started.elapsed().as_secs_f64();
    let _ = writer.join();
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(failed(format!("{} on {set}: {}", output.status, shown::lines(stderr.trim()))));
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let answers: Vec<&str> = stdout.lines().collect();
    if answers.len() != positions.len() {
        let reason = format!("{} lines for the {} positions of {set}", answers.len(), positions.len());
        return Err(failed(reason));
    }
    for ((moves, _, expected), answer) in positions.iter().zip(answers) {
        let got = answer.strip_prefix(moves.as_str()).map(str::trim).unwrap_or(answer);
        if got != expected {
            return Err(BenchError::OtherWrong {
                program: program.to_owned(),
                what: format!("{set} {moves}"),
                got: shown::line(got),
                expected: expected.clone(),
            });
        }
    }
    Ok(seconds)
}

/// `limit` positions of the set at `path` after its first `skip`, each with its moves and
/// published score; at least one.
fn positions(
    shape: Shape,
    path: &Path,
    skip: usize,
    limit: usize,
) -> Result<Vec<(String, Position, String)>, BenchError> {
    let text = read(path)?;
    let positions = text
        .lines()
        .enumerate()
        .skip(skip)
        .take(limit)
        .map(|(index, line)| {
            let bad = |reason: String| BenchError::Line { path: path.to_owned(), line: index + 1, reason };
            let (moves, score) = line.split_once(' ').ok_or_else(|| bad("not '<moves> <score>'".to_owned()))?;
            let position = Position::from_moves(shape, moves).map_err(|error| bad(error.to_string()))?;
            if position.is_over() {
                return Err(bad("the game is over".to_owned()));
            }
            Ok((moves.to_owned(), position, score.to_owned()))
        })
        .collect::<Result<Vec<_>, BenchError>>()?;
    if positions.is_empty() {
        return Err(BenchError::Missing { path: path.to_owned(), what: "positions to solve".to_owned() });
    }
    Ok(positions)
}

/// 8×8 Reversi (Othello): perft from the standard start at each depth of `othello/perft.txt` up to
/// `max_depth` (the median of `PERFT_RUNS` runs each), then the exact endgame solver on
/// the FFO endgames `numbers` (#1 to #79; none when empty), one solve each with a fresh
/// table.
/// Writes a row for each depth (count, time, rate) and each endgame (empties, score, move,
/// time, positions searched, rate), and the endgames' total.
///
/// # Errors
/// When a file cannot be read or parsed, a depth or an endgame is not in it, or a count, a
/// score or a move differs from the published ones.
pub fn othello(
    data: &Path,
    max_depth: u32,
    numbers: RangeInclusive<usize>,
    out: &mut impl Write,
) -> Result<(), BenchError> {
    let counts = perft_counts(&data.join("othello").join("perft.txt"), max_depth)?;
    let problems = ffo_problems(&data.join("othello"), numbers)?;
    writeln!(out, "{:>5} {:>12} {:>12} {:>14}", "depth", "leaves", "median", "leaves/s")?;
    for (depth, expected) in counts {
        let mut seconds = Vec::new();
        for _ in 0..PERFT_RUNS {
            let started = Instant::now();
            let leaves = perft(&othello::Board::start(), depth);
            seconds.push(started.elapsed().as_secs_f64());
            if leaves != expected {
                let what = format!("perft({depth})");
                return Err(BenchError::Wrong { what, got: leaves.to_string(), expected: expected.to_string() });
            }
        }
        let median = median(seconds);
        writeln!(out, "{depth:>5} {expected:>12} {:>12} {:>14.0}", Time(median), expected as f64 / median)?;
        out.flush()?;
    }
    if !problems.is_empty() {
        writeln!(out)?;
        endgames(problems, out)?;
    }
    Ok(())
}

/// The published perft counts up to `max_depth`, by depth.
fn perft_counts(path: &Path, max_depth: u32) -> Result<Vec<(u32, u64)>, BenchError> {
    let mut counts = Vec::new();
    for (index, line) in read(path)?.lines().enumerate().filter(|(_, line)| !line.starts_with('#')) {
        let bad =
            || BenchError::Line { path: path.to_owned(), line: index + 1, reason: "not '<depth> <count>'".to_owned() };
        let (depth, count) = line.split_once(' ').ok_or_else(bad)?;
        counts.push((depth.parse().map_err(|_| bad())?, count.parse().map_err(|_| bad())?));
    }
    if !counts.iter().any(|&(depth, _)| depth == max_depth) {
        return Err(BenchError::Missing { path: path.to_owned(), what: format!("count for depth {max_depth}") });
    }
    counts.retain(|&(depth, _)| depth <= max_depth);
    Ok(counts)
}

/// The FFO files of `othello/`, `fforum-FIRST-LAST.obf`, by the first and last endgame each
/// holds.
const FFO_FILES: [(usize, usize); 4] = [(1, 19), (20, 39), (40, 59), (60, 79)];

/// The FFO endgames `numbers`, each with its number, read from the files of `folder` that
/// hold them.
fn ffo_problems(folder: &Path, numbers: RangeInclusive<usize>) -> Result<Vec<(usize, Problem)>, BenchError> {
    let mut problems = Vec::new();
    for (first, last) in FFO_FILES {
        let wanted = *numbers.start().max(&first)..=*numbers.end().min(&last);
        if wanted.is_empty() {
            continue;
        }
        let path = folder.join(format!("fforum-{first}-{last}.obf"));
        let text = read(&path)?;
        let lines: Vec<&str> = text.lines().collect();
        for number in wanted {
            let index = number - first;
            let line = lines
                .get(index)
                .ok_or_else(|| BenchError::Missing { path: path.clone(), what: format!("FFO #{number}") })?;
            let bad = |reason: String| BenchError::Line { path: path.clone(), line: index + 1, reason };
            let problem: Problem = line.parse().map_err(|error: othello::ParseError| bad(error.to_string()))?;
            if problem.scores.is_empty() {
                return Err(bad("no published score".to_owned()));
            }
            problems.push((number, problem));
        }
    }
    Ok(problems)
}

/// Solves each endgame, checking the score and that the move is one of the best.
fn endgames(problems: Vec<(usize, Problem)>, out: &mut impl Write) -> Result<(), BenchError> {
    writeln!(
        out,
        "{:>4} {:>7} {:>6} {:>5} {:>10} {:>14} {:>12} {:>12}",
        "FFO", "empties", "score", "move", "time", "positions", "shallow", "positions/s"
    )?;
    let (mut total_seconds, mut total_nodes, mut total_shallow) = (0.0, 0, 0);
    for (number, problem) in problems {
        let mut solver = endgame::Solver::new();
        let started = Instant::now();
        let solution = solver.solve(&problem.board);
        let seconds = started.elapsed().as_secs_f64();
        let what = || format!("FFO #{number}");
        let published = problem.scores[0].1;
        if solution.score != published {
            return Err(BenchError::Wrong {
                what: what(),
                got: solution.score.to_string(),
                expected: published.to_string(),
            });
        }
        let Some(best) = solution.best.filter(|&best| problem.scores.contains(&(best, solution.score))) else {
            let got = solution.best.map_or("no move".to_owned(), |square| square.to_string());
            return Err(BenchError::Wrong { what: what(), got, expected: "one of the best moves".to_owned() });
        };
        let (empties, nodes, shallow) = (problem.board.empty().count_ones(), solver.nodes(), solver.shallow_nodes());
        let (score, best, time) = (solution.score, best.to_string(), Time(seconds));
        writeln!(
            out,
            "{number:>4} {empties:>7} {score:>+6} {best:>5} {time:>10} {nodes:>14} {shallow:>12} {:>12.0}",
            nodes as f64 / seconds
        )?;
        out.flush()?;
        (total_seconds, total_nodes, total_shallow) =
            (total_seconds + seconds, total_nodes + nodes, total_shallow + shallow);
    }
    let total = Time(total_seconds);
    writeln!(
        out,
        "total {total:>30} {total_nodes:>14} {total_shallow:>12} {:>12.0}",
        total_nodes as f64 / total_seconds
    )?;
    Ok(())
}

/// The median of `seconds`, not empty (of two middle values, the upper).
fn median(mut seconds: Vec<f64>) -> f64 {
    seconds.sort_by(f64::total_cmp);
    seconds[seconds.len() / 2]
}

/// Seconds shown in µs, ms or s, whichever reads best.
struct Time(f64);

impl fmt::Display for Time {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.0 {
            s if s < 1e-3 => format!("{:.2} µs", s * 1e6),
            s if s < 1.0 => format!("{:.2} ms", s * 1e3),
            s => format!("{s:.2} s"),
        };
        f.pad(&text)
    }
}

/// How often a command runs in the sandbox, and without, for the sandbox's cost per test.
const SANDBOX_RUNS: usize = 21;

/// `gamekit bench grade`: what the sandbox costs each test (the median of starting a program
/// that does nothing, in a test's sandbox and as a plain process), then, for each assignment,
/// the time to grade its reference solution cold (a copy at a new path: the submission and
/// the suite compiled, the shared dependencies already built) and warm (the same copy again):
/// the medians of `runs` runs, each with a copy of its own.
///
/// # Errors
/// When grading cannot run, or a solution does not score full marks.
pub fn grade(kit: &Path, assignments: &[String], runs: usize, out: &mut impl Write) -> Result<(), BenchError> {
    use gamekit_grade::sandbox::{Isolation, Limits, Sandbox};
    let isolation = Isolation::detect();
    let nothing = Path::new("/bin/true");
    let median_run = |sandbox: &Sandbox| -> Result<f64, BenchError> {
        let times = (0..SANDBOX_RUNS)
            .map(|_| {
                let ran = sandbox.run(nothing, &[], b"", Limits::test(std::time::Duration::from_secs(10)))?;
                Ok(ran.seconds)
            })
            .collect::<Result<Vec<f64>, std::io::Error>>()?;
        Ok(median(times))
    };
    let scratch = std::env::temp_dir();
    let sandboxed = median_run(&Sandbox::new(isolation, &scratch).own_user())?;
    let plain = median_run(&Sandbox::new(Isolation::None, &scratch))?;
    writeln!(
        out,
        "sandbox ({isolation:?}): {:.1} ms to start and end a test's sandbox, {:.1} ms for a plain process (medians of {SANDBOX_RUNS})",
        sandboxed * 1e3,
        plain * 1e3
    )?;
    writeln!(out, "{:<16} {:>6} {:>9} {:>9}   (medians of {runs} runs)", "assignment", "tests", "cold", "warm")?;
    for assignment in assignments {
        let (mut colds, mut warms, mut tests) = (Vec::new(), Vec::new(), 0);
        for _ in 0..runs.max(1) {
            let (cold, warm, counted) = grade_twice(kit, assignment)?;
            colds.push(cold);
            warms.push(warm);
            tests = counted;
        }
        let (cold, warm) = (median(colds), median(warms));
        writeln!(out, "{assignment:<16} {tests:>6} {cold:>8.1}s {warm:>8.1}s")?;
    }
    Ok(())
}

/// Grades a new copy of `assignment`'s reference solution twice, cold then warm: the two
/// times and the tests counted.
fn grade_twice(kit: &Path, assignment: &str) -> Result<(f64, f64, usize), BenchError> {
    let copy = copy_of_solution(kit, assignment)?;
    let options = gamekit_grade::Options {
        kit: kit.to_owned(),
        assignment: assignment.to_owned(),
        submission: Some(copy.clone()),
        timeout: None,
        only: None,
    };
    let timed = || -> Result<(f64, usize), BenchError> {
        let started = Instant::now();
        let report = gamekit_grade::grade(&options, |_| {})
            .map_err(|error| BenchError::Grade { assignment: assignment.to_owned(), reason: error.to_string() })?;
        if (report.score - report.max_score).abs() > 1e-6 {
            return Err(BenchError::Wrong {
                what: format!("the {assignment} solution"),
                got: format!("{:.2}", report.score),
                expected: format!("{:.2}", report.max_score),
            });
        }
        Ok((started.elapsed().as_secs_f64(), report.tests.len()))
    };
    let (cold, tests) = timed()?;
    let (warm, _) = timed()?;
    gamekit_grade::clean(kit, assignment, &copy);
    let _ = std::fs::remove_dir_all(copy.parent().unwrap_or(&copy));
    Ok((cold, warm, tests))
}

/// A folder no grading has seen: `target/bench/<name>-<process>-<time>`.
fn fresh_folder(kit: &Path, name: &str) -> PathBuf {
    let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_nanos();
    kit.join("target").join("bench").join(format!("{name}-{}-{stamp}", std::process::id()))
}

/// A copy at `copy` of the crate `from` (its manifest and sources), its `lib.rs` ending with
/// `comment` (so that it builds on its own).
fn copy_crate(from: &Path, copy: &Path, comment: &str) -> Result<PathBuf, BenchError> {
    let io = |path: &Path| {
        let path = path.to_owned();
        move |source| BenchError::Read { path, source }
    };
    std::fs::create_dir_all(copy.join("src")).map_err(io(copy))?;
    std::fs::copy(from.join("Cargo.toml"), copy.join("Cargo.toml")).map_err(io(from))?;
    for entry in std::fs::read_dir(from.join("src")).map_err(io(from))? {
        let entry = entry.map_err(io(from))?;
        let mut text = std::fs::read(entry.path()).map_err(io(&entry.path()))?;
        if entry.file_name() == "lib.rs" {
            text.extend_from_slice(comment.as_bytes());
        }
        std::fs::write(copy.join("src").join(entry.file_name()), text).map_err(io(&entry.path()))?;
    }
    copy.canonicalize().map_err(io(copy))
}

/// A copy of the reference solution's crate at a path no grading has seen:
/// `target/bench/<assignment>-<process>-<time>/<assignment>`.
fn copy_of_solution(kit: &Path, assignment: &str) -> Result<PathBuf, BenchError> {
    let copy = fresh_folder(kit, assignment).join(assignment);
    copy_crate(&kit.join("solution").join(assignment), &copy, "")
}

/// Grades a class of `size` with `--batch`, `jobs` at once (see `gamekit bench batch`), and
/// writes a row per submission and the class's figures.
pub fn batch(kit: &Path, assignment: &str, size: usize, jobs: usize, out: &mut impl Write) -> Result<(), BenchError> {
    let folder = fresh_folder(kit, &format!("batch-{assignment}"));
    let class = folder.join("class");
    for number in 0..size {
        let from = if number % 3 == 2 { "starter" } else { "solution" };
        let id = format!("{number:03}-{from}");
        copy_crate(&kit.join(from).join(assignment), &class.join(id), &format!("\n// submission {number}\n"))?;
    }
    let batch = gamekit_grade::class::batch::Batch {
        kit: kit.to_owned(),
        assignment: assignment.to_owned(),
        submissions: class,
        out: folder.join("graded"),
        jobs,
        timeout: None,
        shard: None,
    };
    let started = Instant::now();
    let graded = gamekit_grade::class::batch::run(&batch, |_| {})
        .map_err(|error| BenchError::Grade { assignment: assignment.to_owned(), reason: error.to_string() })?
        .graded;
    let seconds = started.elapsed().as_secs_f64();
    writeln!(out, "{:<16} {:>8} {:>8} {:>8} {:>8} {:>7}", "submission", "build", "waiting", "tests", "total", "score")?;
    let mut sums = [0.0; 3];
    for one in &graded {
        let timing = one.timing.unwrap_or_default();
        sums = [sums[0] + timing.build, sums[1] + timing.waiting, sums[2] + timing.tests];
        let score = one.report.as_ref().map_or("-".to_owned(), |report| format!("{:.2}", report.score));
        writeln!(
            out,
            "{:<16} {:>7.1}s {:>7.1}s {:>7.1}s {:>7.1}s {score:>7}",
            one.id, timing.build, timing.waiting, timing.tests, one.seconds
        )?;
    }
    let count = graded.len() as f64;
    let rate = count / seconds * 60.0;
    writeln!(
        out,
        "{size} submissions, {jobs} at once: {seconds:.1} s with the reference first, {rate:.1} a minute, \
         about {:.0} min for 200; on average a build {:.1} s, tests {:.1} s",
        200.0 / rate,
        sums[0] / count,
        sums[2] / count
    )?;
    let _ = std::fs::remove_dir_all(&folder);
    Ok(())
}
