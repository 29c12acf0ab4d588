//! The documents (README.md and docs/*.md) say what is true: every command in their ```sh
//! blocks works as written, and every file or directory they name is in the repository.
//!
//! A command is a line of a ```sh block without its trailing `# comment`; it runs with
//! `bash -c` from the kit's root (a leading `cd DIR && ` moves to DIR, as it says), with an
//! empty input and a time limit, and must succeed, or end as its document says ([`OUTCOMES`]).
//! The few commands not run are in [`NOT_RUN`], each with its reason. A name is what a
//! document writes in backticks, in a link, or first on a line of a plain code block (the
//! Layout) that looks like a path; `<placeholder>` stands for any one name.

use assert_cmd::Command;
use predicates::prelude::*;
use std::collections::BTreeSet;
use std::path::Path;
use std::time::{Duration, Instant};

const KIT: &str = env!("CARGO_MANIFEST_DIR");

/// The README's set-up build, which every `./target/release/gamekit` command needs: run first.
const BUILD: &str = "cargo build --release --locked";

/// The commands that are not run, and why.
const NOT_RUN: &[(&str, &str)] = &[
    ("cargo install --path . --locked", "it installs into ~/.cargo/bin: a release build of its own, minutes"),
    ("sudo apt-get install bubblewrap", "it needs root and the network"),
    ("rustup toolchain install nightly --profile minimal --component miri", "it needs the network"),
    (
        "cargo +nightly miri test --package gamekit-probe --test objects --test lender",
        "tests/miri.rs runs it, where a nightly Miri is installed",
    ),
    ("cargo test --workspace", "the quick tier: every test this one runs beside (minutes)"),
    (
        "cargo test --workspace -- --include-ignored",
        "it runs this very check, and every other (the full tier, what CI runs)",
    ),
    (
        "GAMEKIT_ASSIGNMENT=connect_n cargo test --test kit a_planted_bug_loses -- --include-ignored",
        "the full tier runs this check for every assignment (minutes)",
    ),
    ("./target/release/gamekit bench batch reversi --size 20", "a benchmark: a class of 20 graded, minutes"),
    ("cargo run --release -- bench connect-four", "a benchmark: minutes (1,000 begin-medium positions alone)"),
    ("cargo run --release -- bench connect-four --set begin-medium --limit 200", "a benchmark: 200 positions"),
    ("cargo bench --bench connect_four", "the same benchmark as `gamekit bench connect-four`: minutes"),
    ("benches/tutorial-solver.sh", "it clones the tutorial's solver from GitHub: the network"),
    (
        "cargo run --release -- bench connect-four --versus target/tutorial-solver/c4solver",
        "a benchmark of two solvers in turn, with the tutorial's built: minutes",
    ),
    (
        "cargo run --release -- bench connect-four --set begin-hard --skip 100 --limit 100 --versus target/tutorial-solver/c4solver",
        "100 begin-hard positions solved by two solvers in turn, with the tutorial's built: twenty minutes",
    ),
    (
        "cargo run --release -- bench connect-four --set empty-board --versus target/tutorial-solver/c4solver",
        "the empty board solved by two solvers in turn, with the tutorial's built: ten minutes",
    ),
    (
        "cargo run --release -- book connect-n --plies 5 --out book.txt",
        "it builds the opening book again: hours; the book's own tests check the one that ships",
    ),
    (
        "cargo run --release -- learn othello --out crates/engines/evaluations/othello.txt",
        "it learns the weights that ship again: nine minutes on two cores; tests/cli.rs learns from 12 games on one thread and two",
    ),
    (
        "cargo bench -p gamekit-similarity",
        "a benchmark, half a minute with its build; crates/similarity/tests/copydetect.rs compares the same class",
    ),
    (
        "cargo bench --bench smart_player",
        "a benchmark: 50 Connect Four moves of up to a second, after its own optimised build",
    ),
    ("cargo run --release -- tournament reversi_players --plies 2", "24 whole games at up to a second a move: minutes"),
    (
        "cargo mutants -p tictactoe --baseline=skip --timeout 300 -- --test tictactoe",
        "mutation testing: minutes to hours an assignment, with cargo-mutants installed",
    ),
];

/// How a command ends when that is not only success: its exit status, and text its standard
/// output and its standard error must contain (as its document says).
struct Outcome {
    command: &'static str,
    status: i32,
    stdout: &'static str,
    stderr: &'static str,
}

const fn outcome(command: &'static str, status: i32, stdout: &'static str, stderr: &'static str) -> Outcome {
    Outcome { command, status, stdout, stderr }
}

