//! The grading report: the terminal table, our JSON, and Gradescope's `results.json`.

use super::Rubric;
use super::sandbox::Isolation;
use serde::Serialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// How a test ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Passed,
    Failed,
    /// The code under test reached a `todo!()`.
    NotImplemented,
    TimedOut,
    /// The test process died without a panic message (a stack overflow, a signal).
    Crashed,
}

impl Status {
    fn label(self) -> &'static str {
        match self {
            Status::Passed => "passed",
            Status::Failed => "FAILED",
            Status::NotImplemented => "not implemented",
            Status::TimedOut => "TIMED OUT",
            Status::Crashed => "CRASHED",
        }
    }
}

/// Where every verdict is decided, as the report says it.
const VERDICTS: &str = "verdicts: decided by the suite's judge, outside the submission's code (which ran only in \
                        its probe, answering the judge's calls)";

/// One graded test.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct TestResult {
    pub name: String,
    /// The rubric group (its prefix).
    pub group: String,
    pub points: f64,
    pub max_points: f64,
    pub status: Status,
    pub seconds: f64,
    /// Why it failed, in a student's terms; empty when it passed.
    pub explanation: String,
}

/// The whole grading of a submission.
/// (Read back from `--json` by the kit's checks that grade through the command.)
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct Report {
    pub assignment: String,
    pub submission: PathBuf,
    /// The points earned: the sum of the tests' points.
    pub score: f64,
    pub max_score: f64,
    /// The compiler's errors when the submission did not compile with the suite (score 0).
    pub build_errors: Option<String>,
    pub tests: Vec<TestResult>,
    /// Tests that no rubric group covers: run, but worth nothing (a kit bug).
    pub unweighted: Vec<String>,
    /// How the submission's code was kept from the grader and the kit.
    pub isolation: Isolation,
    /// What the grader refused, replaced or left out of the submission (its build script, a
    /// changed provided file, an extra dependency…).
    pub notes: Vec<String>,
    /// What each rubric group checks, by prefix.
    #[serde(skip)]
    about: std::collections::HashMap<String, String>,
}

impl Report {
    /// An empty report for `submission`.
    pub fn new(rubric: &Rubric, submission: &Path, isolation: Isolation) -> Report {
        Report {
            assignment: rubric.assignment.clone(),
            submission: submission.to_owned(),
            score: 0.0,
            max_score: rubric.max_score(),
            build_errors: None,
            tests: Vec::new(),
            unweighted: Vec::new(),
            isolation,
            notes: Vec::new(),
            about: rubric.groups.iter().map(|group| (group.prefix.clone(), group.about.clone())).collect(),
        }
    }

    /// The table's total and, below it, why each lost point was lost.
    pub fn summary(&self) -> String {
        let mut text = format!("\n{} in {}\n", self.assignment, self.submission.display());
        let _ = writeln!(text, "{}\n{}", self.isolation.describe(), VERDICTS);
        for note in &self.notes {
            let _ = writeln!(text, "note: {note}");
        }
        if let Some(errors) = &self.build_errors {
            let _ = writeln!(text, "The submission does not compile with the graded suite, so every test scores 0.");
            let _ = writeln!(text, "The compiler said:\n\n{errors}\n");
        }
        let _ = writeln!(text, "{:<width$}  {:>13}", "total", points(self.score, self.max_score), width = NAME_WIDTH);
        let failed: Vec<&TestResult> = self.tests.iter().filter(|test| test.status != Status::Passed).collect();
        if !failed.is_empty() {
            let _ = writeln!(text, "\nWhy points were lost:");
            for test in failed {
                let _ = writeln!(text, "\n{} ({}, {} points)", test.name, test.status.label(), round(test.max_points));
                if let Some(about) = self.about.get(&test.group).filter(|about| !about.is_empty()) {
                    let _ = writeln!(text, "  checks: {about}");
                }
                let _ = writeln!(text, "{}", indent(&test.explanation));
            }
        }
        for name in &self.unweighted {
            let _ = writeln!(text, "warning: {name} is in no group of the rubric: it was run but is worth nothing");
        }
        text
    }

    /// Gradescope's `results.json`.
    pub fn gradescope(&self) -> serde_json::Value {
        let mut tests: Vec<serde_json::Value> = self
            .tests
            .iter()
            .map(|test| {
                serde_json::json!({
                    "name": test.name,
                    "score": round(test.points),
                    "max_score": round(test.max_points),
                    "status": if test.status == Status::Passed { "passed" } else { "failed" },
                    "output": if test.explanation.is_empty() { test.status.label().to_owned() } else { format!("{}: {}", test.status.label(), test.explanation) },
                    "visibility": "visible",
                })
            })
            .collect();
        if let Some(errors) = &self.build_errors {
            tests.push(serde_json::json!({
                "name": "the submission compiles with the graded suite",
                "score": 0.0,
                "max_score": round(self.max_score),
                "status": "failed",
                "output": errors,
                "visibility": "visible",
            }));
        }
        serde_json::json!({
            "score": round(self.score),
            "max_score": round(self.max_score),
            "output": self.header_for_gradescope(),
            "visibility": "visible",
            "tests": tests,
        })
    }
}

impl Report {
    /// The whole submission's lines on Gradescope: the score, how it was isolated, the notes.
    fn header_for_gradescope(&self) -> String {
        let mut text = format!(
            "{}: {} out of {} points\n{}",
            self.assignment,
            round(self.score),
            round(self.max_score),
            self.isolation.describe()
        );
        for note in &self.notes {
            let _ = write!(text, "\nnote: {note}");
        }
        text
    }
}

const NAME_WIDTH: usize = 90;

/// The table's column headings.
pub fn header() -> String {
    format!("{:<width$}  {:>13}  {:<15}  {:>7}", "test", "points", "status", "time", width = NAME_WIDTH)
}

/// One row of the table.
pub fn row(test: &TestResult) -> String {
    format!(
        "{:<width$}  {:>13}  {:<15}  {:>6.2}s",
        test.name,
        points(test.points, test.max_points),
        test.status.label(),
        test.seconds,
        width = NAME_WIDTH
    )
}

fn points(earned: f64, max: f64) -> String {
    format!("{earned:.2}/{max:.2}")
}

/// Rounded to hundredths, as the table shows points.
fn round(points: f64) -> f64 {
    (points * 100.0).round() / 100.0
}

fn indent(text: &str) -> String {
    text.lines().map(|line| format!("    {line}")).collect::<Vec<_>>().join("\n")
}
