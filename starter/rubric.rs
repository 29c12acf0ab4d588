//! `cargo rubric`: the public tests, then what they add up to in the grader's groups.
//!
//! `cargo test` cannot end with such a summary: Rust's test runner has no hook at its end, and
//! each test file is a program of its own. So `cargo rubric` (an alias in `.cargo/config.toml`)
//! runs each public test file as `cargo test --test <file>` does (every one, whatever fails),
//! shows its output as it comes, runs the tests one at a time and times each against the limit
//! the grader gives it (stopping it there, as the grader does), and ends with every group of
//! the rubric (`tests/rubric.txt`, written from your instructor's rubric with the handout):
//! how many of its public cases pass, what a group whose cases are all public would score,
//! and whether the graded suite runs more than these there. Arguments go to the tests, as after `cargo test --`: `cargo rubric
//! valid_move` runs the cases whose names contain `valid_move`.
//!
//! (The kit keeps this one file for every handout. It uses only Rust's standard library.)

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo rubric -- ARGS`, as one would write for `cargo test`: the alias has its `--`.
    if args.first().is_some_and(|first| first == "--") {
        args.remove(0);
    }
    let unreadable = ["-q", "--quiet", "--nocapture", "--no-capture", "--list", "--exact-name", "--help", "-h"];
    if let Some(arg) = args.iter().find(|arg| unreadable.contains(&arg.as_str()) || arg.starts_with("--format")) {
        tell(&format!(
            "cargo rubric: with {arg} the tests' output does not say which test passed, which the summary needs; \
             use cargo test -- {arg}"
        ));
        return ExitCode::from(2);
    }
    let dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").into()));
    let path = dir.join("tests").join("rubric.txt");
    let rubric = match std::fs::read_to_string(&path) {
        Ok(text) => Rubric::parse(&text),
        Err(error) => {
            tell(&format!("cargo rubric: cannot read {}: {error} (it comes with the handout)", path.display()));
            return ExitCode::from(2);
        }
    };
    let (mut outcomes, mut troubles) = (Vec::new(), Vec::new());
    let mut all_passed = true;
    for file in rubric.files() {
        let ran = run(&dir, &file, &args, &rubric);
        all_passed &= ran.passed;
        if let Some(trouble) = ran.trouble {
            troubles.push((file, trouble));
        }
        outcomes.extend(ran.outcomes);
    }
    say(&rubric.summary(&outcomes, &troubles, selects(&args)));
    if all_passed { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// Writes `text` to the standard output, as `print!` would but never panicking: a reader
/// that stops reading (`cargo rubric | head`) ends nothing here.
fn say(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush());
}

/// A line to the standard error, as [`say`] writes to the standard output.
fn tell(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Whether the test runner's `args` leave some tests out: a name to match or to skip (an
/// argument of its own, not an option's value), or the ignored tests alone.
fn selects(args: &[String]) -> bool {
    let mut previous = "";
    args.iter().any(|arg| {
        let name = !arg.starts_with('-') && !TAKES_A_VALUE.contains(&previous);
        previous = arg;
        name || arg == "--skip" || arg.starts_with("--skip=") || arg == "--ignored"
    })
}

/// The test runner's options that take a value as the next argument.
const TAKES_A_VALUE: [&str; 6] = ["--test-threads", "--color", "--logfile", "--shuffle-seed", "--skip", "-Z"];

/// `args` without the names of tests to run (an argument of its own, not an option's value).
fn without_names(args: &[String]) -> Vec<String> {
    let mut previous = "";
    let options = args.iter().filter(|arg| {
        let option = arg.starts_with('-') || TAKES_A_VALUE.contains(&previous);
        previous = arg;
        option
    });
    options.cloned().collect()
}

/// One group of the rubric, as `tests/rubric.txt` gives it.
struct Group {
    prefix: String,
    points: f64,
    /// The public test file whose tests are this group's cases (`all`) or some of them
    /// (`some`: the transcripts), or none.
    cases: Cases,
    /// The groups it waits on, as indices (the rubric's `requires`, resolved by the kit).
    waits_on: Vec<usize>,
}

enum Cases {
    All(String),
    Some(String),
    None,
}

/// What became of one public test.
struct Outcome {
    /// Its name in the graded suite: `<file>::<name in the file>`.
    name: String,
    file: String,
    /// Whether it passed in time: a test over its limit failed, as in the grader.
    passed: bool,
    /// Whether it went over its limit (and was stopped there, or passed too late).
    too_slow: bool,
    /// Its seconds and its limit, when it was timed and has one.
    time: Option<(f64, Limit)>,
}

/// The grader's limit for a public test, as `tests/rubric.txt` gives it.
#[derive(Clone, Copy)]
struct Limit {
    /// The seconds the grader gives it: ten times the reference's (at least 2 s, at most the
    /// rubric's `timeout`), or its group's own.
    seconds: f64,
    /// The reference solution's seconds on it, in the grader.
    reference: f64,
}

impl Limit {
    /// The seconds the test may take here: the grader's limit less its own share of the
    /// test's time (it calls the code under test from another process), about the
    /// reference's time; never less than half the limit, should a reference's time written
    /// in `tests/rubric.txt` come near it.
    fn here(self) -> f64 {
        (self.seconds - self.reference).max(self.seconds / 2.0)
    }
}

struct Rubric {
    groups: Vec<Group>,
    /// Each public test's limit, by its name in the graded suite.
    limits: Vec<(String, Limit)>,
}

impl Rubric {
    /// Reads `tests/rubric.txt`: a group a line, its fields separated by tabs (prefix,
    /// points, `all:<file>`, `some:<file>` or `none`, then the numbers of the groups it waits
    /// on, from 1), `#`
    /// starting a comment line.
    /// Then the public tests' limits: `limit`, the test's name, the grader's seconds and the
    /// reference's.
    fn parse(text: &str) -> Rubric {
        let lines = text.lines().filter(|line| !line.trim().is_empty() && !line.starts_with('#'));
        let (limits, groups): (Vec<&str>, Vec<&str>) = lines.partition(|line| line.starts_with("limit\t"));
        let limits = limits
            .iter()
            .filter_map(|line| {
                let [_, name, seconds, reference] = line.split('\t').collect::<Vec<_>>()[..] else { return None };
                let limit = Limit { seconds: seconds.trim().parse().ok()?, reference: reference.trim().parse().ok()? };
                Some((name.to_owned(), limit))
            })
            .collect();
        let groups = groups
            .iter()
            .map(|line| {
                let mut fields = line.split('\t');
                let mut next = || fields.next().unwrap_or_default().trim().to_owned();
                let (prefix, points, cases) = (next(), next().parse().unwrap_or(0.0), next());
                let cases = match cases.split_once(':') {
                    Some(("all", file)) => Cases::All(file.to_owned()),
                    Some(("some", file)) => Cases::Some(file.to_owned()),
                    _ => Cases::None,
                };
                let numbers = next();
                let waits_on =
                    numbers.split_whitespace().filter_map(|number| number.parse::<usize>().ok()?.checked_sub(1));
                Group { prefix, points, cases, waits_on: waits_on.collect() }
            })
            .collect();
        Rubric { groups, limits }
    }

    fn limit_of(&self, name: &str) -> Option<Limit> {
        self.limits.iter().find(|(test, _)| test == name).map(|&(_, limit)| limit)
    }

    /// Whether `outcome` is one of the handout's public cases, not a test of the student's own
    /// added to its file: it has a limit (the grader ran it on the reference solution when the
    /// handout was written), or its file none (the transcripts' tests, named for their cases,
    /// are counted by their file).
    fn is_public(&self, outcome: &Outcome) -> bool {
        let file = format!("{}::", outcome.file);
        self.limit_of(&outcome.name).is_some() || !self.limits.iter().any(|(name, _)| name.starts_with(&file))
    }

    /// The public test files, each once, in the order of the groups.
    fn files(&self) -> Vec<String> {
        let mut files: Vec<String> = Vec::new();
        for group in &self.groups {
            if let Cases::All(file) | Cases::Some(file) = &group.cases
                && !files.contains(file)
            {
                files.push(file.clone());
            }
        }
        files
    }

    /// Whether `outcome` is one of the cases of group `index`: the first group whose prefix
    /// starts its name, as the grader counts it; a test no prefix names (a public transcript)
    /// counts in every group that holds some of its file's cases.
    fn counts_in(&self, outcome: &Outcome, index: usize) -> bool {
        match self.groups.iter().position(|group| outcome.name.starts_with(&group.prefix)) {
            Some(first) => first == index,
            None => matches!(&self.groups[index].cases, Cases::Some(file) if *file == outcome.file),
        }
    }

    /// The table that ends `cargo rubric`: a row per group, then what they add up to.
    fn summary(&self, all: &[Outcome], troubles: &[(String, &str)], selected: bool) -> String {
        let outcomes: Vec<&Outcome> = all.iter().filter(|outcome| self.is_public(outcome)).collect();
        let outcomes = outcomes.as_slice();
        let counts: Vec<(usize, usize)> = (0..self.groups.len())
            .map(|index| {
                let cases = outcomes.iter().filter(|outcome| self.counts_in(outcome, index));
                cases.fold((0, 0), |(passed, run), outcome| (passed + usize::from(outcome.passed), run + 1))
            })
            .collect();
        // What went wrong with the file of a group's cases, if anything.
        let trouble = |index: usize| match &self.groups[index].cases {
            Cases::All(file) | Cases::Some(file) => troubles.iter().find(|(name, _)| name == file).map(|(_, why)| *why),
            Cases::None => None,
        };
        let failing = |index: usize| counts[index].0 < counts[index].1 || trouble(index).is_some();
        // The groups it waits on that fail here.
        let waits_on = |group: &Group| -> Vec<usize> {
            group.waits_on.iter().copied().filter(|&other| other < self.groups.len() && failing(other)).collect()
        };
        // What a group whose cases are all here scores, in hundredths of a point, shared as the
        // grader shares it: equally, the hundredths left over going one each to its first cases.
        let scores = |index: usize| -> Option<u64> {
            let group = &self.groups[index];
            let (_, run) = counts[index];
            if !matches!(group.cases, Cases::All(_)) || run == 0 || selected || trouble(index).is_some() {
                return None;
            }
            let total = (group.points * 100.0).round() as u64;
            let mut cases: Vec<&Outcome> =
                outcomes.iter().copied().filter(|outcome| self.counts_in(outcome, index)).collect();
            cases.sort_by(|one, other| one.name.cmp(&other.name));
            let shares = cases.iter().enumerate().map(|(place, case)| {
                let share = total / run as u64 + u64::from((place as u64) < total % run as u64);
                if case.passed { share } else { 0 }
            });
            Some(shares.sum())
        };
        let width = self.groups.iter().map(|group| group.prefix.len()).max().unwrap_or(0);
        let mut text = format!(
            "\nThe public tests in the rubric's groups{}:\n\n  #  {:width$}  points  scores  public cases     the graded suite runs\n",
            if selected { " (only the cases your arguments select)" } else { "" },
            "group"
        );
        for (index, (group, &(passed, run))) in self.groups.iter().zip(&counts).enumerate() {
            let public = match (&group.cases, run, trouble(index)) {
                (Cases::None, _, _) => "none".to_owned(),
                (_, _, Some(why)) => why.to_owned(),
                (_, 0, None) => "not run".to_owned(),
                (_, _, None) => format!("{passed} of {run} pass"),
            };
            let suite = match group.cases {
                Cases::All(_) => "these same cases",
                Cases::Some(_) => "these and more",
                Cases::None => "other cases",
            };
            let waits: Vec<String> = waits_on(group).iter().map(|other| (other + 1).to_string()).collect();
            let waits =
                if waits.is_empty() { String::new() } else { format!("; waits on failing {}", waits.join(", ")) };
            let score = scores(index).map(hundredths).unwrap_or_default();
            let prefix = &group.prefix;
            let row = format!(
                "{:>3}  {prefix:width$}  {:>6}  {score:>6}  {public:15}  {suite}{waits}",
                index + 1,
                points(group.points)
            );
            text += row.trim_end();
            text += "\n";
        }
        let passed = outcomes.iter().filter(|outcome| outcome.passed).count();
        text += &format!("\n{passed} of {} public cases pass.", outcomes.len());
        let own = all.len() - outcomes.len();
        if own > 0 {
            let (tests, were) = if own == 1 { ("test", "was") } else { ("tests", "were") };
            text += &format!(
                "\n{own} {tests} (of your own?) {were} not in the grader's run of the reference solution when the\nhandout was written: not counted."
            );
        }
        text += &timing(outcomes);
        for (file, why) in troubles {
            text += &format!("\ntests/{file}.rs {why} (see above): its groups count as failing.");
        }
        let here: Vec<usize> = (0..self.groups.len()).filter(|&index| scores(index).is_some()).collect();
        if !here.is_empty() {
            let scored: u64 = here.iter().filter_map(|&index| scores(index)).sum();
            let held: f64 = here.iter().map(|&index| self.groups[index].points).sum();
            text += &format!(
                "\nThe groups whose cases are all here would score {} of their {} points (the scores\ncolumn); the graded suite checks the others with cases of its own.",
                hundredths(scored),
                points(held)
            );
        }
        if let Some(first) =
            (0..self.groups.len()).find(|&index| failing(index) && waits_on(&self.groups[index]).is_empty())
        {
            let prefix = &self.groups[first].prefix;
            text += &format!(
                "\nStart with group {} ({prefix}): it fails here, and waits on no group that fails.\nThe grader explains a group's failures once the groups it waits on pass;\nits passing cases count meanwhile.",
                first + 1
            );
        }
        text + "\n"
    }
}

