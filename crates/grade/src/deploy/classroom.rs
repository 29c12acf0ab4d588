//! `gamekit classroom`: a GitHub Classroom assignment's template repository.
//!
//! GitHub Classroom grades a student's repository with GitHub Actions, in the workflow
//! `.github/workflows/classroom.yml`: its grading steps give a result each, and its
//! `autograding-grading-reporter` step adds their points up and reports them to Classroom.
//! The template is the handout ([`crate::deploy::handout`]) with that workflow, which clones the
//! kit, builds `gamekit`, grades the student's crate with `--classroom` (a test per rubric
//! group, with the points it earned) and hands the result to the reporter.

use crate::deploy::handout::{self, HandoutError};
use crate::{Report, Status, TestResult, round};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Where the workflow finds the kit: a Git repository and a branch or tag of it.
#[derive(Debug, Clone)]
pub struct Kit {
    repository: String,
    reference: String,
}

impl Kit {
    /// The kit at `repository` (a URL Git clones), branch or tag `reference`.
    ///
    /// # Errors
    /// When either is empty, starts with `-` (Git would read an option), or holds anything
    /// but letters, digits and `. _ / : @ + ~ % = -`: the workflow's shell reads them.
    pub fn new(repository: &str, reference: &str) -> Result<Kit, String> {
        let plain = |text: &str| {
            !text.is_empty()
                && !text.starts_with('-')
                && text.chars().all(|c| c.is_ascii_alphanumeric() || "._/:@+~%=-".contains(c))
        };
        match (plain(repository), plain(reference)) {
            (true, true) => Ok(Kit { repository: repository.to_owned(), reference: reference.to_owned() }),
            (false, _) => Err(format!("{repository:?} is not a repository URL Git can clone")),
            (true, false) => Err(format!("{reference:?} is not a branch or tag")),
        }
    }
}

/// The workflow's file, in the template.
pub const WORKFLOW: &str = ".github/workflows/classroom.yml";

/// The grading step's script, run from the workflow's folder with the kit in `kit/` and the
/// student's repository in `submission/`: the report in the log, the result in the step's
/// `result` output. (The kit's checks run this very script.)
pub fn grade_script(assignment: &str) -> String {
    format!(
        "kit/target/release/gamekit grade {assignment} submission --classroom classroom.json || true\n\
         echo \"result=$(base64 -w 0 classroom.json)\" >> \"$GITHUB_OUTPUT\"\n"
    )
}

/// Writes the template of `assignment` into `dir` (new or empty): the handout, and the
/// workflow that grades it with the kit at `kit`. Returns the files written.
///
/// # Errors
/// As [`handout::write`], and when the workflow cannot be written.
pub fn write(kit_dir: &Path, assignment: &str, dir: &Path, kit: &Kit) -> Result<Vec<PathBuf>, HandoutError> {
    let mut written = handout::write(kit_dir, assignment, dir)?;
    let path = dir.join(WORKFLOW);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|source| HandoutError::Io { context: format!("cannot create {}", parent.display()), source })?;
    }
    std::fs::write(&path, workflow(assignment, kit))
        .map_err(|source| HandoutError::Io { context: format!("cannot write {}", path.display()), source })?;
    written.push(WORKFLOW.into());
    Ok(written)
}

/// The workflow: the submission checked out, the kit cloned and built (with the sandbox
/// and the user namespaces it needs), the grade, and Classroom's reporter.
pub fn workflow(assignment: &str, kit: &Kit) -> String {
    let script = indented(&grade_script(assignment), 10);
    let (repository, reference) = (&kit.repository, &kit.reference);
    format!(
        r#"# GitHub Classroom's autograding for the {assignment} assignment, written by `gamekit classroom`.
# The kit is cloned from {repository} ({reference}) and built; `gamekit grade` scores the
# submission with the graded suite, a test per rubric group with the points it earned, and
# the reporter gives Classroom the sum. The step "Grade" shows the whole report.
name: Autograding Tests
'on':
  - push
  - workflow_dispatch
  - repository_dispatch
permissions:
  checks: write
  actions: read
  contents: read
jobs:
  run-autograding-tests:
    runs-on: ubuntu-latest
    if: github.actor != 'github-classroom[bot]'
    timeout-minutes: 30
    steps:
      - name: Check out the submission
        uses: actions/checkout@v4
        with:
          path: submission
      - name: Build the kit
        run: |
          sudo apt-get update -qq && sudo apt-get install -y -qq bubblewrap
          # Ubuntu lets bubblewrap create its namespaces only with this off.
          sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0 || true
          git clone --depth 1 --branch '{reference}' -- '{repository}' kit
          cargo build --release --locked --manifest-path kit/Cargo.toml
      - name: Grade
        id: gamekit
        run: |
{script}      - name: Autograding Reporter
        uses: classroom-resources/autograding-grading-reporter@v1
        env:
          GAMEKIT_RESULTS: "${{{{steps.gamekit.outputs.result}}}}"
        with:
          runners: gamekit
"#
    )
}

