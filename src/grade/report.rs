//! The grading report: the terminal table, our JSON, and Gradescope's `results.json`.

use super::sandbox::Isolation;
use super::{Group, Rubric};
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
    /// Not started: the whole submission's time was used up.
    NotRun,
}

impl Status {
    pub fn label(self) -> &'static str {
        match self {
            Status::Passed => "passed",
            Status::Failed => "FAILED",
            Status::NotImplemented => "not implemented",
            Status::TimedOut => "TIMED OUT",
            Status::Crashed => "CRASHED",
            Status::NotRun => "NOT RUN",
        }
    }
}

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
    /// When it failed while a test it depends on failed too (its group `requires` them): the
    /// prefixes of those, and this failure is not explained on its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unchecked_until: Option<String>,
    /// Why it failed, in a student's terms; empty when it passed.
    pub explanation: String,
}

impl TestResult {
    /// Its status and explanation in a few words, as Gradescope shows a test.
    fn output(&self) -> String {
        let label = self.status.label();
        match (&self.unchecked_until, self.explanation.is_empty()) {
            (Some(required), _) => {
                format!("{label}, not checked on its own: it needs {required} to pass first: {}", self.explanation)
            }
            (None, true) => label.to_owned(),
            (None, false) => format!("{label}: {}", self.explanation),
        }
    }
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
    /// When only part of the suite ran (`--only`): the prefix of the tests that did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only: Option<String>,
    /// The rubric's groups, in its order.
    #[serde(skip)]
    pub(super) groups: Vec<Group>,
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
            only: None,
            groups: rubric.groups.clone(),
        }
    }

    /// Gradescope's `results.json`.
    pub fn gradescope(&self) -> serde_json::Value {
        let mut tests: Vec<serde_json::Value> = self
            .tests
            .iter()
            .map(|test| {
                let group = self.groups.iter().find(|group| group.prefix == test.group);
                serde_json::json!({
                    "name": test.name,
                    "score": round(test.points),
                    "max_score": round(test.max_points),
                    "status": if test.status == Status::Passed { "passed" } else { "failed" },
                    "output": test.output(),
                    "visibility": group.map_or("visible", |group| group.visibility.as_str()),
                    "tags": group.map_or(&[][..], |group| &group.tags[..]),
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
            // The tests' own times, added up (they run several at once).
            "execution_time": self.tests.iter().map(|test| test.seconds).sum::<f64>().round(),
            "output": self.header_for_gradescope(),
            "visibility": "visible",
            "tests": tests,
        })
    }
}

impl Report {
    /// GitHub Classroom's result of a test runner, as its `autograding-grading-reporter`
    /// reads it (base64-encoded, from a step's `result` output): a test per rubric group with
    /// the points it earned, which the reporter adds up as the assignment's points. The
    /// message of a group that lost points is its clearest failing test, explained.
    pub fn classroom(&self) -> serde_json::Value {
        let mut tests: Vec<serde_json::Value> = self
            .groups
            .iter()
            .filter_map(|group| {
                let tests: Vec<&TestResult> = self.tests.iter().filter(|test| test.group == group.prefix).collect();
                let failed: Vec<&TestResult> =
                    tests.iter().copied().filter(|test| test.status != Status::Passed).collect();
                let message = match failed.is_empty() {
                    true => String::new(),
                    false => {
                        let test = super::text::clearest(&failed);
                        super::text::cut(&format!("{}: {}", test.name, test.output()), 2000)
                    }
                };
                (!tests.is_empty()).then(|| {
                    serde_json::json!({
                        "name": format!("{} ({} of {} tests passed)", group.prefix, tests.len() - failed.len(), tests.len()),
                        "status": if failed.is_empty() { "pass" } else { "fail" },
                        "score": round(tests.iter().map(|test| test.points).sum()),
                        "message": message,
                        "line_no": 0,
                        "execution_time": format!("{:.1}s", tests.iter().map(|test| test.seconds).sum::<f64>()),
                    })
                })
            })
            .collect();
        if let Some(errors) = &self.build_errors {
            tests.push(serde_json::json!({
                "name": "the submission compiles with the graded suite",
                "status": "fail",
                "score": 0.0,
                "message": super::text::cut(errors, 2000),
                "line_no": 0,
            }));
        }
        let status = if self.build_errors.is_none() && self.tests.iter().all(|test| test.status == Status::Passed) {
            "pass"
        } else {
            "fail"
        };
        serde_json::json!({ "version": 1, "status": status, "max_score": round(self.max_score), "tests": tests })
    }

    /// Gradescope's `results.json` when a submission could not be graded at all: no points,
    /// and why.
    pub fn gradescope_ungraded(why: &str) -> serde_json::Value {
        serde_json::json!({
            "score": 0.0,
            "output": format!("gamekit could not grade this submission: {why}"),
            "visibility": "visible",
            "tests": [],
        })
    }

    /// GitHub Classroom's result when a submission could not be graded at all: an error,
    /// and no points (a maximum of 0, so that the reporter records no score rather than a
    /// wrong one).
    pub fn classroom_ungraded(why: &str) -> serde_json::Value {
        serde_json::json!({
            "version": 1,
            "status": "error",
            "max_score": 0,
            "tests": [{ "name": "grading", "status": "error", "score": 0, "message": why, "line_no": 0 }],
        })
    }

    /// "reversi: 65.43 out of 100 points".
    pub(super) fn headline(&self) -> String {
        format!("{}: {} out of {} points", self.assignment, round(self.score), round(self.max_score))
    }

    /// The whole submission's lines on Gradescope: how it was isolated, the notes. (Not the
    /// score: Gradescope shows it, without the tests a rubric group hides.)
    fn header_for_gradescope(&self) -> String {
        let mut text = self.isolation.describe();
        for note in &self.notes {
            let _ = write!(text, "\nnote: {note}");
        }
        text
    }
}

/// Rounded to hundredths, as the table shows points.
pub fn round(points: f64) -> f64 {
    (points * 100.0).round() / 100.0
}
