//! The handouts `gamekit handout` writes: exactly the starter's crate, its helper crates and
//! its public tests (no solution, no engine, no graded suite), and a crate that builds and
//! tests alone, offline, with an empty Cargo home: its public tests fail on the starter as it
//! is ("not yet implemented") and pass once the reference solution's files are in; the
//! grader takes it in with no note.

use super::{KIT, assignments};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Every file under `dir`, relative to it, following symbolic links.
pub(super) fn files(dir: &Path) -> BTreeSet<PathBuf> {
    let mut found = BTreeSet::new();
    let mut pending = vec![dir.to_owned()];
    while let Some(next) = pending.pop() {
        for entry in std::fs::read_dir(&next).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if let Ok(relative) = path.strip_prefix(dir) {
                found.insert(relative.to_owned());
            }
        }
    }
    found
}

/// Puts the sources `src` (a solution's, or a copy of one) into `handout`: the handout's own
/// provided file is used, not the one they include by path.
pub(super) fn put_sources(handout: &Path, assignment: &str, src: &Path) {
    for file in files(src) {
        let text = std::fs::read_to_string(src.join(&file)).expect("a source");
        let text = text.replace(&format!("#[path = \"../../../starter/{assignment}/src/provided.rs\"]\n"), "");
        std::fs::write(handout.join("src").join(&file), text).expect("a source copied");
    }
}

/// `cargo test` in `dir` (with `options`) with nothing but the toolchain: no registry, no
/// network.
pub(super) fn cargo_test_alone(dir: &Path, options: &[&str]) -> (bool, String) {
    cargo_alone(dir, &[&["test", "--quiet", "--no-fail-fast"], options].concat())
}

/// `cargo <args>` in `dir` with nothing but the toolchain (an empty Cargo home, offline):
/// whether it succeeded, and what it printed (its output, then its errors).
pub(super) fn cargo_alone(dir: &Path, args: &[&str]) -> (bool, String) {
    let (passed, stdout, stderr) = cargo_alone_apart(dir, args);
    (passed, stdout + &stderr)
}

/// [`cargo_alone`], its output and its errors apart.
fn cargo_alone_apart(dir: &Path, args: &[&str]) -> (bool, String, String) {
    let home = dir.with_extension("cargo-home");
    std::fs::create_dir_all(&home).expect("an empty Cargo home");
    let run = Command::new(env!("CARGO"))
        .args(args)
        .current_dir(dir)
        .env("CARGO_HOME", &home)
        .env("CARGO_NET_OFFLINE", "true")
        .env("RUST_BACKTRACE", "0")
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (run.status.success(), text(&run.stdout), text(&run.stderr))
}

/// The summary that ends `cargo rubric`'s output.
fn rubric_summary(output: &str) -> &str {
    let start = output.find("The public tests in the rubric's groups").expect("cargo rubric's summary");
    &output[start..]
}

