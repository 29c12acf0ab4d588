//! The handouts `gamekit handout` writes: exactly the starter's crate, its helper crates and
//! its public tests (no solution, no engine, no graded suite), and a crate that builds and
//! tests alone, offline, with an empty Cargo home: its public tests fail on the starter as it
//! is ("not yet implemented") and pass once the reference solution's files are in; the
//! grader takes it in with no note.

use super::{ASSIGNMENTS, KIT};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Every file under `dir`, relative to it, following symbolic links.
fn files(dir: &Path) -> BTreeSet<PathBuf> {
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
    let home = dir.with_extension("cargo-home");
    std::fs::create_dir_all(&home).expect("an empty Cargo home");
    let run = Command::new(env!("CARGO"))
        .args(["test", "--offline", "--quiet", "--no-fail-fast"])
        .args(options)
        .current_dir(dir)
        .env("CARGO_HOME", &home)
        .env("RUST_BACKTRACE", "0")
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");
    let text = format!("{}{}", String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr));
    (run.status.success(), text)
}

#[test]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn a_handout_is_the_starter_alone_and_its_public_tests_pass_on_the_solution() {
    let root = Path::new(KIT).join("target").join("handout-check");
    let _ = std::fs::remove_dir_all(&root);
    for assignment in ASSIGNMENTS {
        let starter = Path::new(KIT).join("starter").join(assignment);
        let handout = root.join(assignment);
        let written = gamekit::grade::handout::write(Path::new(KIT), assignment, &handout)
            .unwrap_or_else(|error| panic!("{assignment}: no handout: {error}"));

        // Exactly the starter's sources and public tests, the console helper, the kit's
        // formatting and the four files written for it: nothing else of the kit.
        let mut expected: BTreeSet<PathBuf> =
            files(&starter).into_iter().filter(|file| file.starts_with("src") || file.starts_with("tests")).collect();
        for file in files(&Path::new(KIT).join("starter").join("cin")) {
            if file.starts_with("src") || file == Path::new("Cargo.toml") {
                expected.insert(Path::new("cin").join(file));
            }
        }
        expected.extend(["Cargo.toml", "README.md", ".gitignore", ".gitattributes", "rustfmt.toml"].map(PathBuf::from));
        assert_eq!(files(&handout), expected, "{assignment}: the handout's files");
        assert_eq!(written.into_iter().collect::<BTreeSet<_>>(), expected, "{assignment}: the files it says it wrote");
        for file in expected.iter().filter(|file| file.starts_with("src") || file.starts_with("tests")) {
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

        // Alone, offline: every public test of the starter fails for want of the student's code
        // (its documentation's examples aside).
        let (passed, output) = cargo_test_alone(&handout, &["--tests"]);
        assert!(!passed && output.contains("not yet implemented"), "{assignment}: the handout as it is:\n{output}");
        let results: Vec<&str> = output.lines().filter(|line| line.starts_with("test result:")).collect();
        assert!(
            !results.is_empty() && results.iter().all(|line| line.contains(" 0 passed;")),
            "{assignment}: a public test passes on the handout as it is:\n{output}"
        );
        assert!(!output.contains("error[E"), "{assignment}: the handout does not compile:\n{output}");

        // With the reference solution's files (its provided file is the handout's own).
        let solved = root.join(format!("{assignment}-solved"));
        gamekit::grade::handout::write(Path::new(KIT), assignment, &solved).expect("a second handout");
        put_sources(&solved, assignment, &Path::new(KIT).join("solution").join(assignment).join("src"));
        let (passed, output) = cargo_test_alone(&solved, &[]);
        assert!(passed, "{assignment}: the public tests fail on the reference solution:\n{output}");
        // The grader takes a handout in as it is: no note about its manifest.
        if assignment == "tictactoe" {
            let report = super::grade(assignment, &solved);
            assert_eq!((report.score, report.notes), (100.0, Vec::new()), "{assignment}: the solved handout graded");
        }
    }
}