/// A starter's program panics at the first `todo!()` it calls (status 101); an interactive
/// program given no input stops with status 1 at the end of the input.
const OUTCOMES: &[Outcome] = &[
    // The student's handout (written into HANDOUTS).
    outcome("./target/release/gamekit handout reversi target/handouts/reversi", 0, "reversi: the handout is in", ""),
    outcome("cd target/handouts/reversi && cargo run -- --size 6", 101, "", "not yet implemented: play::<6>"),
    outcome("cd target/handouts/reversi && cargo test", 101, "not yet implemented", ""),
    outcome(
        "cd target/handouts/reversi && cargo rubric",
        1,
        "0 of 86 public cases pass.",
        "Running tests/functions.rs",
    ),
    // The handout panics before it prints: diff finds every line missing.
    outcome(
        "cd target/handouts/reversi && cargo run -q -- --size 6 < tests/transcripts/sample_run_1.in | diff - tests/transcripts/sample_run_1.out",
        1,
        "> Player O wins!",
        "not yet implemented",
    ),
    // Grading.
    outcome(
        "./target/release/gamekit grade tictactoe starter/tictactoe --fail-under 100 || echo \"not yet\"",
        0,
        "not yet",
        "under the 100 --fail-under asks for",
    ),
    outcome("./target/release/gamekit grade reversi target/handouts/reversi", 0, "reversi: 0 out of 100 points\n", ""),
    outcome(
        "./target/release/gamekit grade reversi target/handouts/reversi --only functions::valid_move_flips::",
        0,
        "reversi: 0 out of 15 points\n",
        "",
    ),
    outcome("./target/release/gamekit grade tictactoe", 0, "tictactoe: 100 out of 100 points\n", ""),
    // The reference solutions' programs, from the kit's root.
    outcome(
        "cargo run -q -p reversi -- --size 6 < fixtures/reversi/sample_run_1.in | diff - fixtures/reversi/sample_run_1.out",
        0,
        "",
        "",
    ),
    outcome("cargo run -p reversi_players", 1, "Black: [H]uman or [C]omputer?", "end of input"),
    outcome(
        "cargo run --release -- play reversi_players --level strong",
        1,
        "Black: [H]uman or [C]omputer?",
        "end of input",
    ),
    outcome("cargo run --release -p connect_n", 1, "What's your name?", "end of input"),
    outcome(
        "cargo run --release -p connect_n -- --columns 7 --levels 6 --n 4 --red human --black smart",
        1,
        "Red, drop a red checker in which column (1-7)?",
        "Red made no move",
    ),
    outcome("cargo run --release -p connect_n -- --red bad --black smart --seed 3", 0, "Black wins!", ""),
    outcome("cargo run -p tictactoe -- --perfect", 1, "Welcome to the ultimate man-machine showdown", "end of input"),
    outcome("cargo run -p two_player --bin connect-four", 1, "C4 ...", "end of input"),
    outcome("cargo run -p two_player --bin stonehenge -- --depth 3", 1, "Stonehenge ...", "end of input"),
    // The engines (docs/engines.md).
    outcome("cargo run --release -- solve connect-n --moves 445532", 0, "best move: column 6", ""),
    outcome("cargo run --release -- solve connect-n", 0, "column 4: +1", "(0 positions searched"),
    outcome(
        "cargo run --release -- play connect-n",
        1,
        "Red, drop a red checker in which column (1-7)?",
        "Red made no move",
    ),
    outcome(
        "cargo run --release -- play connect-n --red computer",
        1,
        "gamekit drops a red checker in column 4.",
        "Black made no move",
    ),
    outcome(
        "cargo run --release -- solve connect-n --columns 5 --levels 4 --n 3 --moves 3,3",
        0,
        "best move: column 2",
        "",
    ),
    outcome("cargo run --release -- perft othello --depth 10", 0, "24571284", ""),
    outcome(
        "cargo run --release -- solve othello --board 'O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------' --to-move X",
        0,
        "score: +38\nbest move: a2",
        "",
    ),
];

/// Where the README writes the handouts it shows: emptied before the commands run, since
/// `gamekit handout` writes only into a new or empty folder.
const HANDOUTS: &str = "target/handouts";

/// The time a command may take (the set-up's build from nothing is the longest).
const TIME_LIMIT: Duration = Duration::from_secs(600);