#[test]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn a_handout_is_the_starter_alone_and_its_public_tests_pass_on_the_solution() {
    let root = Path::new(KIT).join("target").join("handout-check");
    let _ = std::fs::remove_dir_all(&root);
    for assignment in &assignments() {
        let starter = Path::new(KIT).join("starter").join(assignment);
        let handout = root.join(assignment);
        let written = gamekit::grade::deploy::handout::write(Path::new(KIT), assignment, &handout)
            .unwrap_or_else(|error| panic!("{assignment}: no handout: {error}"));

        // Exactly the starter's sources, public tests and `cargo rubric`'s program, the console
        // helper, the kit's formatting and the files written for it: nothing else of the kit.
        let handed = |file: &PathBuf| ["src", "tests", "examples"].iter().any(|folder| file.starts_with(folder));
        let from_the_starter: BTreeSet<PathBuf> = files(&starter).into_iter().filter(handed).collect();
        let mut expected = from_the_starter.clone();
        for file in files(&Path::new(KIT).join("starter").join("cin")) {
            if file.starts_with("src") || file == Path::new("Cargo.toml") {
                expected.insert(Path::new("cin").join(file));
            }
        }
        let written_for_it = [
            "Cargo.toml",
            "README.md",
            ".gitignore",
            ".gitattributes",
            "rustfmt.toml",
            ".cargo/config.toml",
            "tests/rubric.txt",
        ];
        expected.extend(written_for_it.map(PathBuf::from));
        assert_eq!(files(&handout), expected, "{assignment}: the handout's files");
        assert_eq!(written.into_iter().collect::<BTreeSet<_>>(), expected, "{assignment}: the files it says it wrote");
        for file in &from_the_starter {
            let theirs = std::fs::read(handout.join(file)).expect("a handout file");
            assert_eq!(theirs, std::fs::read(starter.join(file)).expect("a starter file"), "{assignment}: {file:?}");
        }
        for file in files(&starter.join("tests").join("transcripts")) {
            let fixture = Path::new(KIT).join("fixtures").join(assignment).join(&file);
            let public = std::fs::read(starter.join("tests").join("transcripts").join(&file)).expect("a transcript");
            assert_eq!(std::fs::read(fixture).ok(), Some(public), "{assignment}: {file:?} is not the kit's transcript");
        }
        let readme = std::fs::read_to_string(handout.join("README.md")).expect("the README");
        assert!(
            readme.contains("## How it is graded") && readme.contains("| `"),
            "{assignment}: no rubric in its README"
        );

        // A student's `cargo fmt` changes none of the files handed out (with the handout's own
        // rustfmt.toml, not the kit's that a folder above it would otherwise lend it here).
        let formatted = Command::new(env!("CARGO"))
            .args(["fmt", "--all", "--check", "--", "--config-path", "rustfmt.toml"])
            .current_dir(&handout)
            .output();
        assert!(
            formatted.as_ref().is_ok_and(|run| run.status.success()),
            "{assignment}: cargo fmt would change the handout: {formatted:?}"
        );

        // Alone, offline: every public test of the starter fails for want of the student's code,
        // and `cargo rubric` ends by saying so in the rubric's groups.
        let (passed, output) = cargo_alone(&handout, &["rubric"]);
        assert!(!passed && output.contains("not yet implemented"), "{assignment}: the handout as it is:\n{output}");
        let results: Vec<&str> = output.lines().filter(|line| line.starts_with("test result:")).collect();
        assert!(
            !results.is_empty() && results.iter().all(|line| line.contains(" 0 passed;")),
            "{assignment}: a public test passes on the handout as it is:\n{output}"
        );
        assert!(!output.contains("error[E"), "{assignment}: the handout does not compile:\n{output}");
        // Every test file and example is built here (the kit's check of the starter only
        // type-checks it): each test file runs, and `rubric` is the only example.
        let test_files = files(&handout.join("tests")).into_iter().filter(|file| file.components().count() == 1);
        for file in test_files.filter(|file| file.extension().is_some_and(|extension| extension == "rs")) {
            let running = format!("Running tests/{}", file.display());
            assert!(
                output.contains(&running),
                "{assignment}: cargo rubric does not build tests/{}:\n{output}",
                file.display()
            );
        }
        assert_eq!(files(&handout.join("examples")), BTreeSet::from([PathBuf::from("rubric.rs")]), "{assignment}");
        // Its documentation's examples compile, and those that call the student's parts fail
        // for want of them (those of the provided code pass).
        let (_, examples) = cargo_test_alone(&handout, &["--doc"]);
        let results: Vec<&str> = examples.lines().filter(|line| line.starts_with("test result:")).collect();
        assert!(
            !examples.contains("error[E") && !results.is_empty(),
            "{assignment}: the documentation's examples on the handout as it is:\n{examples}"
        );
        let failed: usize = results
            .iter()
            .filter_map(|line| line.split("; ").find_map(|part| part.strip_suffix(" failed")?.parse::<usize>().ok()))
            .sum();
        assert_eq!(
            examples.lines().filter(|line| line.starts_with("not yet implemented")).count(),
            failed,
            "{assignment}: an example fails otherwise than for want of the student's code:\n{examples}"
        );
        let summary = rubric_summary(&output);
        assert!(
            summary.contains("\n0 of ") && summary.contains("\nStart with group ") && !summary.contains(" 1 of "),
            "{assignment}: the summary:\n{summary}"
        );

        // With the reference solution's files (its provided file is the handout's own), every
        // public test and documentation example passes. The summary is read from colored output.
        let solved = root.join(format!("{assignment}-solved"));
        // Its public tests' limits, as `gamekit handout` measures them where none are kept.
        gamekit::grade::measure_reference(Path::new(KIT), assignment, |_| {}).expect("the reference timed");
        gamekit::grade::deploy::handout::write(Path::new(KIT), assignment, &solved).expect("a second handout");
        put_sources(&solved, assignment, &Path::new(KIT).join("solution").join(assignment).join("src"));
        let (passed, output, errors) = cargo_alone_apart(&solved, &["rubric", "--color=always"]);
        assert!(passed, "{assignment}: the public tests fail on the reference solution:\n{output}{errors}");
        // The times vary from run to run: the line that names the case nearest its limit is
        // checked, then left out.
        let summary = rubric_summary(&output);
        let (before, nearest) = summary.split_once("The public case nearest its time limit took ").expect("timed");
        let (_, after) = nearest.split_once(".\n").expect("the case's name");
        assert!(nearest.contains(" s it may take here:\n"), "{assignment}: {summary}");
        insta::assert_snapshot!(format!("{assignment}_rubric_solved"), before.to_owned() + after);
        let (passed, output) = cargo_test_alone(&solved, &["--doc"]);
        assert!(passed, "{assignment}: a documentation example fails on the reference solution:\n{output}");
        // The grader takes a handout in as it is: no note about its manifest.
        if assignment == "tictactoe" {
            let report = super::grade(assignment, &solved);
            assert_eq!((report.score, report.notes), (100.0, Vec::new()), "{assignment}: the solved handout graded");
        }
    }
}

