//! `gamekit new` as an instructor uses it, on a copy of the kit: Nim scaffolded, the lines
//! an instructor writes put in from `tests/kit/nim/` (the game's function, its program, its
//! public cases and transcript, its calls and rubric), and then what the guide promises: the
//! solution scores 100, the handout 0 with "not implemented yet" on every test, the handout
//! written out builds and runs its public tests alone (failing on the handout, passing on the
//! solution), and a planted bug loses exactly the tests that cover it, explained. So the
//! scaffolder, the guide's steps and the kit cannot drift apart. Of the lines of code the
//! instructor adds, under a tenth may be plumbing: the measure of the framework's promise.

use super::handout::{cargo_test_alone, files, put_sources};
use super::{Edit, GRADING, KIT, copy_of_kit};
use gamekit::grade::{self, Options, Report, Status, Style};
use std::path::Path;
use std::process::Command;
use std::sync::PoisonError;

/// The skeleton's example, which Nim replaces: its public test and its transcript.
const REPLACED: &[&str] = &[
    "starter/nim/tests/answer.rs",
    "starter/nim/tests/transcripts/doubles.args",
    "starter/nim/tests/transcripts/doubles.in",
    "starter/nim/tests/transcripts/doubles.out",
    "fixtures/nim/doubles.args",
    "fixtures/nim/doubles.in",
    "fixtures/nim/doubles.out",
];

#[test]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn a_game_scaffolded_with_gamekit_new_and_filled_in_grades_as_the_guide_says() {
    let scratch = Path::new(KIT).join("target").join("kit-checks").join("new");
    let kit = copy_of_kit(&scratch);
    let new = Command::new(env!("CARGO_BIN_EXE_gamekit")).args(["new", "nim", "--kit"]).arg(&kit).output();
    let new = new.expect("gamekit runs");
    assert!(new.status.success(), "gamekit new nim: {}", String::from_utf8_lossy(&new.stderr));
    let written = fill_in(&kit);
    let share = written.plumbing as f64 / (written.plumbing + written.content) as f64;
    println!("Nim's lines: {} of content, {} of plumbing ({:.1}%)", written.content, written.plumbing, share * 100.0);
    assert!(share < 0.1, "plumbing is under a tenth of the lines an instructor writes: {written:?}");

    let _beside_others = GRADING.read().unwrap_or_else(PoisonError::into_inner);
    let grade = |submission: &Path| {
        let options = Options {
            kit: kit.clone(),
            assignment: "nim".into(),
            submission: Some(submission.to_owned()),
            timeout: None,
            only: None,
        };
        grade::grade(&options, |_| {}).unwrap_or_else(|error| panic!("grading {}: {error}", submission.display()))
    };
    let solved = grade(&kit.join("solution/nim"));
    assert_eq!((solved.score, failed(&solved)), (100.0, Vec::new()), "the solution");
    let handed_out = grade(&kit.join("starter/nim"));
    assert_eq!(handed_out.score, 0.0, "the starter");
    let not_implemented = handed_out.tests.iter().all(|test| test.explanation.contains("not implemented yet"));
    assert!(not_implemented, "the starter fails for want of the student's code: {:?}", failed(&handed_out));

    let handout = scratch.join("handout");
    gamekit::grade::deploy::handout::write(&kit, "nim", &handout).expect("the handout written");
    let (passed, output) = cargo_test_alone(&handout, &[]);
    assert!(!passed && output.contains("not yet implemented") && !output.contains("error[E"), "the handout:\n{output}");
    put_sources(&handout, "nim", &kit.join("solution/nim/src"));
    let (passed, output) = cargo_test_alone(&handout, &[]);
    assert!(passed, "the handout's public tests on the solution:\n{output}");

    // The nim-sum taken with `|` rather than `^`: a position already lost looks won, and where
    // two heaps share a bit the move is wrong; a heap alone, or none, is still right.
    let planted = scratch.join("planted");
    let copied = Command::new("cp").arg("-r").arg(kit.join("solution/nim")).arg(&planted).status();
    assert!(copied.is_ok_and(|status| status.success()), "the solution copied");
    let bug = Edit { file: "src/lib.rs", from: "sum ^ heap", to: "sum | heap" };
    let lib = planted.join(bug.file);
    let text = std::fs::read_to_string(&lib).expect("the solution");
    assert!(text.contains(bug.from), "the planted bug's line is in the solution");
    std::fs::write(&lib, text.replace(bug.from, bug.to)).expect("the bug planted");
    let buggy = grade(&planted);
    let lost: Vec<&str> =
        buggy.tests.iter().filter(|test| test.status != Status::Passed).map(|t| t.name.as_str()).collect();
    assert_eq!(
        lost,
        [
            "transcripts::game::input_1_positions_in",
            "transcripts::program_game::input_1_positions_in",
            "winning_move::on_chosen_positions::lost_already",
            "winning_move::on_chosen_positions::the_first_of_several",
            "winning_move::on_chosen_positions::the_second_heap",
        ],
        "the planted bug's lost tests"
    );
    let report = buggy.text(Style { width: 80, verbose: false, colour: false });
    let first = report.find("winning_move::on_chosen_positions:: lost").expect("its group explained");
    assert!(first < report.find("transcripts::game:: lost").unwrap_or(usize::MAX), "its group first:\n{report}");
    assert!(report.contains("winning_move([1, 2, 3]) returned Some("), "the failing call explained:\n{report}");
}

