//! The Gradescope autograder `gamekit gradescope` writes, run as Gradescope runs it: the zip
//! unpacked into a scratch folder laid out as Gradescope's `/autograder`, `setup.sh` run once
//! (offline: Cargo builds from the local registry cache, as it would after downloading; the
//! judges' registry crates already built, from the kit's own target), then
//! `run_autograder` on a correct, a zipped, a partial, a non-compiling, an empty and a
//! hostile submission; each `results.json` is checked against Gradescope's documented fields.

use super::{Edit, KIT, copy_of_solution};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// Gradescope's fields of results.json, of a test in it, and its visibilities.
const FIELDS: [&str; 11] = [
    "score",
    "execution_time",
    "output",
    "output_format",
    "test_output_format",
    "test_name_format",
    "visibility",
    "stdout_visibility",
    "extra_data",
    "tests",
    "leaderboard",
];
const TEST_FIELDS: [&str; 11] = [
    "score",
    "max_score",
    "status",
    "name",
    "name_format",
    "number",
    "output",
    "output_format",
    "tags",
    "visibility",
    "extra_data",
];
const VISIBILITIES: [&str; 4] = ["hidden", "after_due_date", "after_published", "visible"];

/// Checks `results` against Gradescope's specification; returns its score.
fn valid(results: &Value, what: &str) -> f64 {
    let object = results.as_object().unwrap_or_else(|| panic!("{what}: results.json is not an object: {results}"));
    for key in object.keys() {
        assert!(FIELDS.contains(&key.as_str()), "{what}: results.json has a field Gradescope does not know: {key}");
    }
    let tests = results["tests"].as_array().unwrap_or_else(|| panic!("{what}: no tests array: {results}"));
    for test in tests {
        for key in test.as_object().unwrap_or_else(|| panic!("{what}: a test is not an object")).keys() {
            assert!(TEST_FIELDS.contains(&key.as_str()), "{what}: a test has a field Gradescope does not know: {key}");
        }
        assert!(matches!(test["status"].as_str(), Some("passed" | "failed")), "{what}: {test}");
        assert!(VISIBILITIES.contains(&test["visibility"].as_str().unwrap_or("?")), "{what}: {test}");
        assert!(test["score"].as_f64().is_some() && test["max_score"].as_f64().is_some(), "{what}: {test}");
    }
    if !tests.is_empty() {
        let hundredths: i64 =
            tests.iter().map(|test| (test["max_score"].as_f64().unwrap_or(0.0) * 100.0).round() as i64).sum();
        assert_eq!(hundredths, 10_000, "{what}: the tests' maximum scores add up to {}", hundredths as f64 / 100.0);
    }
    assert!(results["output"].is_string(), "{what}: no output for the student: {results}");
    results["score"].as_f64().unwrap_or_else(|| panic!("{what}: no score: {results}"))
}

/// Runs a script of the autograder in `root` (its `/autograder`). Its `cargo build
/// --release` of gamekit builds unoptimised here, in parallel: this checks what the
/// autograder does, not how fast the grader itself runs (its suites build as they always do).
fn script(root: &Path, script: &Path) -> String {
    let run = Command::new("bash")
        .arg(script)
        .current_dir(root)
        .env("AUTOGRADER", root)
        .env("CARGO_NET_OFFLINE", "true")
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "0")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "256")
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("RUSTFLAGS")
        // Gradescope's machine is no CI of the kit's: its build does not demand the kit's
        // checks' tools.
        .env_remove("GAMEKIT_CI")
        .output()
        .expect("bash runs");
    let output = format!("{}{}", String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr));
    assert!(run.status.success(), "{} failed:\n{output}", script.display());
    output
}

fn unzip(zip: &Path, into: &Path) {
    let mut archive = zip::ZipArchive::new(std::fs::File::open(zip).expect("the zip")).expect("a zip");
    archive.extract(into).expect("the zip unpacks");
}

/// Zips a crate's Cargo.toml and src/ into `zip`, under a folder `tictactoe/`.
fn zip_crate(dir: &Path, zip: &Path) {
    use std::io::Write;
    let mut archive = zip::ZipWriter::new(std::fs::File::create(zip).expect("a zip"));
    let sources = std::fs::read_dir(dir.join("src")).expect("the crate's sources").flatten().map(|entry| entry.path());
    for file in std::iter::once(dir.join("Cargo.toml")).chain(sources) {
        let name = format!("tictactoe/{}", file.strip_prefix(dir).expect("in the crate").display());
        archive.start_file(name, zip::write::SimpleFileOptions::default()).expect("an entry");
        archive.write_all(&std::fs::read(&file).expect("a crate's file")).expect("its bytes");
    }
    archive.finish().expect("the zip written");
}

/// Replaces `/autograder/submission` with `submission`'s crate (its Cargo.toml and src/),
/// nested in a folder as an upload of the handout's folder would be; or with nothing.
fn submit(root: &Path, submission: Option<&Path>) {
    let dir = root.join("submission");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the submission's folder");
    let Some(submission) = submission else { return };
    let status = Command::new("cp").arg("-r").arg(submission).arg(dir.join("my-tictactoe")).status();
    assert!(status.is_ok_and(|status| status.success()), "the submission copied");
}