/// `cargo rubric` predicts the grader: on reversi with one line of `valid_move` missing, the
/// groups whose cases are all public score there what the grader gives them.
#[test]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn cargo_rubric_scores_the_public_groups_as_the_grader_does() {
    let handout = Path::new(KIT).join("target").join("handout-rubric").join("reversi");
    let _ = std::fs::remove_dir_all(&handout);
    gamekit::grade::deploy::handout::write(Path::new(KIT), "reversi", &handout).expect("a handout");
    put_sources(&handout, "reversi", &Path::new(KIT).join("solution").join("reversi").join("src"));
    let lib = handout.join("src").join("lib.rs");
    let source = std::fs::read_to_string(&lib).expect("lib.rs");
    let up_missing = "    for (dy, dx) in DIRECTIONS.into_iter().filter(|&line| line != (-1, 0)) {";
    assert!(source.contains("    for (dy, dx) in DIRECTIONS {"), "valid_move's loop over the lines");
    std::fs::write(&lib, source.replacen("    for (dy, dx) in DIRECTIONS {", up_missing, 1)).expect("lib.rs");

    let (passed, output, errors) = cargo_alone_apart(&handout, &["rubric"]);
    assert!(!passed, "the public tests pass with a line missing:\n{output}{errors}");
    let report = super::grade("reversi", &handout);
    let public: f64 =
        report.tests.iter().filter(|test| test.name.starts_with("functions::")).map(|test| test.points).sum();
    let predicted = format!("would score {} of their 40 points", gamekit::grade::round(public));
    let summary = rubric_summary(&output);
    assert!(public < 40.0 && summary.contains(&predicted), "the grader gives {public}; cargo rubric says:\n{summary}");
    assert!(summary.contains("Start with group 2 (functions::valid_move_checks::): it fails here"), "{summary}");
    // The grader's `requires`, resolved by the kit: the random games wait on the two failing
    // function groups and on the games' transcripts, which fail with them.
    let random_games = summary.lines().find(|line| line.contains("differential::random_games::"));
    assert!(random_games.is_some_and(|line| line.ends_with("other cases; waits on failing 2, 3, 10")), "{summary}");
}

