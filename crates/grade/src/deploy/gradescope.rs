//! `gamekit gradescope`: an assignment's autograder for Gradescope, as one zip.
//!
//! Gradescope's contract (its "Autograder Specifications"): the zip's root holds `setup.sh`,
//! run once as root when the image is built, with the zip unpacked in `/autograder/source`,
//! and `run_autograder`, copied to `/autograder/run_autograder` and run for each submission,
//! which Gradescope puts in `/autograder/submission`; it must write
//! `/autograder/results/results.json`. Here:
//!
//! - the zip holds the kit (`kit/`: its sources, suites, fixtures, handouts and reference
//!   solutions; not its `target/`, documents or CI) and the two scripts;
//! - `setup.sh` installs bubblewrap, and Rust where it is missing (in `/usr/local`, readable
//!   by every user, as the sandbox's fallback needs), builds `gamekit`, and grades the
//!   reference solution once, which builds the suite's judge and times the reference;
//! - `run_autograder` grades whatever was uploaded (the crate is found in it, see
//!   `gamekit grade`) and writes `results.json`; when `gamekit` cannot even start, it still
//!   writes one that says so.
//!
//! Both scripts read `AUTOGRADER` (default `/autograder`), so that the kit's checks can run
//! them in a scratch folder laid out as Gradescope's.

use crate::{GradeError, Report, Status, round};
use serde::Serialize;
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why an autograder could not be written.
#[derive(Debug, thiserror::Error)]
pub enum GradescopeError {
    #[error(transparent)]
    Kit(#[from] GradeError),
    #[error("{context}: {source}")]
    Io { context: String, source: std::io::Error },
    #[error("cannot write {}: {source}", zip.display())]
    Zip { zip: PathBuf, source: zip::result::ZipError },
}

/// Writes the autograder of `assignment` to `zip`. Returns the number of files in it.
///
/// # Errors
/// An unknown assignment, a kit file that cannot be read, a zip that cannot be written.
pub fn write(kit: &Path, assignment: &str, zip: &Path) -> Result<usize, GradescopeError> {
    crate::check_assignment(kit, assignment)?;
    let zip_error = |source| GradescopeError::Zip { zip: zip.to_owned(), source };
    let file = std::fs::File::create(zip)
        .map_err(|source| GradescopeError::Io { context: format!("cannot create {}", zip.display()), source })?;
    let mut archive = zip::ZipWriter::new(file);
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let scripts = [("setup.sh", setup(assignment)), ("run_autograder", run_autograder(assignment))];
    for (name, text) in &scripts {
        archive.start_file(*name, options.unix_permissions(0o755)).map_err(zip_error)?;
        archive.write_all(text.as_bytes()).map_err(|error| zip_error(error.into()))?;
    }
    let mut files = kit_files(kit)?;
    files.sort();
    for file in &files {
        let bytes = std::fs::read(kit.join(file))
            .map_err(|source| GradescopeError::Io { context: format!("cannot read {}", file.display()), source })?;
        let name = Path::new("kit").join(file).to_string_lossy().replace('\\', "/");
        archive.start_file(name, options.unix_permissions(0o644)).map_err(zip_error)?;
        archive.write_all(&bytes).map_err(|error| zip_error(error.into()))?;
    }
    archive.finish().map_err(zip_error)?;
    Ok(files.len() + scripts.len())
}

/// The files of [`KIT_PARTS`](crate::intake::walk::KIT_PARTS), relative to the kit, as the walk gives them
/// ([`crate::intake::walk`]): a symbolic link to a file (the handouts' transcripts) as that file,
/// never one to a folder.
fn kit_files(kit: &Path) -> Result<Vec<PathBuf>, GradescopeError> {
    let mut files = Vec::new();
    for part in crate::intake::walk::KIT_PARTS {
        let full = kit.join(part);
        if full.is_file() {
            files.push(PathBuf::from(part));
        }
        for entry in crate::intake::walk::all(&full).filter(|_| full.is_dir()) {
            let entry = entry.map_err(|error| GradescopeError::Io {
                context: format!("cannot read {}", full.display()),
                source: error.into(),
            })?;
            if entry.path().is_file() {
                files.push(entry.path().strip_prefix(kit).unwrap_or(entry.path()).to_owned());
            }
        }
    }
    Ok(files)
}

/// The toolchain where `setup.sh` installs it, for both scripts.
const RUST_PATHS: &str = r#"if [ -d /usr/local/rustup ]; then
  export RUSTUP_HOME=/usr/local/rustup CARGO_HOME=/usr/local/cargo PATH="/usr/local/cargo/bin:$PATH"
fi"#;

fn setup(assignment: &str) -> String {
    format!(
        r#"#!/usr/bin/env bash
# Gradescope's setup of the {assignment} autograder, written by `gamekit gradescope`: run once,
# as root, when the autograder's image is built.
set -euo pipefail
AUTOGRADER="${{AUTOGRADER:-/autograder}}"
kit="$AUTOGRADER/source/kit"
{RUST_PATHS}

# The sandbox (bubblewrap) and the fallback's setpriv (util-linux).
if ! command -v bwrap >/dev/null || ! command -v setpriv >/dev/null; then
  apt-get update -qq
  apt-get install -y -qq bubblewrap util-linux >/dev/null
fi
# Rust, where it is missing: in /usr/local, readable by every user and changed only by root.
if ! command -v cargo >/dev/null; then
  apt-get update -qq
  apt-get install -y -qq curl ca-certificates build-essential >/dev/null
  export RUSTUP_HOME=/usr/local/rustup CARGO_HOME=/usr/local/cargo PATH="/usr/local/cargo/bin:$PATH"
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal --no-modify-path
fi

cargo build --release --locked --manifest-path "$kit/Cargo.toml"
# Grading the reference solution builds the suite's judge and times the reference once, so
# that no student's grade waits for either.
"$kit/target/release/gamekit" grade {assignment} --kit "$kit"
"#
    )
}

fn run_autograder(assignment: &str) -> String {
    format!(
        r#"#!/usr/bin/env bash
# Gradescope runs this for each submission of the {assignment} assignment (written by
# `gamekit gradescope`): it grades whatever was uploaded and writes results.json, always.
set -uo pipefail
AUTOGRADER="${{AUTOGRADER:-/autograder}}"
kit="$AUTOGRADER/source/kit"
{RUST_PATHS}
results="$AUTOGRADER/results/results.json"
mkdir -p "$AUTOGRADER/results"
rm -f "$results"
"$kit/target/release/gamekit" grade {assignment} "$AUTOGRADER/submission" --kit "$kit" --gradescope "$results"
status=$?
# gamekit writes results.json whenever it runs, even when it cannot grade; if it could not
# start at all, say so rather than leave Gradescope without results.
if [ ! -s "$results" ]; then
  printf '{{"score": 0, "output": "The autograder could not start (gamekit exited with status %s): please tell your instructor.", "tests": []}}\n' "$status" > "$results"
fi
exit 0
"#
    )
}

/// Gradescope's `results.json`: the fields of its autograder specification that gamekit
/// writes.
#[derive(Serialize)]
struct Results<'a> {
    score: f64,
    /// The tests' own times, added up (they run several at once).
    #[serde(skip_serializing_if = "Option::is_none")]
    execution_time: Option<f64>,
    output: String,
    visibility: &'a str,
    tests: Vec<GradescopeTest<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    leaderboard: Vec<Column<'a>>,
}

