//! The `gamekit` command itself: its exit statuses, what it prints and the report files it
//! writes.

use assert_cmd::Command;
use predicates::prelude::*;

/// The `gamekit` command, ready to run.
fn command() -> Command {
    Command::cargo_bin("gamekit").expect("the gamekit program")
}

fn gamekit(args: &[&str]) -> std::process::Output {
    command().args(args).output().expect("gamekit runs")
}

#[test]
fn grade_writes_the_report_and_gradescope_results_and_exits_0() {
    let dir = std::env::temp_dir().join(format!("gamekit-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let (json, gradescope) = (dir.join("report.json"), dir.join("results.json"));
    let run = gamekit(&[
        "grade",
        "reversi",
        "--json",
        &json.to_string_lossy(),
        "--gradescope",
        &gradescope.to_string_lossy(),
    ]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&run.stderr));
    assert!(stdout.starts_with("reversi: 100 out of 100 points\n"), "{stdout}");

    let report: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).expect("the report")).expect("JSON");
    assert_eq!((report["score"].as_f64(), report["max_score"].as_f64()), (Some(100.0), Some(100.0)));
    assert!(report["tests"].as_array().is_some_and(|tests| tests.len() > 100));

    let results: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&gradescope).expect("results.json")).expect("JSON");
    assert_eq!(results["score"].as_f64(), Some(100.0));
    let tests = results["tests"].as_array().expect("tests");
    assert_eq!(Some(tests.len()), report["tests"].as_array().map(Vec::len), "one Gradescope test per test");
    for test in tests {
        for key in ["name", "score", "max_score", "status", "output", "visibility"] {
            assert!(test.get(key).is_some(), "a Gradescope test without {key}: {test}");
        }
        assert_eq!(test["status"], "passed");
        assert_eq!(test["visibility"], "visible", "the rubric's default: {test}");
        assert!(test["tags"].is_array(), "{test}");
    }
    // Gradescope adds the tests' maximum scores up: exactly the total, to the hundredth.
    let hundredths: i64 =
        tests.iter().map(|test| (test["max_score"].as_f64().expect("max_score") * 100.0).round() as i64).sum();
    assert_eq!(hundredths, 10_000, "the tests' maximum scores add up to {}", hundredths as f64 / 100.0);
    assert!(results["execution_time"].as_f64().is_some(), "{results}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn grade_exits_2_when_it_cannot_grade() {
    for args in
        [&["grade", "chess"][..], &["grade", "reversi", "/no/such/crate"], &["grade", "reversi", "--timeout", "0"]]
    {
        let run = gamekit(args);
        assert_eq!(run.status.code(), Some(2), "gamekit {}", args.join(" "));
        assert!(!run.stderr.is_empty(), "gamekit {} must say why", args.join(" "));
        assert!(run.stdout.is_empty(), "gamekit {} must grade nothing", args.join(" "));
    }
    // Gradescope still gets a valid results.json, which says why.
    let results = std::env::temp_dir().join(format!("gamekit-cli-ungraded-{}.json", std::process::id()));
    command().args(["grade", "reversi", "/no/such/crate", "--gradescope"]).arg(&results).assert().code(2);
    let written: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&results).expect("results.json written")).expect("JSON");
    let _ = std::fs::remove_file(&results);
    assert_eq!(written["score"].as_f64(), Some(0.0));
    assert!(written["output"].as_str().is_some_and(|output| output.contains("could not grade")), "{written}");
}

/// Users of their own need a toolchain every user can read: where there is none (here a
/// `rustc` that does not run), grading stops and says what to change.
#[test]
fn users_of_their_own_without_a_readable_toolchain_say_what_to_change() {
    command()
        .args(["grade", "tictactoe", "starter/tictactoe"])
        .env("GAMEKIT_ISOLATION", "users")
        .env("RUSTC", "/no/such/rustc")
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            predicate::str::contains("a Rust toolchain every user can read")
                .and(predicate::str::contains("RUSTUP_HOME=/usr/local/rustup")),
        );
}