/// `cargo rubric` on tests of every kind a student may write or run. Each test counts once,
/// whatever a stop made run again: one that must panic under its own name, one ignored not
/// at all, one of the student's own (no limit: the grader does not have it) outside the
/// public cases; one that ends the test program fails, and the tests after it run. A test
/// over its limit is stopped, with the program it started, also after printing past the
/// runner's capture; a limit whose reference time comes near it still leaves half of it.
/// `--test-threads=1` is timed as without it, more threads are said not to be, `--skip=NAME`
/// selects as `--skip NAME` does, and a reader that stops reading ends nothing.
#[test]
fn cargo_rubric_counts_each_test_once_and_says_what_it_timed() {
    let dir = Path::new(KIT).join("target").join("kit-checks").join("rubric");
    let _ = std::fs::remove_dir_all(&dir);
    let write = |file: &str, text: &str| {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("a folder");
        std::fs::write(path, text).expect("a file written");
    };
    write("Cargo.toml", "[package]\nname = \"kinds\"\nversion = \"0.1.0\"\nedition = \"2024\"\n[workspace]\n");
    write(".cargo/config.toml", "[alias]\nrubric = \"run --quiet --example rubric --\"\n");
    write("src/lib.rs", "pub fn one() -> u32 {\n    1\n}\n");
    const LOOPING: &str = "looping-for-the-rubric-check";
    write(
        "src/main.rs",
        &format!(
            "fn main() {{\n    let start = std::time::Instant::now();\n    \
             while std::env::args().any(|arg| arg == \"{LOOPING}\") && start.elapsed().as_secs() < 30 {{\n        \
             std::thread::sleep(std::time::Duration::from_millis(10));\n    }}\n}}\n"
        ),
    );
    write("examples/rubric.rs", &std::fs::read_to_string(Path::new(KIT).join("starter/rubric.rs")).expect("rubric.rs"));
    let tests = r#"use std::io::Write;
use std::time::Duration;

#[test]
fn aborts() {
    std::process::abort();
}

#[test]
#[ignore]
fn ignored() {}

#[test]
fn mine() {}

#[test]
#[should_panic]
fn panics() {
    panic!("as it must");
}

#[test]
fn quick() {
    assert_eq!(kinds::one(), 1);
}

#[test]
fn slow() {
    std::thread::sleep(Duration::from_secs(2));
}

#[test]
fn spawns() {
    let mut program = std::process::Command::new(env!("CARGO_BIN_EXE_kinds"));
    program.arg("LOOPING").stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null());
    let program = program.status();
    assert!(program.is_ok_and(|status| status.success()));
}

#[test]
fn then_another() {
    std::thread::sleep(Duration::from_millis(100));
}