/// Names the documents use that are not the repository's files, and why.
const NOT_IN_REPOSITORY: &[(&str, &str)] = &[
    ("target/", "what Cargo and the grader build"),
    (".cargo/config.toml", "a handout's or a submission's Cargo configuration, which the grader leaves out"),
    ("tests/rubric.txt", "a handout's groups for `cargo rubric`, which `gamekit handout` writes from the rubric"),
    ("results.json", "the file Gradescope reads, which the grader writes"),
    ("mutants.out/", "what cargo-mutants writes"),
    ("submissions/<id>/", "a submission's reports, which `gamekit grade --batch` writes"),
    ("report.", "a submission's report (.txt, .json), which `gamekit grade --batch` writes"),
    ("summary.txt", "the class's summary, which `gamekit grade --batch` writes"),
    ("sources/", "a submission's graded sources, which `gamekit grade --batch` keeps"),
    ("class.json", "what a batch graded, which `gamekit grade --batch` writes"),
    ("I/N", "not a path: `--shard`'s I-th of N"),
    ("graded/", "where the cluster examples' shards write, on the cluster's disk"),
    ("registry.example.edu/", "not a path: the image's name in a registry, which `docker build` tags"),
    ("setup.sh", "Gradescope's setup script, which `gamekit gradescope` writes into its zip"),
    (".github/workflows/classroom.yml", "the workflow `gamekit classroom` writes into a template"),
    ("classroom-resources/autograding-grading-reporter", "a GitHub Action, named by its repository"),
];

/// README.md, then docs/*.md, each with its path from the kit's root: in the order the
/// README first links them (a reader's order: the students' page writes the handout the
/// instructors' page grades), then the others by name.
fn documents() -> Vec<(String, String)> {
    let read =
        |name: &str| std::fs::read_to_string(Path::new(KIT).join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let readme = read("README.md");
    let mut docs: Vec<String> = std::fs::read_dir(Path::new(KIT).join("docs"))
        .expect("docs/")
        .map(|entry| entry.expect("an entry of docs/").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    docs.sort_by_key(|name| (readme.find(&format!("]({name}")).unwrap_or(usize::MAX), name.clone()));
    std::iter::once("README.md".to_owned())
        .chain(docs)
        .map(|name| {
            let text = read(&name);
            (name, text)
        })
        .collect()
}

/// A document's lines, each with the language of the fenced block it is in (`None` outside
/// any block; the fences themselves are left out).
fn lines(text: &str) -> Vec<(Option<&str>, &str)> {
    let mut block = None;
    let mut lines = Vec::new();
    for line in text.lines() {
        if let Some(info) = line.trim_start().strip_prefix("```") {
            block = if block.is_some() { None } else { Some(info.trim()) };
        } else {
            lines.push((block, line));
        }
    }
    assert!(block.is_none(), "a code block is not closed");
    lines
}

/// A line of a ```sh block without its `# comment` (a `#` at the start or after a space,
/// outside quotes), trimmed.
fn command_of(line: &str) -> &str {
    let (mut single, mut double) = (false, false);
    let mut previous = ' ';
    for (at, c) in line.char_indices() {
        match c {
            '\'' if !double => single = !single,
            '"' if !single => double = !double,
            '#' if !single && !double && previous.is_whitespace() => return line[..at].trim(),
            _ => {}
        }
        previous = c;
    }
    line.trim()
}

/// Every command of the documents, once each, in the order they come: (document, command).
fn commands() -> Vec<(String, String)> {
    let mut seen = BTreeSet::new();
    let mut commands = Vec::new();
    for (name, text) in documents() {
        for (block, line) in lines(&text) {
            // A command shown in a block of another shell's name would go unchecked.
            assert!(
                matches!(block, None | Some("" | "sh" | "text")),
                "{name}: a ```{block:?} block: commands go in sh"
            );
            if block != Some("sh") {
                continue;
            }
            assert!(!line.trim_end().ends_with('\\'), "{name}: a command continued on the next line: {line}");
            let command = command_of(line);
            if !command.is_empty() && seen.insert(command.to_owned()) {
                commands.push((name.clone(), command.to_owned()));
            }
        }
    }
    commands
}

#[test]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn every_command_of_the_documents_works_as_written() {
    let commands = commands();
    let listed: BTreeSet<&str> = commands.iter().map(|(_, command)| command.as_str()).collect();
    for command in NOT_RUN.iter().map(|(command, _)| *command).chain(OUTCOMES.iter().map(|o| o.command)) {
        assert!(listed.contains(command), "no document shows `{command}` any more: take it off this check's lists");
    }
    assert!(listed.contains(BUILD), "the README's set-up no longer shows `{BUILD}`");

    let _ = std::fs::remove_dir_all(Path::new(KIT).join(HANDOUTS));
    let started = Instant::now();
    run(BUILD);
    for (document, command) in &commands {
        if command == BUILD {
            continue;
        }
        if let Some((_, why)) = NOT_RUN.iter().find(|(skipped, _)| skipped == command) {
            eprintln!("not run ({document}): {command}: {why}");
            continue;
        }
        run(command);
    }
    eprintln!("every command: {:.1} s", started.elapsed().as_secs_f64());
}

/// Runs a command as the documents show it, and checks that it ends as they say.
fn run(command: &str) {
    let started = Instant::now();
    let assert =
        Command::new("bash").args(["-c", command]).current_dir(KIT).write_stdin("").timeout(TIME_LIMIT).assert();
    let elapsed = started.elapsed();
    assert!(elapsed < TIME_LIMIT, "`{command}` did not end within {} s", TIME_LIMIT.as_secs());
    match OUTCOMES.iter().find(|outcome| outcome.command == command) {
        Some(outcome) => {
            assert
                .code(outcome.status)
                .stdout(predicate::str::contains(outcome.stdout))
                .stderr(predicate::str::contains(outcome.stderr));
        }
        None => {
            assert.success();
        }
    }
    eprintln!("{:6.1} s  {command}", elapsed.as_secs_f64());
}

/// Whether `text` matches `pattern`, in which `<…>` stands for one or more characters other
/// than `/`, and `*` for any number of them.
fn matches(pattern: &str, text: &str) -> bool {
    let wildcard = match pattern.chars().next() {
        Some('<') => pattern.split_once('>').map(|(_, rest)| (rest, 1)),
        Some('*') => Some((&pattern[1..], 0)),
        _ => None,
    };
    match wildcard {
        Some((rest, at_least)) => {
            let ends = std::iter::once(0).chain(text.char_indices().map(|(at, c)| at + c.len_utf8()));
            ends.take_while(|&end| !text[..end].contains('/'))
                .filter(|&end| end >= at_least)
                .any(|end| matches(rest, &text[end..]))
        }
        None => match (pattern.chars().next(), text.chars().next()) {
            (None, None) => true,
            (Some(p), Some(t)) if p == t => matches(&pattern[p.len_utf8()..], &text[t.len_utf8()..]),
            _ => false,
        },
    }
}

/// Every file and directory of the repository, from the kit's root (what Cargo builds left out).
fn repository() -> Vec<String> {
    fn walk(dir: &Path, prefix: &str, paths: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let entry = entry.expect("a directory entry");
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = format!("{prefix}{name}");
            if matches!(path.as_str(), ".git" | "target" | "starter/target") {
                continue;
            }
            if entry.file_type().expect("a file type").is_dir() {
                walk(&entry.path(), &format!("{path}/"), paths);
            }
            paths.push(path);
        }
    }
    let mut paths = Vec::new();
    walk(Path::new(KIT), "", &mut paths);
    paths
}

