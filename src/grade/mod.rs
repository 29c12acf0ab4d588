//! `gamekit grade`: scores a submission with an assignment's graded suite.
//!
//! 1. The suite (`tests/<assignment>/`) is built against the submission's crate in a
//!    harness package of its own (`harness.rs`); when that fails, the score is 0 and the
//!    report shows the compiler's errors.
//! 2. Every test of the suite runs in its own process with a time limit, so a hang or a
//!    crash costs that test only (`run.rs`).
//! 3. The rubric (`fixtures/<assignment>/rubric.toml`) shares each group's points among its
//!    tests; the [`Report`] says why every lost point was lost.

mod harness;
mod report;
mod rubric;
mod run;

pub use report::{Report, Status, TestResult, header, row};
pub use rubric::{Group, Rubric};

use std::path::{Path, PathBuf};
use std::time::Duration;

/// Why grading could not run at all (the command exits with status 2).
#[derive(Debug, thiserror::Error)]
pub enum GradeError {
    #[error("no assignment named '{name}': the kit has {}", known.join(", "))]
    UnknownAssignment { name: String, known: Vec<String> },
    #[error("{}: there is no Cargo.toml there, so it is not a crate to grade", .0.display())]
    NotACrate(PathBuf),
    #[error("the rubric {}: {reason}", path.display())]
    Rubric { path: PathBuf, reason: String },
    #[error("{}: the package is named '{found}', but the {expected} assignment needs a package named '{expected}'", path.display())]
    WrongPackage { path: PathBuf, found: String, expected: String },
    #[error("a time limit of {0} seconds is out of range")]
    Timeout(f64),
    #[error("{context}: {source}")]
    Io { context: String, source: std::io::Error },
    #[error("{0}")]
    Harness(String),
}

impl GradeError {
    fn io(context: impl Into<String>) -> impl FnOnce(std::io::Error) -> GradeError {
        let context = context.into();
        move |source| GradeError::Io { context, source }
    }
}

/// What to grade.
#[derive(Debug, Clone)]
pub struct Options {
    /// The root of the kit: its `tests/`, `fixtures/` and `Cargo.toml`.
    pub kit: PathBuf,
    /// The assignment, e.g. `reversi`.
    pub assignment: String,
    /// The crate to grade; the reference solution when `None`.
    pub submission: Option<PathBuf>,
    /// Seconds every test may run, instead of what the rubric says.
    pub timeout: Option<f64>,
}

/// The assignments the kit can grade: those with a rubric.
pub fn assignments(kit: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(kit.join("fixtures"))
        .into_iter()
        .flatten()
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.path().join("rubric.toml").is_file())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Grades a submission, calling `progress` with each test's result as soon as it is known.
///
/// # Errors
/// [`GradeError`] when grading cannot run: an unknown assignment, a directory that is not a
/// crate, a broken rubric, or Cargo missing. A submission that does not compile is not an
/// error: it is a report with the score 0 and the compiler's messages.
pub fn grade(options: &Options, mut progress: impl FnMut(&TestResult)) -> Result<Report, GradeError> {
    let known = assignments(&options.kit);
    if !known.contains(&options.assignment) {
        return Err(GradeError::UnknownAssignment { name: options.assignment.clone(), known });
    }
    let rubric = Rubric::load(&options.kit, &options.assignment)?;
    let submission =
        options.submission.clone().unwrap_or_else(|| options.kit.join("solution").join(&options.assignment));
    if !submission.join("Cargo.toml").is_file() {
        return Err(GradeError::NotACrate(submission));
    }
    let submission =
        submission.canonicalize().map_err(GradeError::io(format!("cannot open {}", submission.display())))?;
    harness::check_package(&submission, &rubric.package)?;
    let mut report = Report::new(&rubric, &submission);
    let built = match harness::build(&options.kit, &rubric, &submission)? {
        Ok(built) => built,
        Err(compiler_errors) => {
            report.build_errors = Some(compiler_errors);
            return Ok(report);
        }
    };
    let names = run::list(&built.test_binary)?;
    let groups: Vec<Option<usize>> = names.iter().map(|name| rubric.group_of(name)).collect();
    let tests_in = |index| groups.iter().filter(|&&group| group == Some(index)).count();
    let shares: Vec<f64> =
        rubric.groups.iter().enumerate().map(|(index, group)| group.points / tests_in(index).max(1) as f64).collect();
    for (name, &group) in names.iter().zip(&groups) {
        let Some(index) = group else {
            report.unweighted.push(name.clone());
            continue;
        };
        let (group, share) = (&rubric.groups[index], shares[index]);
        let seconds = options.timeout.or(group.timeout).unwrap_or(rubric.timeout);
        let limit = Duration::try_from_secs_f64(seconds).map_err(|_| GradeError::Timeout(seconds))?;
        let outcome = run::one(&built, name, limit)?;
        let result = TestResult {
            name: name.clone(),
            group: group.prefix.clone(),
            max_points: share,
            points: if outcome.status == Status::Passed { share } else { 0.0 },
            status: outcome.status,
            seconds: outcome.seconds,
            explanation: outcome.explanation,
        };
        progress(&result);
        report.tests.push(result);
    }
    // Group by group, so that a group passed in full gives its points exactly, not a sum of
    // rounded shares.
    report.score = rubric
        .groups
        .iter()
        .map(|group| {
            let tests: Vec<_> = report.tests.iter().filter(|test| test.group == group.prefix).collect();
            let passed = tests.iter().filter(|test| test.status == Status::Passed).count();
            if tests.is_empty() { 0.0 } else { group.points * passed as f64 / tests.len() as f64 }
        })
        .sum();
    Ok(report)
}