fn indented(text: &str, spaces: usize) -> String {
    text.lines().map(|line| format!("{}{line}\n", " ".repeat(spaces))).collect()
}

/// The result of a test runner as GitHub Classroom's reporter reads it.
#[derive(Serialize)]
struct RunnerResult<'a> {
    version: u8,
    status: &'a str,
    max_score: f64,
    tests: Vec<ClassroomTest<'a>>,
}

/// A test of that result: for gamekit, a rubric group.
#[derive(Serialize)]
struct ClassroomTest<'a> {
    name: String,
    status: &'a str,
    score: f64,
    message: String,
    line_no: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    execution_time: Option<String>,
}

/// The report as GitHub Classroom's reporter reads it.
impl Report {
    /// GitHub Classroom's result of a test runner, as its `autograding-grading-reporter`
    /// reads it (base64-encoded, from a step's `result` output): a test per rubric group with
    /// the points it earned, which the reporter adds up as the assignment's points. The
    /// message of a group that lost points is its clearest failing test, explained.
    pub fn classroom(&self) -> serde_json::Value {
        let mut tests: Vec<ClassroomTest> = self
            .groups
            .iter()
            .filter_map(|group| {
                let tests: Vec<&TestResult> = self.tests.iter().filter(|test| test.group == group.prefix).collect();
                let failed: Vec<&TestResult> =
                    tests.iter().copied().filter(|test| test.status != Status::Passed).collect();
                let message = match failed.is_empty() {
                    true => String::new(),
                    false => {
                        let test = crate::score::text::clearest(&failed);
                        crate::score::text::cut(&format!("{}: {}", test.name, test.output()), 2000)
                    }
                };
                (!tests.is_empty()).then(|| ClassroomTest {
                    name: format!("{} ({} of {} tests passed)", group.prefix, tests.len() - failed.len(), tests.len()),
                    status: if failed.is_empty() { "pass" } else { "fail" },
                    score: round(tests.iter().map(|test| test.points).sum()),
                    message,
                    line_no: 0,
                    execution_time: Some(format!("{:.1}s", tests.iter().map(|test| test.seconds).sum::<f64>())),
                })
            })
            .collect();
        if let Some(errors) = &self.build_errors {
            tests.push(ClassroomTest {
                name: "the submission compiles with the graded suite".to_owned(),
                status: "fail",
                score: 0.0,
                message: crate::score::text::cut(errors, 2000),
                line_no: 0,
                execution_time: None,
            });
        }
        let passed = self.build_errors.is_none() && self.tests.iter().all(|test| test.status == Status::Passed);
        let result = RunnerResult {
            version: 1,
            status: if passed { "pass" } else { "fail" },
            max_score: round(self.max_score),
            tests,
        };
        serde_json::to_value(result).expect("a result of plain fields serializes")
    }

    /// GitHub Classroom's result when a submission could not be graded at all: an error,
    /// and no points (a maximum of 0, so that the reporter records no score rather than a
    /// wrong one).
    pub fn classroom_ungraded(why: &str) -> serde_json::Value {
        let grading = ClassroomTest {
            name: "grading".to_owned(),
            status: "error",
            score: 0.0,
            message: why.to_owned(),
            line_no: 0,
            execution_time: None,
        };
        let result = RunnerResult { version: 1, status: "error", max_score: 0.0, tests: vec![grading] };
        serde_json::to_value(result).expect("a result of plain fields serializes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_workflow_runs_the_grade_script_and_reports_its_result() {
        let kit = Kit::new("https://github.com/course/gamekit", "v1").expect("a kit's place");
        insta::assert_snapshot!(workflow("reversi", &kit));
    }

    #[test]
    fn a_kit_place_the_workflow_would_misread_is_refused() {
        for (repository, reference) in
            [("", "main"), ("https://x y", "main"), ("u", "a\nb"), ("u", "$(id)"), ("--upload-pack=x", "m")]
        {
            assert!(Kit::new(repository, reference).is_err(), "{repository:?} {reference:?}");
        }
        assert!(Kit::new("git@github.com:course/gamekit.git", "release-2026").is_ok());
    }
}
