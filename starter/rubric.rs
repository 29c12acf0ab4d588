//! `cargo rubric`: the public tests, then what they add up to in the grader's groups.
//!
//! `cargo test` cannot end with such a summary: Rust's test runner has no hook at its end, and
//! each test file is a program of its own. So `cargo rubric` (an alias in `.cargo/config.toml`)
//! runs each public test file as `cargo test --test <file>` does (every one, whatever fails),
//! shows its output as it comes, and ends with every group of the rubric (`tests/rubric.txt`,
//! written from your instructor's rubric with the handout): how many of its public cases pass,
//! what a group whose cases are all public would score, and whether the graded suite runs more
//! than these there. Arguments go to the tests, as after `cargo test --`: `cargo rubric
//! valid_move` runs the cases whose names contain `valid_move`.
//!
//! (The kit keeps this one file for every handout. It uses only Rust's standard library.)

use std::io::{BufRead, BufReader, IsTerminal};
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo rubric -- ARGS`, as one would write for `cargo test`: the alias has its `--`.
    if args.first().is_some_and(|first| first == "--") {
        args.remove(0);
    }
    let unreadable = ["-q", "--quiet", "--nocapture", "--list", "--exact-name", "--help", "-h"];
    if let Some(arg) = args.iter().find(|arg| unreadable.contains(&arg.as_str()) || arg.starts_with("--format")) {
        eprintln!(
            "cargo rubric: with {arg} the tests' output does not say which test passed, which the summary needs; \
             use cargo test -- {arg}"
        );
        return ExitCode::from(2);
    }
    let dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").into()));
    let path = dir.join("tests").join("rubric.txt");
    let rubric = match std::fs::read_to_string(&path) {
        Ok(text) => Rubric::parse(&text),
        Err(error) => {
            eprintln!("cargo rubric: cannot read {}: {error} (it comes with the handout)", path.display());
            return ExitCode::from(2);
        }
    };
    let (mut outcomes, mut troubles) = (Vec::new(), Vec::new());
    let mut all_passed = true;
    for file in rubric.files() {
        let ran = run(&dir, &file, &args);
        all_passed &= ran.passed;
        if let Some(trouble) = ran.trouble {
            troubles.push((file, trouble));
        }
        outcomes.extend(ran.outcomes);
    }
    print!("{}", rubric.summary(&outcomes, &troubles, selects(&args)));
    if all_passed { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}

/// Whether the test runner's `args` leave some tests out: a name to match or to skip (an
/// argument of its own, not an option's value).
fn selects(args: &[String]) -> bool {
    let takes_a_value = ["--test-threads", "--color", "--logfile", "--shuffle-seed"];
    let mut previous = "";
    args.iter().any(|arg| {
        let selects = !arg.starts_with('-') && !takes_a_value.contains(&previous) || arg == "--skip";
        previous = arg;
        selects
    })
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
    passed: bool,
}

struct Rubric {
    groups: Vec<Group>,
}

impl Rubric {
    /// Reads `tests/rubric.txt`: a group a line, its fields separated by tabs (prefix,
    /// points, `all:<file>`, `some:<file>` or `none`, then the numbers of the groups it waits
    /// on, from 1), `#`
    /// starting a comment line.
    fn parse(text: &str) -> Rubric {
        let lines = text.lines().filter(|line| !line.trim().is_empty() && !line.starts_with('#'));
        let groups = lines
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
        Rubric { groups }
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
    fn summary(&self, outcomes: &[Outcome], troubles: &[(String, &str)], selected: bool) -> String {
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
            let mut cases: Vec<&Outcome> = outcomes.iter().filter(|outcome| self.counts_in(outcome, index)).collect();
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
    /// Why its tests did not all say (Cargo and libtest have said more above): it `did not
    /// run` (it did not build, or an argument was refused), or it `stopped early` (a test
    /// ended the whole program: a stack overflow, an abort, `process::exit`).
    trouble: Option<&'static str>,
}

/// Runs the public test file `file` as `cargo test --test <file> -- <args>`, its output shown
/// as it comes.
fn run(dir: &std::path::Path, file: &str, args: &[String]) -> Ran {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command.current_dir(dir).args(["test", "--test", file, "--"]).args(args);
    if std::io::stdout().is_terminal() && !args.iter().any(|arg| arg.starts_with("--color")) {
        command.arg("--color=always");
    }
    let mut ran = Ran { passed: false, outcomes: Vec::new(), trouble: Some("did not run") };
    let mut child = match command.stdout(Stdio::piped()).spawn() {
        Ok(child) => child,
        Err(error) => {
            eprintln!("cargo rubric: cannot run cargo test: {error}");
            return ran;
        }
    };
    let mut listing = false;
    for line in BufReader::new(child.stdout.take().expect("piped")).lines().map_while(Result::ok) {
        println!("{line}");
        let plain = without_colors(&line);
        let count = plain.strip_prefix("running ").and_then(|rest| rest.split_once(' '));
        if count.is_some_and(|(count, tests)| count.parse::<usize>().is_ok() && tests.starts_with("test")) {
            (ran.trouble, listing) = (Some("stopped early"), true);
        } else if plain.starts_with("test result: ") {
            (ran.trouble, listing) = (None, false);
        } else if plain == "failures:" || plain == "successes:" {
            listing = false;
        } else if let Some((name, verdict)) = plain.strip_prefix("test ").and_then(|rest| rest.rsplit_once(" ... "))
            && listing
            && (verdict == "ok" || verdict == "FAILED")
        {
            let outcome = Outcome { name: format!("{file}::{name}"), file: file.to_owned(), passed: verdict == "ok" };
            ran.outcomes.push(outcome);
        }
    }
    ran.passed = child.wait().is_ok_and(|status| status.success()) && ran.trouble.is_none();
    ran
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