/// The lines an instructor writes, from `tests/kit/nim/`, put over the skeleton's in `kit`.
fn fill_in(kit: &Path) -> Written {
    for file in REPLACED {
        std::fs::remove_file(kit.join(file)).unwrap_or_else(|error| panic!("{file}: {error}"));
    }
    let mut written = Written::default();
    for part in ["starter", "solution", "crates", "tests", "fixtures"] {
        let from = Path::new(KIT).join("tests/kit/nim").join(part);
        for file in files(&from) {
            let path = Path::new(part).join(file);
            written.count(&path, &std::fs::read_to_string(kit.join(&path)).unwrap_or_default());
        }
        let copied = Command::new("cp").arg("-rT").arg(from).arg(kit.join(part)).status();
        assert!(copied.is_ok_and(|status| status.success()), "Nim's {part} copied");
    }
    for extension in ["args", "in", "out"] {
        let link = kit.join(format!("starter/nim/tests/transcripts/positions.{extension}"));
        std::os::unix::fs::symlink(format!("../../../../fixtures/nim/positions.{extension}"), link).expect("a link");
    }
    written
}

/// The lines an instructor wrote: those of code (not blank, not a comment) that the
/// skeleton's file did not have. Plumbing is what only connects the game to the kit: the
/// calls' declarations (`crates/`), the suite's list of its parts and the public
/// transcripts' list of cases; content is the game, its handout, its cases and its rubric.
#[derive(Debug, Default)]
struct Written {
    content: usize,
    plumbing: usize,
}

impl Written {
    /// Counts the file at `path` (in the kit), `skeleton` being what `gamekit new` wrote there.
    fn count(&mut self, path: &Path, skeleton: &str) {
        let text = std::fs::read_to_string(Path::new(KIT).join("tests/kit/nim").join(path)).expect("Nim's file");
        let comment = match path.extension().and_then(|extension| extension.to_str()) {
            Some("rs") => Some("//"),
            Some("toml") => Some("#"),
            _ => None,
        };
        let code = |line: &&str| !line.is_empty() && !comment.is_some_and(|comment| line.starts_with(comment));
        let old = |line: &&str| skeleton.lines().any(|old| old.trim() == *line);
        let written = text.lines().map(str::trim).filter(|line| code(line) && !old(line)).count();
        let plumbing =
            path.starts_with("crates") || path.ends_with("tests/nim/main.rs") || path.ends_with("tests/transcripts.rs");
        *(if plumbing { &mut self.plumbing } else { &mut self.content }) += written;
    }
}

fn failed(report: &Report) -> Vec<String> {
    report.tests.iter().filter(|test| test.status != Status::Passed).map(|test| test.name.clone()).collect()
}