/// Whether a name is one of the repository's paths, or the end of one (`src/provided.rs`).
fn in_repository(name: &str, repository: &[String]) -> bool {
    let name = name.trim_end_matches('/');
    repository.iter().any(|path| {
        matches(name, path) || path.char_indices().any(|(at, c)| c == '/' && matches(name, &path[at + 1..]))
    })
}

/// Whether what a document writes in backticks looks like a path: a name with a `/` or a
/// file's extension, not an option, an absolute path, a Rust path or a command.
fn looks_like_a_path(text: &str) -> bool {
    const EXTENSIONS: [&str; 12] =
        ["rs", "toml", "md", "json", "lock", "sh", "in", "out", "args", "txt", "obf", "snap"];
    let plain = !text.is_empty()
        && !text.contains(char::is_whitespace)
        && !text.starts_with(['-', '/', '~', '$'])
        && !["::", "=", "|", "://", "(", "…"].iter().any(|bad| text.contains(bad));
    let has_extension = text
        .rsplit_once('.')
        .is_some_and(|(stem, extension)| !stem.is_empty() && !stem.ends_with('/') && EXTENSIONS.contains(&extension));
    plain && (text.contains('/') || has_extension)
}

/// GitHub's anchor for a heading.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

#[test]
fn every_file_the_documents_name_is_in_the_repository() {
    let repository = repository();
    let documents = documents();
    let anchors = |document: &str| -> Vec<String> {
        let text = &documents.iter().find(|(name, _)| name == document).unwrap_or_else(|| panic!("no {document}")).1;
        lines(text)
            .into_iter()
            .filter(|(block, _)| block.is_none())
            .filter_map(|(_, line)| line.strip_prefix('#').map(|heading| anchor(heading.trim_start_matches('#'))))
            .collect()
    };
    let mut missing = Vec::new();
    let mut exempt_used = BTreeSet::new();
    for (document, text) in &documents {
        let mut names = Vec::new();
        let prose: Vec<&str> = lines(text).into_iter().filter(|(block, _)| block.is_none()).map(|(_, l)| l).collect();
        for paragraph in prose.join("\n").split("\n\n") {
            // Inline code, in pairs of backticks (a paragraph's spans may cross its lines).
            names.extend(
                paragraph.split('`').skip(1).step_by(2).filter(|span| looks_like_a_path(span)).map(str::to_owned),
            );
            // Links, relative to the document's folder, with their anchors.
            for link in paragraph.split("](").skip(1).filter_map(|rest| rest.split_once(')').map(|(link, _)| link)) {
                if link.starts_with("http") {
                    continue;
                }
                let (file, fragment) = link.split_once('#').unwrap_or((link, ""));
                let target = if file.is_empty() {
                    document.clone()
                } else {
                    let folder = Path::new(document).parent().unwrap_or(Path::new(""));
                    normalise(&folder.join(file).to_string_lossy())
                };
                if !file.is_empty() && !Path::new(KIT).join(&target).exists() {
                    missing.push(format!("{document}: a link to {link}: no {target}"));
                } else if !fragment.is_empty() && !anchors(&target).iter().any(|a| a == fragment) {
                    missing.push(format!("{document}: a link to {link}: {target} has no such heading"));
                }
            }
        }
        // The first name on each line of a plain code block (the Layout) and every name with
        // a `/` in it.
        for (block, line) in lines(text) {
            if block.is_none() || block == Some("sh") {
                continue;
            }
            for (index, word) in line.split_whitespace().enumerate() {
                let word = word.trim_start_matches('(').trim_end_matches([',', ';', ':', ')', '.']);
                let first = index == 0 && !line.starts_with(char::is_whitespace);
                if looks_like_a_path(word) && (first || word.contains('/')) {
                    names.push(word.to_owned());
                }
            }
        }
        for name in names {
            let name = name.trim_start_matches("./").trim_start_matches("../");
            if let Some((exempt, _)) = NOT_IN_REPOSITORY.iter().find(|(exempt, _)| name.starts_with(exempt)) {
                exempt_used.insert(*exempt);
            } else if !in_repository(name, &repository) {
                missing.push(format!("{document}: `{name}` is not in the repository"));
            }
        }
    }
    assert_eq!(missing, Vec::<String>::new());
    for (exempt, why) in NOT_IN_REPOSITORY {
        assert!(
            exempt_used.contains(exempt),
            "no document names {exempt} ({why}) any more: take it off this check's list"
        );
    }
}