/// A test in `results.json`.
#[derive(Serialize)]
struct GradescopeTest<'a> {
    name: &'a str,
    score: f64,
    max_score: f64,
    status: &'a str,
    output: String,
    visibility: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    tags: Option<&'a [String]>,
}

/// A leaderboard column a submission is ranked on.
#[derive(Serialize)]
struct Column<'a> {
    name: &'a str,
    value: f64,
    order: &'a str,
}

/// The report as Gradescope reads it.
impl Report {
    /// Gradescope's `results.json`.
    pub fn gradescope(&self) -> serde_json::Value {
        let mut tests: Vec<GradescopeTest> = self
            .tests
            .iter()
            .map(|test| {
                let group = self.groups.iter().find(|group| group.prefix == test.group);
                GradescopeTest {
                    name: &test.name,
                    score: round(test.points),
                    max_score: round(test.max_points),
                    status: if test.status == Status::Passed { "passed" } else { "failed" },
                    output: test.output(),
                    visibility: group.map_or("visible", |group| group.visibility.as_str()),
                    tags: Some(group.map_or(&[][..], |group| &group.tags[..])),
                }
            })
            .collect();
        if let Some(errors) = &self.build_errors {
            tests.push(GradescopeTest {
                name: "the submission compiles with the graded suite",
                score: 0.0,
                max_score: round(self.max_score),
                status: "failed",
                output: errors.clone(),
                visibility: "visible",
                tags: None,
            });
        }
        let results = Results {
            score: round(self.score),
            execution_time: Some(self.tests.iter().map(|test| test.seconds).sum::<f64>().round()),
            output: self.header_for_gradescope(),
            visibility: "visible",
            tests,
            leaderboard: self.leaderboard_columns(),
        };
        serde_json::to_value(results).expect("results of plain fields serialize")
    }