/// What the times say: the tests that passed too slowly, or the one nearest its limit.
fn timing(outcomes: &[&Outcome]) -> String {
    let slow = outcomes.iter().filter(|outcome| outcome.too_slow).count();
    if slow > 0 {
        let (them, count) = if slow == 1 { ("it", "counts") } else { ("they", "count") };
        return format!("\n{slow} took longer than the grader allows (see above): {them} {count} as failing.");
    }
    let share = |outcome: &&Outcome| outcome.time.map_or(0.0, |(seconds, limit)| seconds / limit.here());
    let nearest = outcomes
        .iter()
        .filter(|outcome| outcome.time.is_some())
        .max_by(|one, other| share(one).total_cmp(&share(other)));
    match nearest.and_then(|outcome| Some((outcome, outcome.time?))) {
        Some((outcome, (seconds, limit))) => format!(
            "\nThe public case nearest its time limit took {seconds:.2} s of the {:.2} s it may take here:\n{}.",
            limit.here(),
            outcome.name
        ),
        None => String::new(),
    }
}

/// Points as the grader writes them: at most two decimals, none when whole.
fn points(points: f64) -> String {
    hundredths((points * 100.0).round() as u64)
}

/// Hundredths of a point, written as [`points`] writes points.
fn hundredths(hundredths: u64) -> String {
    let text = format!("{}.{:02}", hundredths / 100, hundredths % 100);
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// What became of a public test file.
struct Ran {
    /// Whether Cargo said all went well.
    passed: bool,
    /// The outcome of each test that said it.
    outcomes: Vec<Outcome>,
    /// The tests the runner said it ignored (`#[ignore]`), by their names in the file.
    ignored: Vec<String>,
    /// Why its tests did not all say (Cargo and libtest have said more above): it `did not
    /// run` (it did not build, or an argument was refused), or it `stopped early` (a test
    /// ended the whole program: a stack overflow, an abort, `process::exit`).
    trouble: Option<&'static str>,
}

/// Runs the public test file `file` as `cargo test --test <file> -- <args>` does: Cargo builds
/// it, then its program runs here, its output shown as it comes. One test at a time (unless
/// `args` say how many), so that each is timed against its limit in `rubric`: with one thread,
/// the test runner writes `test <name> ... ` as a test starts and its verdict as it ends. A
/// test still running past its limit is stopped, as the grader stops it, and the program runs
/// again for the tests after it; so it does after a test that ended it (a crash), which fails.
fn run(dir: &Path, file: &str, args: &[String], rubric: &Rubric) -> Ran {
    let mut ran = Ran { passed: false, outcomes: Vec::new(), ignored: Vec::new(), trouble: Some("did not run") };
    let Some(program) = build(dir, file) else { return ran };
    tell(&format!("     Running tests/{file}.rs ({})", program.strip_prefix(dir).unwrap_or(&program).display()));
    let threads = threads(args);
    let timed = threads.is_none_or(|threads| threads.parse() == Ok(1));
    if !timed {
        tell("cargo rubric: with more than one thread the tests are not timed against the grader's limits");
    }
    let mut arguments = args.to_vec();
    loop {
        let mut command = Command::new(&program);
        // Output the runner does not capture would land on a test's verdict line.
        command.current_dir(dir).args(&arguments).env_remove("RUST_TEST_NOCAPTURE");
        if std::io::stdout().is_terminal() && !args.iter().any(|arg| arg.starts_with("--color")) {
            command.arg("--color=always");
        }
        if threads.is_none() {
            command.arg("--test-threads=1");
        }
        match watch(command, file, rubric, timed, &mut ran) {
            Watched::Stopped => {}
            Watched::Ended(passed) => {
                ran.passed = passed;
                break;
            }
            Watched::NotRun => break,
        }
        // Again for the tests the stopped one kept from running: by their whole names.
        let done = |name: &String| {
            ran.ignored.contains(name)
                || ran.outcomes.iter().any(|outcome| outcome.file == file && outcome.name == format!("{file}::{name}"))
        };
        let left: Vec<String> = list(dir, &program, args).into_iter().filter(|name| !done(name)).collect();
        if left.is_empty() {
            ran.trouble = None;
            break;
        }
        arguments = without_names(args);
        if !arguments.iter().any(|arg| arg == "--exact") {
            arguments.push("--exact".into());
        }
        arguments.extend(left);
    }
    ran.passed &= ran.trouble.is_none() && ran.outcomes.iter().all(|outcome| outcome.passed);
    ran
}

/// The number of threads `args` ask the test runner for, if they do.
fn threads(args: &[String]) -> Option<&str> {
    let at = args.iter().position(|arg| arg.starts_with("--test-threads"))?;
    match args[at].strip_prefix("--test-threads=") {
        Some(threads) => Some(threads),
        None => args.get(at + 1).map(String::as_str),
    }
}

/// A test's name as the runner announces it, without what it adds after a test that must
/// panic (`name - should panic`).
fn test_name(announced: &str) -> &str {
    announced.strip_suffix(" - should panic").unwrap_or(announced)
}

/// The names of the tests that the test program `program` runs with `args`.
fn list(dir: &Path, program: &Path, args: &[String]) -> Vec<String> {
    let listed = Command::new(program).current_dir(dir).args(args).arg("--list").stderr(Stdio::inherit()).output();
    let listed = listed.map(|listed| String::from_utf8_lossy(&listed.stdout).into_owned()).unwrap_or_default();
    listed.lines().filter_map(|line| line.strip_suffix(": test")).map(str::to_owned).collect()
}

/// Builds the test file `file` as `cargo test` would, Cargo's messages shown, and returns its
/// program (from Cargo's messages for programs, a JSON object a line).
fn build(dir: &Path, file: &str) -> Option<PathBuf> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command.current_dir(dir).args(["test", "--no-run", "--test", file, "--message-format=json-render-diagnostics"]);
    let built = match command.stderr(Stdio::inherit()).output() {
        Ok(built) => built,
        Err(error) => {
            tell(&format!("cargo rubric: cannot run cargo test: {error}"));
            return None;
        }
    };
    let messages = String::from_utf8_lossy(&built.stdout);
    let test = format!("\"kind\":[\"test\"],\"crate_types\":[\"bin\"],\"name\":\"{file}\"");
    let artifact =
        messages.lines().find(|line| line.contains("\"reason\":\"compiler-artifact\"") && line.contains(&test))?;
    let (_, rest) = artifact.split_once("\"executable\":\"")?;
    // The path, a JSON string: up to its first quote that no backslash escapes.
    let (mut path, mut escaped) = (String::new(), false);
    for character in rest.chars() {
        match (escaped, character) {
            (false, '"') => break,
            (false, '\\') => escaped = true,
            (_, character) => (path.push(character), escaped = false).1,
        }
    }
    built.status.success().then(|| PathBuf::from(path))
}

