//! The grading report, as our JSON has it; `text.rs` shows it to a person, `gradescope.rs`
//! and `classroom.rs` write it as those platforms read it.

use crate::sandbox::Isolation;
use crate::score::rubric::Leaderboard;
use crate::{Group, Rubric};
use serde::Serialize;
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
    pub(crate) fn output(&self) -> String {
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
    /// The crate graded; in JSON as the one gate shows it (its folder's name is a student's).
    #[serde(serialize_with = "shown_path")]
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
    /// What that isolation lacked here, and why: Landlock, for users of their own on a
    /// kernel or in a container without it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub without: Option<String>,
    /// Why each test's memory was limited per process only, where no cgroup could be made
    /// to limit all of its processes together (`cgroups.rs`); `None` when one was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory_per_process: Option<String>,
    /// What the grader refused, replaced or left out of the submission (its build script, a
    /// changed provided file, an extra dependency…).
    pub notes: Vec<String>,
    /// When only part of the suite ran (`--only`): the prefix of the tests that did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only: Option<String>,
    /// The rubric's groups, in its order.
    #[serde(skip)]
    pub(crate) groups: Vec<Group>,
    /// The rubric's leaderboard.
    #[serde(skip)]
    pub(crate) leaderboard: Vec<Leaderboard>,
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
            without: None,
            memory_per_process: None,
            notes: Vec::new(),
            only: None,
            groups: rubric.groups.clone(),
            leaderboard: rubric.leaderboard.clone(),
        }
    }

    /// How the code was isolated, in a line or two ([`Isolation::short`]), and what that lacked.
    pub(crate) fn isolation_short(&self) -> String {
        let mut short = self.landlock_short();
        if let Some(why) = &self.memory_per_process
            && self.isolation != Isolation::None
        {
            short.push_str(&format!(" Memory was limited per process only ({why})."));
        }
        short
    }

    fn landlock_short(&self) -> String {
        match &self.without {
            Some(why) => format!(
                "{} But here without Landlock ({why}): your code could open what every user of this machine may.",
                self.isolation.short().replace(" and only its own files (Landlock)", "")
            ),
            None => self.isolation.short().to_owned(),
        }
    }

    /// How the code was isolated, in full ([`Isolation::describe`]), and what that lacked.
    pub(crate) fn isolation_full(&self) -> String {
        let memory = match &self.memory_per_process {
            Some(why) => format!("memory was limited per process only, not in all ({why})"),
            None => "each test's memory was limited in all of its processes together (a cgroup)".to_owned(),
        };
        format!("{}; {memory}", self.landlock_full())
    }

    fn landlock_full(&self) -> String {
        match &self.without {
            Some(why) => format!(
                "{}; WITHOUT LANDLOCK here ({why}): the code could read what every user may read and write \
                 in the folders every user may write (the files it left in /tmp, /var/tmp, /dev/shm and \
                 /run/lock were removed)",
                self.isolation.describe()
            ),
            None => self.isolation.describe(),
        }
    }

    /// "reversi: 65.43 out of 100 points".
    pub(crate) fn headline(&self) -> String {
        format!("{}: {} out of {} points", self.assignment, round(self.score), round(self.max_score))
    }
}

fn shown_path<S: serde::Serializer>(path: &Path, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&crate::shown::path(path))
}

/// Rounded to hundredths, as the table shows points.
pub fn round(points: f64) -> f64 {
    (points * 100.0).round() / 100.0
}