#[test]
#[cfg_attr(all(no_bubblewrap, not_root), ignore = "nothing is isolated here: no bubblewrap, and not root")]
#[cfg_attr(not(all(no_bubblewrap, not_root)), ignore = "full tier: cargo test --workspace -- --include-ignored")]
fn the_gradescope_autograder_grades_every_kind_of_submission_and_always_writes_results() {
    let root = Path::new(KIT).join("target").join("gradescope-check");
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).expect("a scratch /autograder");
    let zip = root.join("autograder.zip");
    let written = gamekit::grade::deploy::gradescope::write(Path::new(KIT), "tictactoe", &zip).expect("the autograder");
    assert!(written > 100, "{written} files");
    unzip(&zip, &root.join("source"));
    // The judges' dependencies as the kit's own grading built them: setup.sh's grading of
    // the reference then compiles the kit's crates alone (18 s rather than 70 s here).
    super::seed_judges_target(&root.join("source").join("kit"));
    // Gradescope copies run_autograder into /autograder.
    std::fs::copy(root.join("source").join("run_autograder"), root.join("run_autograder")).expect("run_autograder");
    script(&root, &root.join("source").join("setup.sh"));

    let results = root.join("results").join("results.json");
    let grade = |submission: Option<&Path>, what: &str| -> (f64, Value) {
        submit(&root, submission);
        let log = script(&root, &root.join("run_autograder"));
        let text = std::fs::read_to_string(&results).unwrap_or_else(|_| panic!("{what}: no results.json:\n{log}"));
        let value: Value = serde_json::from_str(&text).unwrap_or_else(|error| panic!("{what}: {error}: {text}"));
        (valid(&value, what), value)
    };

    let solution = Path::new(KIT).join("solution").join("tictactoe");
    assert_eq!(grade(Some(&solution), "the solution").0, 100.0);

    let zipped = root.join("zipped");
    std::fs::create_dir_all(&zipped).expect("a folder");
    zip_crate(&solution, &zipped.join("tictactoe.zip"));
    let (score, value) = grade(Some(&zipped), "the solution, zipped");
    assert_eq!(score, 100.0, "{value}");

    let blocks_first = copy_of_solution(
        "tictactoe",
        "gradescope_partial",
        &[Edit {
            file: "src/lib.rs",
            from: "    winning_square(&mut board, computer)\n        .or_else(|| winning_square(&mut board, opponent(computer)))",
            to: "    winning_square(&mut board, opponent(computer))\n        .or_else(|| winning_square(&mut board, computer))",
        }],
    );
    let (partial, _) = grade(Some(&blocks_first), "a partial submission");
    assert!(partial > 0.0 && partial < 100.0, "a partial submission scores {partial}");

    let broken = copy_of_solution(
        "tictactoe",
        "gradescope_broken",
        &[Edit { file: "src/lib.rs", from: "pub fn computer_move(", to: "pub fn computer_move(," }],
    );
    let (score, value) = grade(Some(&broken), "a submission that does not compile");
    assert_eq!(score, 0.0);
    assert!(value.to_string().contains("error"), "the compiler's errors are shown: {value}");

    let (score, value) = grade(None, "an empty submission");
    assert_eq!(score, 0.0);
    assert!(value["output"].as_str().is_some_and(|output| output.contains("no crate named 'tictactoe'")), "{value}");

    // Its code forges results.json wherever it might be, now and (from a process left
    // running) after grading, and prints a perfect score. Only isolation stops the second
    // (without it, this check fails): it is ignored where nothing is isolated.
    let isolation = gamekit::grade::sandbox::Isolation::detect();
    assert_ne!(isolation, gamekit::grade::sandbox::Isolation::None, "cannot check: nothing is isolated here");
    let forger = copy_of_solution(
        "tictactoe",
        "gradescope_forger",
        &[Edit {
            file: "src/lib.rs",
            from: "pub fn computer_move(mut board: Board, computer: char) -> usize {\n",
            to: "pub fn computer_move(mut board: Board, computer: char) -> usize {\n    \
                 let forged = r#\"{\"score\": 100, \"tests\": []}\"#;\n    \
                 let mut places: Vec<std::path::PathBuf> = vec![\"/autograder\".into()];\n    \
                 places.extend(std::env::var_os(\"AUTOGRADER\").map(Into::into));\n    \
                 places.extend(std::env::current_dir().iter().flat_map(|dir| dir.ancestors().map(|dir| dir.to_owned()).collect::<Vec<_>>()));\n    \
                 for place in places {\n        \
                     let results = place.join(\"results/results.json\");\n        \
                     let _ = std::fs::create_dir_all(place.join(\"results\"));\n        \
                     let _ = std::fs::write(&results, forged);\n        \
                     let later = \"sleep 3; printf '%s' \\\"$1\\\" > \\\"$0\\\"\";\n        \
                     let _ = std::process::Command::new(\"sh\").args([\"-c\", later]).arg(&results).arg(forged).spawn();\n    \
                 }\n    \
                 println!(\"tictactoe: 100 out of 100 points\");\n    \
                 if board.iter().filter(|&&square| square != EMPTY).count() > 3 {\n        \
                     return (0..9).find(|&square| is_legal(square, &board)).unwrap_or(0);\n    \
                 }\n",
        }],
    );
    let (score, value) = grade(Some(&forger), "a hostile submission");
    assert!(score < 100.0 && !value["tests"].as_array().is_some_and(Vec::is_empty), "forged: {value}");
    // What it left running to write later died with its tests.
    std::thread::sleep(std::time::Duration::from_secs(5));
    let later: Value = serde_json::from_slice(&std::fs::read(&results).expect("results.json")).expect("JSON");
    assert_eq!(later, value, "results.json was written over after grading");
    let _ = std::fs::remove_dir_all(root);
}