    /// The rubric's leaderboard columns this submission is ranked on: those whose timed tests
    /// it passed, every one of them.
    fn leaderboard_columns(&self) -> Vec<Column<'_>> {
        let mut columns = Vec::new();
        for column in &self.leaderboard {
            let timed: Vec<&crate::TestResult> =
                self.tests.iter().filter(|test| test.name.starts_with(&column.prefix)).collect();
            if timed.is_empty() || timed.iter().any(|test| test.status != Status::Passed) {
                continue;
            }
            let seconds = timed.iter().map(|test| test.seconds).sum::<f64>();
            let value = (seconds * 1000.0).round() / 1000.0;
            columns.push(Column { name: &column.name, value, order: &column.order });
        }
        columns
    }

    /// Gradescope's `results.json` when a submission could not be graded at all: no points,
    /// and why.
    pub fn gradescope_ungraded(why: &str) -> serde_json::Value {
        let results = Results {
            score: 0.0,
            execution_time: None,
            output: format!("gamekit could not grade this submission: {why}"),
            visibility: "visible",
            tests: Vec::new(),
            leaderboard: Vec::new(),
        };
        serde_json::to_value(results).expect("results of plain fields serialize")
    }

    /// The whole submission's lines on Gradescope: how it was isolated, the notes. (Not the
    /// score: Gradescope shows it, without the tests a rubric group hides.)
    fn header_for_gradescope(&self) -> String {
        let mut text = self.isolation_full();
        for note in &self.notes {
            let _ = write!(text, "\nnote: {note}");
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use crate::sandbox::Isolation;
    use crate::{Report, Rubric, Status, TestResult};

    const RUBRIC: &str = "assignment = 'a'\npackage = 'a'\n\
        [[group]]\nprefix = 'fast::'\npoints = 10\n\
        [[leaderboard]]\nname = 'seconds'\nprefix = 'fast::table::'\n";

    fn test(name: &str, status: Status, seconds: f64) -> TestResult {
        let points = if status == Status::Passed { 5.0 } else { 0.0 };
        let group = "fast::".to_owned();
        TestResult {
            name: name.into(),
            group,
            points,
            max_points: 5.0,
            status,
            seconds,
            unchecked_until: None,
            explanation: String::new(),
        }
    }

    /// A rubric's leaderboard is loaded and checked like the rest of it.
    fn load(name: &str, text: &str) -> Result<Rubric, crate::GradeError> {
        let kit = crate::scratch(&format!("gradescope-{name}"));
        std::fs::create_dir_all(kit.join("fixtures/a")).expect("a fixture folder");
        std::fs::write(kit.join("fixtures/a/rubric.toml"), text).expect("a rubric");
        let rubric = Rubric::load(&kit, "a");
        let _ = std::fs::remove_dir_all(kit);
        rubric
    }

    #[test]
    fn the_leaderboard_ranks_the_timed_tests_added_up_when_all_of_them_passed() {
        let rubric = load("ranked", RUBRIC).expect("a rubric with a leaderboard");
        assert_eq!(rubric.leaderboard[0].order, "asc", "the fastest first unless it says otherwise");
        let mut report = Report::new(&rubric, std::path::Path::new("a"), Isolation::Bubblewrap);
        report.tests = vec![
            test("fast::table::small", Status::Passed, 0.25),
            test("fast::table::large", Status::Passed, 1.0004),
            test("fast::other", Status::Failed, 9.0),
        ];
        let results = report.gradescope();
        assert_eq!(results["leaderboard"], serde_json::json!([{ "name": "seconds", "value": 1.25, "order": "asc" }]));
        report.tests[1].status = Status::TimedOut;
        assert!(
            report.gradescope().get("leaderboard").is_none(),
            "a submission that failed a timed test is not ranked"
        );
    }

    /// Gradescope's header and the text report say whether memory was limited in all of a
    /// test's processes or per process only, and why.
    #[test]
    fn the_header_says_how_memory_was_limited() {
        let rubric = load("memory", RUBRIC).expect("a rubric");
        let mut report = Report::new(&rubric, std::path::Path::new("a"), Isolation::Users);
        let plain = crate::Style { width: 1000, verbose: false, colour: false };
        assert!(report.header_for_gradescope().contains("limited in all of its processes together (a cgroup)"));
        assert!(!report.text(plain).contains("Memory"));
        report.memory_per_process = Some("the grader is not root".into());
        let header = report.header_for_gradescope();
        assert!(
            header.contains("memory was limited per process only, not in all (the grader is not root)"),
            "{header}"
        );
        assert!(report.text(plain).contains("Memory was limited per process only (the grader is not root)."));
        // Not isolated at all: the report says so already, and nothing of the memory.
        report.isolation = Isolation::None;
        assert!(!report.text(plain).contains("Memory"));
    }

    #[test]
    fn a_leaderboard_of_no_groups_tests_or_of_an_unknown_order_is_refused() {
        let unknown = RUBRIC.replace("prefix = 'fast::table::'", "prefix = 'slow::'");
        assert!(load("unknown", &unknown).is_err_and(|error| error.to_string().contains("names no group's tests")));
        let order = format!("{RUBRIC}order = 'fastest'\n");
        assert!(load("order", &order).is_err_and(|error| error.to_string().contains("neither asc nor desc")));
    }
}