/// How a run of a test program ended.
enum Watched {
    /// It could not start.
    NotRun,
    /// A test went past its limit, and was stopped; or it ended the program (a stack
    /// overflow, an abort, `process::exit`). The tests after it are still to run.
    Stopped,
    /// It ended by itself: whether it said all went well.
    Ended(bool),
}

/// Runs `command`, a test program of `file`, its output shown as it comes and its outcomes
/// added to `ran`; stops it when the test it runs goes past its limit (when `timed`).
fn watch(mut command: Command, file: &str, rubric: &Rubric, timed: bool, ran: &mut Ran) -> Watched {
    let mut child = match command.stdout(Stdio::piped()).spawn() {
        Ok(child) => child,
        Err(error) => {
            tell(&format!("cargo rubric: cannot run tests/{file}.rs: {error}"));
            return Watched::NotRun;
        }
    };
    let (sender, chunks) = std::sync::mpsc::channel();
    let mut output = child.stdout.take().expect("piped");
    std::thread::spawn(move || {
        let mut chunk = [0; 8192];
        while let Ok(read @ 1..) = output.read(&mut chunk) {
            if sender.send(chunk[..read].to_vec()).is_err() {
                break;
            }
        }
    });
    let (mut line, mut listing) = (Vec::new(), false);
    // The test running, its name as the runner announced it, and since when.
    let mut running: Option<(String, Instant)> = None;
    loop {
        match chunks.recv_timeout(Duration::from_millis(50)) {
            Ok(chunk) => {
                let mut stdout = std::io::stdout().lock();
                let _ = stdout.write_all(&chunk).and_then(|()| stdout.flush());
                for &byte in &chunk {
                    if byte != b'\n' {
                        line.push(byte);
                        continue;
                    }
                    let mut plain = without_colors(&String::from_utf8_lossy(&line));
                    line.clear();
                    // A test's own output past the runner's capture (written to the standard
                    // output itself, not with `println!`) comes between its announcement and
                    // its verdict: until the verdict, on a line of its own, it still runs.
                    if let Some((announced, _)) = &running
                        && is_verdict(&plain)
                    {
                        plain = format!("test {announced} ... {plain}");
                    }
                    if let Some((announced, rest)) =
                        plain.strip_prefix("test ").and_then(|rest| rest.split_once(" ... "))
                        && listing
                        && !is_verdict(rest)
                    {
                        running = running.or_else(|| Some((announced.to_owned(), Instant::now())));
                        continue;
                    }
                    if running.is_some() && !plain.starts_with("test ") {
                        continue;
                    }
                    // Timed, the runner announces a test as it starts: one not seen announced
                    // took no time.
                    let started = timed.then(|| running.take().map_or_else(Instant::now, |(_, started)| started));
                    listing = read_line(&plain, file, rubric, listing, started, ran);
                }
                let plain = without_colors(&String::from_utf8_lossy(&line));
                if let Some(name) = plain.strip_prefix("test ").and_then(|rest| rest.strip_suffix(" ... "))
                    && listing
                    && running.is_none()
                {
                    running = Some((name.to_owned(), Instant::now()));
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        }
        // Looked at after every chunk too: a test that never stops printing is stopped all
        // the same.
        let Some((announced, started)) = &running else { continue };
        let name = format!("{file}::{}", test_name(announced));
        let Some(limit) = rubric.limit_of(&name).filter(|_| timed) else { continue };
        let seconds = started.elapsed().as_secs_f64();
        if seconds > limit.here() {
            stop(&mut child);
            say(&format!("stopped\n{}\n", too_slow_line(seconds, limit)));
            let time = Some((seconds, limit));
            ran.outcomes.push(Outcome { name, file: file.to_owned(), passed: false, too_slow: true, time });
            return Watched::Stopped;
        }
    }
    let passed = child.wait().is_ok_and(|status| status.success());
    // The program ended before its summary, in the test it was running: that test fails.
    if let Some((announced, _)) = running.filter(|_| timed && ran.trouble.is_some()) {
        say("\n    it ended the test program (see above): it counts as failing\n");
        let name = format!("{file}::{}", test_name(&announced));
        ran.outcomes.push(Outcome { name, file: file.to_owned(), passed: false, too_slow: false, time: None });
        return Watched::Stopped;
    }
    Watched::Ended(passed)
}

/// Whether `text`, what the runner wrote after a test's name, is its verdict.
fn is_verdict(text: &str) -> bool {
    text == "ok" || text == "FAILED" || text.starts_with("ignored")
}

/// Ends the test program `child` and every process it started and left running: a test
/// of the program runs it as a process of its own, which a loop keeps running after its
/// test is stopped. (With the system's own commands: Rust's library has none for this.)
fn stop(child: &mut std::process::Child) {
    #[cfg(unix)]
    {
        /// Pauses `pid`, then each process it started, and theirs, so that none starts
        /// another meanwhile: all of them but `pid`.
        fn paused(pid: &str) -> Vec<String> {
            let _ = Command::new("kill").args(["-s", "STOP", pid]).stderr(Stdio::null()).status();
            let Ok(listed) = Command::new("pgrep").args(["-P", pid]).stderr(Stdio::null()).output() else {
                tell("cargo rubric: without pgrep, the processes a stopped test started may still run");
                return Vec::new();
            };
            let children = String::from_utf8_lossy(&listed.stdout).into_owned();
            let children = children.lines().map(str::trim).filter(|line| line.parse::<u32>().is_ok());
            children.flat_map(|child| std::iter::once(child.to_owned()).chain(paused(child))).collect()
        }
        let started = paused(&child.id().to_string());
        if !started.is_empty() {
            let _ = Command::new("kill").args(["-s", "KILL"]).args(&started).stderr(Stdio::null()).status();
        }
    }
    #[cfg(windows)]
    let _ = Command::new("taskkill").args(["/T", "/F", "/PID", &child.id().to_string()]).output();
    let _ = child.kill();
    let _ = child.wait();
}

/// Reads one line the test runner wrote (`plain`, without colours), timed from `started`
/// when tests are timed: the outcome it gives is added to `ran`. Returns whether the runner
/// is listing its tests' verdicts after it.
fn read_line(plain: &str, file: &str, rubric: &Rubric, listing: bool, started: Option<Instant>, ran: &mut Ran) -> bool {
    let count = plain.strip_prefix("running ").and_then(|rest| rest.split_once(' '));
    if count.is_some_and(|(count, tests)| count.parse::<usize>().is_ok() && tests.starts_with("test")) {
        ran.trouble = Some("stopped early");
        return true;
    }
    if plain.starts_with("test result: ") {
        ran.trouble = None;
        return false;
    }
    if plain == "failures:" || plain == "successes:" {
        return false;
    }
    let Some((name, verdict)) = plain.strip_prefix("test ").and_then(|rest| rest.rsplit_once(" ... ")) else {
        return listing;
    };
    let name = test_name(name);
    if listing && verdict.starts_with("ignored") {
        ran.ignored.push(name.to_owned());
    }
    if listing && is_verdict(verdict) && !verdict.starts_with("ignored") {
        let name = format!("{file}::{name}");
        let time = started.map(|started| started.elapsed().as_secs_f64()).zip(rubric.limit_of(&name));
        let too_slow = verdict == "ok" && time.is_some_and(|(seconds, limit)| seconds > limit.here());
        if let Some((seconds, limit)) = time.filter(|_| too_slow) {
            say(&format!("{}\n", too_slow_line(seconds, limit)));
        }
        ran.outcomes.push(Outcome {
            name,
            file: file.to_owned(),
            passed: verdict == "ok" && !too_slow,
            too_slow,
            time,
        });
    }
    listing
}

/// What `cargo rubric` says under a test over its limit.
fn too_slow_line(seconds: f64, limit: Limit) -> String {
    format!(
        "    too slow for the grader: {seconds:.2} s here, over the {:.2} s it may take. The grader gives it\n    \
         {:.2} s on your instructor's machine, where the reference solution took {:.2} s (its\n    \
         limit is ten times that, at least 2 s), about {:.2} s of them its own work. It counts as failing.",
        limit.here(),
        limit.seconds,
        limit.reference,
        limit.reference
    )
}

/// `line` without the terminal's color codes (`ESC [ … m`).
fn without_colors(line: &str) -> String {
    let mut plain = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(start) = rest.find('\u{1b}') {
        plain += &rest[..start];
        rest = rest[start..].find('m').map_or("", |end| &rest[start + end + 1..]);
    }
    plain + rest
}