#[test]
fn writes() {
    writeln!(std::io::stdout(), "past the capture\nand again").unwrap();
    let start = std::time::Instant::now();
    while start.elapsed() < Duration::from_secs(2) {
        write!(std::io::stdout(), ".").and_then(|()| std::io::stdout().flush()).unwrap();
        std::thread::sleep(Duration::from_millis(5));
    }
}
"#;
    write("tests/kinds.rs", &tests.replace("LOOPING", LOOPING));
    let limits = ["aborts\t2\t0.1", "panics\t2\t0.1", "quick\t2\t0.1", "slow\t1\t0.1", "spawns\t1\t0.1"];
    let limits = limits.iter().chain(&["then_another\t0.5\t0.45", "writes\t1\t0.1"]);
    let limits: String = limits.map(|limit| format!("limit\tkinds::{limit}\n")).collect();
    write("tests/rubric.txt", &format!("kinds::\t10\tall:kinds\t\n{limits}"));

    for threads in [&[][..], &["--test-threads=1"]] {
        let (passed, output) = cargo_alone(&dir, &[&["rubric"], threads].concat());
        assert!(!passed, "{output}");
        for stopped in ["slow", "spawns"] {
            assert!(output.contains(&format!("test {stopped} ... stopped\n    too slow for")), "{stopped}:\n{output}");
        }
        let writes = output.split_once("test writes ... past the capture\nand again\n").map(|(_, after)| after);
        let stopped =
            writes.is_some_and(|after| after.trim_start_matches('.').starts_with("stopped\n    too slow for"));
        assert!(stopped, "a test printing all the time is stopped at its limit too:\n{output}");
        assert!(output.contains("test aborts ... \n    it ended the test program"), "{output}");
        let once = |line: &str| output.matches(line).count() == 1;
        assert!(once("test panics - should panic ... ok") && once("test ignored ... ignored"), "{output}");
        let summary = rubric_summary(&output);
        let counted = "\n3 of 7 public cases pass.\n1 test (of your own?) was not in the grader's run of the reference \
                       solution when the\nhandout was written: not counted.\n3 took longer than the grader allows";
        assert!(summary.contains(counted), "{output}");
        let left = Command::new("pgrep").args(["-f", LOOPING]).output().expect("pgrep runs");
        assert!(left.stdout.is_empty(), "the stopped test's program still runs: {left:?}");
    }
    let (passed, output) = cargo_alone(&dir, &["rubric", "--test-threads", "2", "--skip=aborts", "--skip=spawns"]);
    assert!(passed && output.contains("more than one thread the tests are not timed"), "{output}");
    let summary = rubric_summary(&output);
    assert!(summary.contains("(only the cases your arguments select)") && !output.contains("too slow"), "{output}");
    let piped = "cargo rubric quick | head -c 1 >/dev/null; echo ${PIPESTATUS[0]}";
    let piped = Command::new("bash").args(["-c", piped]).current_dir(&dir).env("CARGO_NET_OFFLINE", "true").output();
    let piped = piped.expect("bash runs");
    assert_eq!(String::from_utf8_lossy(&piped.stdout), "0\n", "cargo rubric | head");
}

/// Each starter's `tests/transcripts.rs` names exactly the transcripts of its
/// `tests/transcripts/`, each once: a test each.
#[test]
fn every_public_transcript_has_a_test_of_its_own() {
    for assignment in &assignments() {
        let tests = Path::new(KIT).join("starter").join(assignment).join("tests");
        let text = std::fs::read_to_string(tests.join("transcripts.rs")).expect("tests/transcripts.rs");
        let listed = text.split_once("cases!(").and_then(|(_, rest)| rest.split_once(')')).map(|(list, _)| list);
        // `"program" => case, case; "other" => case`
        let programs = listed.expect("a cases! list").split(';').filter_map(|cases| cases.split_once("=>"));
        let mut listed: Vec<&str> = programs.flat_map(|(_, cases)| cases.split(',').map(str::trim)).collect();
        listed.retain(|case| !case.is_empty());
        listed.sort_unstable();
        let mut found: Vec<String> = files(&tests.join("transcripts"))
            .into_iter()
            .filter(|file| file.extension().is_some_and(|extension| extension == "in"))
            .filter_map(|file| Some(file.file_stem()?.to_string_lossy().into_owned()))
            .collect();
        found.sort_unstable();
        assert_eq!(listed, found, "{assignment}: the transcripts tests/transcripts.rs names");
    }
}