/// A relative path without its `..` and `.` parts.
fn normalise(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            part => parts.push(part),
        }
    }
    parts.join("/")
}

#[test]
fn the_checks_own_reading_of_the_documents() {
    assert_eq!(command_of("cargo run -- grade reversi   # 100/100"), "cargo run -- grade reversi");
    assert_eq!(command_of("                  # FFO #40: score: +38"), "");
    assert_eq!(command_of("solve --board 'O#-' --to-move X # a"), "solve --board 'O#-' --to-move X");
    assert!(matches("fixtures/<assignment>/rubric.toml", "fixtures/reversi/rubric.toml"));
    assert!(!matches("fixtures/<assignment>/rubric.toml", "fixtures/reversi/x/rubric.toml"));
    assert!(matches("<case>.args", "sample_run_1.args"));
    assert!(matches("fixtures/two_player/stonehenge_*", "fixtures/two_player/stonehenge_x.in"));
    assert!(!matches("<case>.args", ".args"));
    assert!(in_repository("src/provided.rs", &["starter/reversi/src/provided.rs".to_owned()]));
    assert!(!in_repository("provided.rs", &["starter/reversi/src/not_provided.rs".to_owned()]));
    for path in ["tests/kit.rs", "starter/<assignment>/", "Cargo.toml", ".ci/run", "<case>.args"] {
        assert!(looks_like_a_path(path), "{path}");
    }
    for text in ["functions::valid_move_flips::", "--size 6", "/tmp", ".args", "gamekit grade", "X|O", "cin"] {
        assert!(!looks_like_a_path(text), "{text}");
    }
    assert_eq!(anchor(" The connect_n solution's SmartPlayer"), "the-connect_n-solutions-smartplayer");
    assert_eq!(normalise("docs/../README.md"), "README.md");
}