/// A part of the suite: its groups' points only, said so; every line within 80 columns.
#[test]
fn grade_only_runs_the_tests_named_so() {
    command()
        .args(["grade", "tictactoe", "--only", "perfect::"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("tictactoe: 12 out of 12 points\n"))
        .stdout(predicate::str::contains("only the tests starting with perfect:: ran"))
        .stdout(predicate::str::contains("all_games::").not())
        .stdout(predicate::function(|text: &str| text.lines().all(|line| line.chars().count() <= 80)));
    command()
        .args(["grade", "tictactoe", "--only", "nothing::"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("no test's name starts with 'nothing::'"));
}

/// A handout goes only into a new or empty folder, and only for an assignment of the kit.
#[test]
fn handout_writes_a_new_folder_and_refuses_one_in_use() {
    let dir = std::env::temp_dir().join(format!("gamekit-cli-handout-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let handout = dir.join("tictactoe");
    command()
        .args(["handout", "tictactoe"])
        .arg(&handout)
        .assert()
        .success()
        .stdout(predicate::str::starts_with("tictactoe: the handout is in "));
    assert!(handout.join("src").join("lib.rs").is_file() && handout.join("README.md").is_file());
    let readme = std::fs::read(handout.join("README.md")).expect("the handout's README");
    command()
        .args(["handout", "tictactoe"])
        .arg(&handout)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not an empty folder"));
    assert_eq!(std::fs::read(handout.join("README.md")).ok(), Some(readme), "a handout written over");
    command()
        .args(["handout", "chess"])
        .arg(dir.join("chess"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no assignment named 'chess'"));
    let _ = std::fs::remove_dir_all(dir);
}

/// A folder in use is refused before anything else is done: here in a kit whose reference
/// solution is missing, so measuring it first would fail otherwise.
#[test]
fn handout_refuses_a_folder_in_use_before_it_measures_the_reference() {
    let scratch = std::env::temp_dir().join(format!("gamekit-cli-in-use-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let (kit, in_use) = (scratch.join("kit"), scratch.join("in-use"));
    for folder in [kit.join("fixtures/tictactoe"), kit.join("tests"), kit.join("starter"), in_use.clone()] {
        std::fs::create_dir_all(folder).expect("a folder");
    }
    std::fs::write(kit.join("Cargo.toml"), "[package]\nname = \"gamekit\"\n").expect("a manifest");
    let kits_own = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/tictactoe/rubric.toml");
    let rubric = std::fs::read(kits_own).expect("the rubric");
    std::fs::write(kit.join("fixtures/tictactoe/rubric.toml"), rubric).expect("the rubric copied");
    std::fs::write(in_use.join("notes.txt"), "mine").expect("a student's file");
    let classroom = ["classroom", "--kit-repository", "https://github.com/course/gamekit"];
    for command_words in [&["handout"][..], &classroom] {
        let mut run = command();
        run.args(command_words).arg("tictactoe").arg(&in_use).arg("--kit").arg(&kit);
        run.assert().code(2).stderr(predicate::str::contains("not an empty folder"));
    }
    std::fs::remove_dir_all(&scratch).expect("the scratch removed");
}

/// The Classroom template: the handout and the workflow; a kit place the workflow would
/// misread is refused.
#[test]
fn classroom_writes_the_handout_and_its_workflow() {
    let dir = std::env::temp_dir().join(format!("gamekit-cli-classroom-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    command()
        .args(["classroom", "tictactoe"])
        .arg(dir.join("template"))
        .args(["--kit-repository", "https://github.com/course/gamekit", "--kit-ref", "fall-2026"])
        .assert()
        .success();
    let workflow = std::fs::read_to_string(dir.join("template").join(gamekit::grade::deploy::classroom::WORKFLOW))
        .expect("workflow");
    assert!(
        workflow.contains(
            &gamekit::grade::deploy::classroom::grade_script("tictactoe")
                .replace('\n', "\n          ")
                .trim_end()
                .to_owned()
        )
    );
    assert!(workflow.contains("git clone --depth 1 --branch 'fall-2026' -- 'https://github.com/course/gamekit' kit"));
    assert!(dir.join("template").join("src").join("lib.rs").is_file());
    command()
        .args(["classroom", "tictactoe"])
        .arg(dir.join("other"))
        .args(["--kit-repository", "https://x/$(id)"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not a repository URL"));
    let _ = std::fs::remove_dir_all(dir);
}

/// The workflow's grading script, run as the workflow runs it (the kit's `gamekit` in
/// kit/target/release, the student's repository in submission/): the reporter's result in
/// `$GITHUB_OUTPUT`, whose tests' points add up to the score, and an error (no points) when
/// the submission cannot be graded.
#[test]
fn the_classroom_grade_script_hands_the_reporter_the_score() {
    let dir = std::env::temp_dir().join(format!("gamekit-cli-classroom-run-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let bin = dir.join("kit").join("target").join("release");
    std::fs::create_dir_all(&bin).expect("a temporary kit");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_gamekit"), bin.join("gamekit")).expect("gamekit linked");
    let kit = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (submission, status, points) in [
        (kit.join("solution").join("tictactoe"), "pass", 100.0),
        (kit.join("starter").join("tictactoe"), "fail", 0.0),
        (kit.join("no such crate"), "error", 0.0),
    ] {
        let _ = std::fs::remove_file(dir.join("submission"));
        std::os::unix::fs::symlink(&submission, dir.join("submission")).expect("the submission linked");
        let output = dir.join("output");
        std::fs::write(&output, "").expect("GITHUB_OUTPUT");
        Command::new("bash")
            .args(["-c", &gamekit::grade::deploy::classroom::grade_script("tictactoe")])
            .current_dir(&dir)
            .env("GITHUB_OUTPUT", &output)
            .assert()
            .success();
        let written = std::fs::read_to_string(&output).expect("GITHUB_OUTPUT");
        let encoded = written.strip_prefix("result=").and_then(|rest| rest.strip_suffix('\n')).expect("result=…");
        let decoded = Command::new("base64").arg("-d").write_stdin(encoded).output().expect("base64 runs").stdout;
        let result: serde_json::Value = serde_json::from_slice(&decoded).expect("the result is JSON");
        let tests = result["tests"].as_array().expect("tests");
        let sum: f64 = tests.iter().map(|test| test["score"].as_f64().expect("a score")).sum();
        assert_eq!(result["status"], status, "{}: {result}", submission.display());
        assert!((sum - points).abs() < 0.05, "{}: the tests add up to {sum}: {result}", submission.display());
        let max = if status == "error" { 0.0 } else { 100.0 };
        assert_eq!(result["max_score"].as_f64(), Some(max), "{}", submission.display());
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// Copies the tictactoe solution's crate to `to`, with `edit` applied to its `lib.rs`.
fn tictactoe_copy(to: &std::path::Path, edit: impl Fn(String) -> String) {
    let solution = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("solution").join("tictactoe");
    std::fs::create_dir_all(to.join("src")).expect("a submission's folder");
    std::fs::copy(solution.join("Cargo.toml"), to.join("Cargo.toml")).expect("Cargo.toml");
    let lib = std::fs::read_to_string(solution.join("src/lib.rs")).expect("the solution");
    std::fs::write(to.join("src/lib.rs"), edit(lib)).expect("lib.rs");
}

/// The gradebook's rows without the seconds each took.
fn gradebook(out: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(out.join("gradebook.csv")).expect("gradebook.csv");
    text.lines().map(|row| row.rsplit_once(',').map_or(row, |(row, _)| row).to_owned()).collect()
}

/// A class at once: a report each, the gradebook, the summary and the class page; graded
/// again, nothing unchanged is graded again and what changed is in changes.csv; graded in
/// three shards and merged, the same gradebook.
#[test]
fn grade_batch_grades_a_class_resumes_says_what_changed_and_merges_its_shards() {
    let dir = std::env::temp_dir().join(format!("gamekit-cli-batch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let class = dir.join("class");
    let order = "[4, 0, 2, 6, 8, 1, 3, 5, 7]";
    tictactoe_copy(&class.join("alice"), |lib| lib);
    tictactoe_copy(&class.join("bob"), |lib| lib.replacen(order, "[4, 8, 6, 2, 0, 7, 5, 3, 1]", 1));
    tictactoe_copy(&class.join("erin"), |lib| lib + "fn broken( {}\n");
    std::fs::create_dir_all(class.join("dave")).expect("an empty submission");
    let batch = |out: &std::path::Path| {
        let run = command()
            .args(["grade", "tictactoe", "--batch"])
            .arg(&class)
            .args(["-j", "2", "--out"])
            .arg(out)
            .output()
            .expect("gamekit runs");
        assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
        String::from_utf8_lossy(&run.stdout).into_owned()
    };
    let out = dir.join("graded");
    let stdout = batch(&out);
    assert!(
        stdout.starts_with(
            "4 submissions: mean 43.45, median 30.34 (of the 3 graded); 1 do not compile, 1 could not be graded\n"
        ),
        "{stdout}"
    );
    let rows = gradebook(&out);
    assert_eq!(rows.len(), 5, "{rows:?}");
    assert!(rows[0].starts_with("id,score,computer_move::on_chosen_boards:: (20),") && rows[0].ends_with(",status"));
    assert!(rows[1].starts_with("alice,100.00,20.00,") && rows[1].ends_with(",graded"), "{rows:?}");
    assert!(rows[2].starts_with("bob,30.34,"), "{rows:?}");
    assert!(rows[3].starts_with("dave,,") && rows[3].contains("not graded: "), "not graded is not a zero: {rows:?}");
    assert!(rows[4].starts_with("erin,0.00,") && rows[4].ends_with(",does not compile"), "{rows:?}");
    let reports = out.join("submissions");
    assert!(
        std::fs::read_to_string(reports.join("alice").join("report.txt"))
            .is_ok_and(|text| text.starts_with("tictactoe: 100 out of 100"))
    );
    assert!(std::fs::read_to_string(out.join("summary.txt")).is_ok_and(|text| text.contains("[ 90.0, 100.0]    1 ")));
    let page = std::fs::read_to_string(out.join("index.html")).expect("index.html");
    for id in ["alice", "bob", "dave", "erin"] {
        assert!(page.contains(&format!("<a href=\"submissions/{id}/report.txt\">")), "{id} is not linked: {page}");
    }
    assert!(!out.join("changes.csv").exists(), "the first gradebook has nothing to compare with");

    // Three shards, on as many machines, merged: the same gradebook. Each is graded by the
    // script a cluster's task runs (docs/cluster), as Slurm's array and Kubernetes' Indexed
    // Job number their tasks.
    let graded_in_shards = dir.join("shards");
    for (variable, value) in [("SLURM_ARRAY_TASK_ID", "1"), ("JOB_COMPLETION_INDEX", "1"), ("SLURM_ARRAY_TASK_ID", "3")]
    {
        let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/cluster/grade-shard.sh");
        let graded = std::process::Command::new(script)
            .args(["tictactoe".as_ref(), class.as_os_str(), graded_in_shards.as_os_str(), "3".as_ref()])
            .env_remove("SLURM_ARRAY_TASK_ID")
            .env_remove("JOB_COMPLETION_INDEX")
            .env(variable, value)
            .env("GAMEKIT", assert_cmd::cargo::cargo_bin("gamekit"))
            .status();
        assert!(graded.is_ok_and(|status| status.success()), "the shard of {variable}={value} was not graded");
    }
    let shards: Vec<std::path::PathBuf> = (1..=3).map(|i| graded_in_shards.join(format!("shard-{i}"))).collect();
    let merged = dir.join("merged");
    command().arg("merge").args(&shards).arg("--out").arg(&merged).assert().success();
    assert_eq!(gradebook(&merged), gradebook(&out), "the shards merged are not the class graded in one run");
    let ids = |out: &std::path::Path| {
        let manifest: serde_json::Value =
            serde_json::from_slice(&std::fs::read(out.join("class.json")).expect("class.json")).expect("JSON");
        manifest["ids"].clone()
    };
    assert_eq!(ids(&merged), ids(&out));
    command()
        .arg("merge")
        .args(&shards[..2])
        .arg("--out")
        .arg(dir.join("partial"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("shard 3/3 missing"));

    // Graded again after bob fixed his bug: only bob is graded again, and he went up.
    let report = reports.join("alice").join("report.json");
    let written = std::fs::metadata(&report).and_then(|metadata| metadata.modified()).expect("report.json");
    tictactoe_copy(&class.join("bob"), |lib| lib);
    let stdout = batch(&out);
    assert!(stdout.contains("\nsince the last gradebook: 1 up (changes.csv)\n"), "{stdout}");
    let again = std::fs::metadata(&report).and_then(|metadata| metadata.modified()).expect("report.json");
    assert_eq!(written, again, "alice, unchanged, was graded again");
    let changes = std::fs::read_to_string(out.join("changes.csv")).expect("changes.csv");
    let rows: Vec<&str> = changes.lines().collect();
    assert_eq!(rows[0], "id,old,new,change,groups");
    assert!(rows[1].starts_with("bob,30.34,100.00,up,all_games:: 0.00 -> 30.00; "), "{changes}");
    assert_eq!(rows.len(), 2, "{changes}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A kit named by `--kit` or `GAMEKIT_KIT` must be one: never passed over for another.
#[test]
fn a_folder_that_is_not_the_kit_is_refused() {
    let not_a_kit = std::env::temp_dir();
    command()
        .args(["grade", "tictactoe"])
        .env("GAMEKIT_KIT", &not_a_kit)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("(GAMEKIT_KIT) is not gamekit's kit"));
    command()
        .args(["handout", "tictactoe", "--kit", "starter"])
        .arg(not_a_kit.join("never-written"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("(--kit) is not gamekit's kit: it has no fixtures"));
}

/// `--fail-under`: status 1 below the points asked for, the report printed all the same.
#[test]
fn grade_fail_under_gives_status_1_below_the_points() {
    let graded = |fail_under: &str| {
        command().args(["grade", "tictactoe", "--only", "perfect::", "--fail-under", fail_under]).assert()
    };
    graded("12").success().stdout(predicate::str::starts_with("tictactoe: 12 out of 12 points\n"));
    graded("12.5")
        .code(1)
        .stdout(predicate::str::starts_with("tictactoe: 12 out of 12 points\n"))
        .stderr(predicate::str::contains("12 points, under the 12.5 --fail-under asks for"));
    command().args(["grade", "tictactoe", "--fail-under", "-1"]).assert().code(2).stdout("");
}

/// `--verbose` adds a row per test.
#[test]
fn grade_verbose_shows_every_test() {
    command()
        .args(["grade", "tictactoe", "--only", "perfect::on_chosen_boards::", "--verbose"])
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"(?m)^perfect::on_chosen_boards::\S+ +\S+/\S+ +passed").expect("a pattern"))
        // A row per test, once: the group has seven.
        .stdout(predicate::function(|stdout: &str| {
            stdout.lines().filter(|line| line.starts_with("perfect::on_chosen_boards::")).count() == 7
        }));
}

#[test]
fn a_crate_with_another_package_name_is_refused() {
    let run = gamekit(&["grade", "reversi", env!("CARGO_MANIFEST_DIR")]);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("needs a package named 'reversi'"));
}

#[test]
fn solve_connect_n_prints_every_columns_value_and_the_best_move() {
    let run = gamekit(&["solve", "connect-n", "--moves", "2252576253462244111563365343671351441"]);
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    let stdout = String::from_utf8_lossy(&run.stdout);
    let values: Vec<i32> =
        stdout.lines().filter_map(|line| line.strip_prefix("column ")?.split_once(": ")?.1.parse().ok()).collect();
    assert_eq!(values.iter().max(), Some(&-1), "the test set's score of this position is -1:\n{stdout}");
    assert!(stdout.lines().any(|line| line.starts_with("best move: column ")), "{stdout}");
}

/// Connect Four's first plies are answered from the book that ships with gamekit: the empty
/// board's seven columns without a position searched.
#[test]
fn solve_connect_n_answers_the_first_plies_from_the_book() {
    let run = gamekit(&["solve", "connect-n"]);
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    let stdout = String::from_utf8_lossy(&run.stdout);
    let values: Vec<&str> = stdout
        .lines()
        .filter_map(|line| line.strip_prefix("column ")?.split_once(": "))
        .map(|(_, value)| value)
        .collect();
    assert_eq!(values, ["-2", "-1", "+0", "+1", "+0", "-1", "-2"], "{stdout}");
    assert!(stdout.contains("best move: column 4"), "{stdout}");
    assert!(String::from_utf8_lossy(&run.stderr).starts_with("(0 positions searched"));
}

/// `gamekit book` builds a book, resumes one (its last line unended too, by three solvers),
/// writes it in order, and refuses a file that is not one, and no solver.
#[test]
fn book_builds_resumes_and_refuses_what_is_not_a_book() {
    let dir = std::env::temp_dir().join(format!("gamekit-cli-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("book.txt");
    let book_by = |plies: &str, jobs: &str| {
        let out = out.to_str().unwrap();
        gamekit(&[
            "book",
            "connect-n",
            "--columns",
            "5",
            "--levels",
            "4",
            "--plies",
            plies,
            "--out",
            out,
            "--jobs",
            jobs,
        ])
    };
    let book = |plies: &str| book_by(plies, "1");
    let run = book("3");
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    assert!(String::from_utf8_lossy(&run.stdout).contains("66 positions of at most 3 stones, 66 solved"));
    let whole = std::fs::read_to_string(&out).unwrap();
    assert_eq!(whole.lines().take(3).collect::<Vec<_>>(), [" 0", "1 1", "2 0"]);
    let half: String = whole.lines().skip(40).map(|line| format!("{line}\n")).collect();
    std::fs::write(&out, half.trim_end()).unwrap();
    let run = book_by("3", "3");
    assert!(String::from_utf8_lossy(&run.stdout).contains("66 positions of at most 3 stones, 40 solved"), "{run:?}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), whole, "the same text, however it was built");
    let run = book("4");
    assert!(String::from_utf8_lossy(&run.stdout).contains("at most 4 stones"));
    assert_eq!(book_by("4", "0").status.code(), Some(2), "no solver at all");
    std::fs::write(&out, "12 0\n9 1\n").unwrap();
    let run = book("3");
    assert_eq!(run.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&run.stderr).contains("line 2: move 1: '9' is not a column from 1 to 5"),
        "{run:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `gamekit learn othello` writes weights the solver can read, the same from the same seed
/// however many threads made them, and says when it cannot write them.
#[test]
fn learn_othello_writes_the_same_weights_from_the_same_seed() {
    let dir = std::env::temp_dir().join(format!("gamekit-cli-learn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let learn = |jobs: &str, out: &std::path::Path| {
        gamekit(&["learn", "othello", "--games", "12", "--seed", "5", "--jobs", jobs, "--out", out.to_str().unwrap()])
    };
    let (one, two) = (dir.join("one.txt"), dir.join("two.txt"));
    let run = learn("1", &one);
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    assert!(String::from_utf8_lossy(&run.stdout).starts_with("gamekit learn othello --games 12 --seed 5: "));
    assert_eq!(learn("2", &two).status.code(), Some(0));
    let weights = std::fs::read_to_string(&one).unwrap();
    assert_eq!(weights, std::fs::read_to_string(&two).unwrap());
    assert!(!dir.join("one.txt.part").exists(), "the weights are written beside FILE, then renamed");
    assert!(weights.parse::<gamekit::othello::pattern::Weights>().is_ok(), "{weights:.300}");
    let run = learn("1", &dir.join("missing").join("weights.txt"));
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("weights.txt: No such file or directory"), "{run:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `gamekit play connect-n`: the person against the perfect computer, which answers Connect
/// Four's first moves from the book; the person's input ending stops the game with status 1,
/// as the assignment's program does; two computers play the solved game to its end.
#[cfg(feature = "arena")]
#[test]
fn play_connect_n_against_the_perfect_computer() {
    let run = command().args(["play", "connect-n"]).write_stdin("3\nx\n9\n").output().unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{stdout}");
    assert!(stdout.starts_with("Red (red, R) against gamekit (black, B): 7 columns, 6 levels, 4 in a row wins.\n"));
    assert!(stdout.contains("Red drops a red checker in column 3.\n"), "{stdout}");
    // The book's best answer to column 3, the most central of the equals.
    assert!(stdout.contains("gamekit drops a black checker in column 4.\n"), "{stdout}");
    assert!(stdout.contains("That is not a column number.\n") && stdout.contains("There is no column 9.\n"));
    assert!(String::from_utf8_lossy(&run.stderr).contains("Red made no move"), "{run:?}");

    // The computer as Red: the person is Black.
    let run = command().args(["play", "connect-n", "--red", "computer"]).write_stdin("").output().unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(stdout.starts_with("gamekit (red, R) against Black (black, B)"), "{stdout}");
    assert!(stdout.ends_with("Black, drop a black checker in which column (1-7)? \n"), "{stdout}");

    let args = ["play", "connect-n", "--columns", "5", "--levels", "4", "--red", "computer", "--black", "computer"];
    let run = command().args(args).write_stdin("").output().unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    assert!(stdout.starts_with("Red (red, R) against Black (black, B): 5 columns, 4 levels, 4 in a row wins.\n"));
    assert!(stdout.ends_with("It's a tie.\n"), "5×4 is a draw:\n{stdout}");

    // No line of 9 fits 7 × 6: two computers fill the scaffold to a tie at once.
    let args = ["play", "connect-n", "--n", "9", "--red", "computer", "--black", "computer"];
    let run = command().args(args).write_stdin("").timeout(std::time::Duration::from_secs(20)).output().unwrap();
    assert!(String::from_utf8_lossy(&run.stdout).ends_with("It's a tie.\n"), "{run:?}");
    for size in [
        &["--columns", "9", "--levels", "9"][..],
        &["--columns", "4611686018427387904", "--levels", "3"],
        &["--n", "0"],
    ] {
        let run = gamekit(&[&["play", "connect-n"][..], size].concat());
        assert_eq!(run.status.code(), Some(2), "{size:?}");
        assert!(!run.stderr.is_empty(), "{size:?} must say why");
    }
}

#[test]
fn solve_refuses_bad_positions_with_status_2() {
    for args in [
        &["solve", "connect-n", "--moves", "8"][..],
        &["solve", "connect-n", "--moves", "1111111"],
        &["solve", "connect-n", "--columns", "9", "--levels", "9"],
        &["solve", "connect-n", "--moves", "1212121"],
    ] {
        let run = gamekit(args);
        assert_eq!(run.status.code(), Some(2), "gamekit {}", args.join(" "));
        assert!(!run.stderr.is_empty(), "gamekit {} must say why", args.join(" "));
    }
}

#[test]
fn perft_othello_prints_the_count() {
    // `reversi` is the old name of the same game.
    for game in ["othello", "reversi"] {
        let run = gamekit(&["perft", game, "--depth", "5"]);
        assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
        assert_eq!(String::from_utf8_lossy(&run.stdout), "1396\n");
    }
    assert_eq!(gamekit(&["perft", "othello", "--depth", "-1"]).status.code(), Some(2));
    assert_eq!(gamekit(&["perft", "chess", "--depth", "1"]).status.code(), Some(2));
}

#[test]
fn solve_othello_prints_the_score_and_a_best_move() {
    // FFO #1: 14 empties, G8 wins by 18.
    let board = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--";
    let run = gamekit(&["solve", "othello", "--board", board, "--to-move", "X"]);
    assert_eq!(run.status.code(), Some(0), "{}", String::from_utf8_lossy(&run.stderr));
    assert_eq!(String::from_utf8_lossy(&run.stdout), "score: +18\nbest move: g8\n");
    for bad in [["--board", "XO", "--to-move", "X"], ["--board", board, "--to-move", "B"]] {
        let run = gamekit(&[&["solve", "othello"][..], &bad[..]].concat());
        assert_eq!(run.status.code(), Some(2));
        assert!(run.stdout.is_empty());
    }
}

#[test]
fn solve_othello_says_when_the_player_must_pass_or_the_game_is_over() {
    let full = "X".repeat(64);
    let run = gamekit(&["solve", "othello", "--board", &full, "--to-move", "O"]);
    assert_eq!(String::from_utf8_lossy(&run.stdout), "score: -64\nbest move: none (the game is over)\n");
    // X on a1, O on b1: O cannot move, X takes c1 and every disc.
    let pass = format!("XO{}", "-".repeat(62));
    let run = gamekit(&["solve", "othello", "--board", &pass, "--to-move", "O"]);
    assert_eq!(String::from_utf8_lossy(&run.stdout), "score: -64\nbest move: pass\n");
}

#[test]
fn bench_checks_the_answers_it_times() {
    let run = gamekit(&["bench", "connect-four", "--set", "end-easy", "--set", "middle-easy", "--limit", "3"]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&run.stderr));
    let rows: Vec<&str> = stdout.lines().collect();
    assert_eq!(rows.len(), 3, "a header and a row per set:\n{stdout}");
    assert!(
        rows[1].starts_with("Test_L3_R1   end-easy") && rows[2].starts_with("Test_L2_R1   middle-easy"),
        "{stdout}"
    );
    assert!(rows[1..].iter().all(|row| row.split_whitespace().nth(2) == Some("3")), "three positions each:\n{stdout}");

    // A slice: the last two of end-easy's 1,000; past its end, nothing to solve (status 2).
    let run = gamekit(&["bench", "connect-four", "--set", "end-easy", "--skip", "998", "--limit", "3"]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&run.stderr));
    assert_eq!(stdout.lines().nth(1).and_then(|row| row.split_whitespace().nth(2)), Some("2"), "{stdout}");
    let run = gamekit(&["bench", "connect-four", "--set", "end-easy", "--skip", "1000"]);
    assert_eq!(run.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&run.stderr).contains("has no positions to solve"));

    let run = gamekit(&["bench", "othello", "--depth", "4", "--last", "39"]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&run.stderr));
    let counts: Vec<&str> = stdout.lines().skip(1).filter_map(|row| row.split_whitespace().nth(1)).collect();
    assert_eq!(counts, ["1", "4", "12", "56", "244"], "perft from the start:\n{stdout}");
}

/// The six standard sets are the default; the empty board's set (minutes) is solved only when
/// it is asked for, from its own file.
#[test]
fn bench_solves_the_empty_boards_set_only_when_asked() {
    let data = std::env::temp_dir().join(format!("gamekit-empty-set-{}", std::process::id()));
    std::fs::create_dir_all(data.join("connect4")).expect("a temporary directory");
    // Every set's file holds the same quick position (the empty board's too, here).
    let quick = "2252576253462244111563365343671351441 -1\n";
    let files = ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"];
    for file in files {
        std::fs::write(data.join("connect4").join(file), quick).expect("a set's file");
    }
    let data_arg = data.to_string_lossy().into_owned();
    let bench = |args: &[&str]| gamekit(&[&["bench", "connect-four", "--data", &data_arg], args].concat());

    let run = bench(&[]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&run.stderr));
    let rows: Vec<&str> = stdout.lines().skip(1).collect();
    assert_eq!(rows.len(), 6, "the six standard sets, no empty board:\n{stdout}");
    assert!(rows.iter().zip(files).all(|(row, file)| row.starts_with(file)), "{stdout}");

    let run = bench(&["--set", "empty-board"]);
    assert_eq!(run.status.code(), Some(2), "its file is missing");
    assert!(String::from_utf8_lossy(&run.stderr).contains("Empty_board"));
    std::fs::write(data.join("connect4/Empty_board"), quick).expect("the empty board's file");
    let run = bench(&["--set", "empty-board"]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&run.stderr));
    assert!(stdout.lines().nth(1).is_some_and(|row| row.starts_with("Empty_board  empty-board")), "{stdout}");
    let _ = std::fs::remove_dir_all(data);
}

/// `--versus` times another solver that reads positions as the tutorial's does, and checks its
/// answers as it checks the engine's: a wrong one is status 1, a program that cannot run 2.
#[test]
fn bench_versus_times_another_solver_and_checks_its_answers() {
    let folder = std::env::temp_dir().join(format!("gamekit-versus-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a temporary directory");
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/connect4");
    // A "solver" that looks each position up in the published answers, and one that answers
    // 0 to everything.
    let solver = |name: &str, body: String| {
        let path = folder.join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).expect("a script");
        std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755)).expect("executable");
        path
    };
    let published = fixtures.join("Test_L3_R1");
    let lookup = solver("lookup", format!("while read -r moves; do grep \"^$moves \" '{}'; done", published.display()));
    let zero = solver("zero", "while read -r moves; do echo \"$moves 0\"; done".to_owned());
    let clearing = solver("clearing", "while read -r moves; do printf '%s \\033[2J\\n' \"$moves\"; done".to_owned());
    let versus = |program: &std::path::Path| {
        let program = program.to_string_lossy().into_owned();
        gamekit(&["bench", "connect-four", "--set", "end-easy", "--limit", "3", "--versus", &program])
    };

    let run = versus(&lookup);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&run.stderr));
    let rows: Vec<&str> = stdout.lines().collect();
    assert!(rows[0].contains("other") && rows[0].contains("ratio") && rows[0].contains("start-up"), "{stdout}");
    assert_eq!(rows[1].split_whitespace().count(), 13, "the set, its times, the other's and the ratio:\n{stdout}");

    let run = versus(&zero);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("zero says 0, the published answer is"), "{stderr}");

    // What the other program writes reaches the terminal as text, not as a screen cleared.
    let run = versus(&clearing);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("says \\e[2J,") && !stderr.contains('\u{1b}'), "{stderr}");

    let run = versus(&folder.join("missing"));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot be started"), "{stderr}");
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn bench_grade_prints_the_medians_of_its_runs() {
    let run = gamekit(&["bench", "grade", "tictactoe", "--runs", "2"]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&run.stderr));
    let rows: Vec<&str> = stdout.lines().collect();
    assert!(rows[0].starts_with("sandbox (") && rows[1].ends_with("(medians of 2 runs)"), "{stdout}");
    let row: Vec<&str> = rows[2].split_whitespace().collect();
    assert!(
        row.len() == 4 && row[0] == "tictactoe" && row[2..].iter().all(|time| time.ends_with('s')),
        "a row: the assignment, its tests, cold and warm:\n{stdout}"
    );
}

#[test]
fn bench_exits_1_on_a_wrong_answer_and_2_without_positions() {
    let data = std::env::temp_dir().join(format!("gamekit-bench-{}", std::process::id()));
    let write = |file: &str, text: &str| {
        let path = data.join(file);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("a temporary directory");
        std::fs::write(path, text).expect("a data file");
    };
    let data_arg = data.to_string_lossy().into_owned();
    let bench = |args: &[&str]| gamekit(&[&["bench"], args, &["--data", &data_arg]].concat());

    // Connect Four: the published score of this end-easy position is -1, not 3.
    write("connect4/Test_L3_R1", "2252576253462244111563365343671351441 3\n");
    let run = bench(&["connect-four", "--set", "end-easy"]);
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr).contains("the engine says -1, the published answer is 3"));

    // Reversi: the last empty square, a1, flips b1 and makes the board black's: +64.
    let board = format!("-OX{}", "X".repeat(61));
    write("othello/perft.txt", "0 1\n");
    write("othello/fforum-40-59.obf", &format!("{board} X; A1:+64;\n"));
    let run = bench(&["reversi", "--depth", "0", "--first", "40", "--last", "40"]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&run.stderr));
    assert!(stdout.lines().any(|row| row.split_whitespace().take(4).eq(["40", "1", "+64", "a1"])), "{stdout}");
    write("othello/fforum-40-59.obf", &format!("{board} X; A1:+62;\n"));
    assert_eq!(bench(&["reversi", "--depth", "0", "--first", "40", "--last", "40"]).status.code(), Some(1));
    // #1 is the first line of the first file.
    write("othello/fforum-1-19.obf", &format!("{board} X; A1:+64;\n"));
    let run = bench(&["reversi", "--depth", "0", "--first", "1", "--last", "1"]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert_eq!(run.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&run.stderr));
    assert!(stdout.lines().any(|row| row.split_whitespace().take(4).eq(["1", "1", "+64", "a1"])), "{stdout}");

    // Nothing to measure, or nothing readable: status 2 and no numbers.
    write("connect4/Test_L2_R1", "");
    write("connect4/Test_L2_R2", "4453\n");
    for args in [
        &["connect-four", "--set", "begin-hard"][..],
        &["connect-four", "--set", "middle-easy"],
        &["connect-four", "--set", "middle-medium"],
        &["reversi", "--depth", "1"],
        &["reversi", "--depth", "0", "--first", "41", "--last", "41"],
        &["reversi", "--depth", "0", "--first", "20", "--last", "20"],
    ] {
        let run = bench(args);
        assert_eq!(run.status.code(), Some(2), "gamekit bench {}", args.join(" "));
        assert!(run.stdout.is_empty(), "gamekit bench {} must print no numbers", args.join(" "));
        assert!(!run.stderr.is_empty(), "gamekit bench {} must say why", args.join(" "));
    }
    let _ = std::fs::remove_dir_all(data);
}

/// The cluster files (docs/cluster) agree on the number of shards: Slurm's array numbers its
/// tasks 1 to N and Kubernetes' Indexed Job runs N completions, each grading one of N.
#[test]
fn the_cluster_files_grade_as_many_shards_as_they_start() {
    let read = |name: &str| {
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/cluster").join(name))
            .expect("a cluster file")
    };
    let slurm = read("grade-class.slurm");
    let array = slurm.lines().find_map(|line| line.strip_prefix("#SBATCH --array=1-")).expect("an array from 1");
    assert!(slurm.contains(&format!("grade-shard.sh reversi class graded {array}\n")), "{slurm}");
    let job = read("grade-class.yaml");
    let completions = job.lines().find_map(|line| line.trim().strip_prefix("completions: ")).expect("completions");
    assert!(job.contains("completionMode: Indexed"));
    assert!(job.contains(&format!("\"/grading/graded\", \"{completions}\"]")), "{job}");
}

/// `gamekit new` refuses a name that is not a crate's, a crate the kit has (its solution would
/// take that dependency's place) and an assignment the kit has, writing nothing; and when a
/// step fails after it began (here the kit's manifest has no `[dev-dependencies]` to register
/// the solution in), it leaves the kit as it was, its folders and files as they were.
#[test]
fn new_refuses_a_bad_name_or_one_taken_and_leaves_the_kit_as_it_was_when_a_step_fails() {
    let kit = std::env::temp_dir().join(format!("gamekit-new-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&kit);
    for folder in ["fixtures", "tests", "starter/tictactoe"] {
        std::fs::create_dir_all(kit.join(folder)).expect("the kit's folders");
    }
    let manifest = "[workspace]\nmembers = [\".\"]\n\n[package]\nname = \"gamekit\"\n";
    std::fs::write(kit.join("Cargo.toml"), manifest).expect("a manifest");
    std::fs::write(kit.join("Cargo.lock"), "[[package]]\nname = \"rand\"\n").expect("a lock file");
    let new = |name: &str| command().args(["new", name, "--kit"]).arg(&kit).output().expect("gamekit runs");
    for name in ["Nim", "2048", "nim-game", "nim/x", "_nim", "std", "crate"] {
        let run = new(name);
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(2), "{name}: {stderr}");
        assert!(stderr.contains("is not an assignment's name"), "{name}: {stderr}");
    }
    for (name, taken) in [("tictactoe", "starter/tictactoe"), ("rand", "crate rand (Cargo.lock)")] {
        let run = new(name);
        assert_eq!(run.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&run.stderr).contains(&format!("the kit has a {taken} already")), "{name}");
    }
    let run = new("nim");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("Cargo.toml: no [dev-dependencies]"), "{stderr}");
    assert_eq!(std::fs::read_to_string(kit.join("Cargo.toml")).expect("the manifest"), manifest, "put back");
    let mut left: Vec<String> = Vec::new();
    for entry in std::fs::read_dir(&kit).expect("the kit").flatten() {
        left.push(entry.file_name().to_string_lossy().into_owned());
    }
    left.sort();
    assert_eq!(left, ["Cargo.lock", "Cargo.toml", "fixtures", "starter", "tests"], "the kit as it was");
    let starter: Vec<_> = std::fs::read_dir(kit.join("starter")).expect("starter/").flatten().collect();
    assert_eq!(starter.len(), 1, "starter/ holds tictactoe alone");
    std::fs::remove_dir_all(&kit).expect("the fake kit removed");
}
