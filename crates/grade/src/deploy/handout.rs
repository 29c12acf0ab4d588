//! `gamekit handout`: what a student receives, made from the kit's `starter/`.
//!
//! A handout is one crate that builds, runs and tests with only Rust installed: the
//! starter's crate (its `Cargo.toml`, `src/`, `README.md` and public `tests/`), the crates it
//! depends on by path (`cin`, the console helper) copied inside it, and nothing else of the
//! kit: no solution, no engine, no graded suite. Its README ends with how it is graded, from
//! the rubric. The kit's checks build each handout alone and run its tests, on the starter
//! and on the reference solution.

use crate::intake::manifest::ManifestError;
use crate::{GradeError, Rubric};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Why a handout could not be written.
#[derive(Debug, thiserror::Error)]
pub enum HandoutError {
    #[error(transparent)]
    Kit(#[from] GradeError),
    #[error("{}: not an empty folder; a handout is written only into a new or empty one", .0.display())]
    NotEmpty(PathBuf),
    #[error("{context}: {source}")]
    Io { context: String, source: std::io::Error },
    #[error(transparent)]
    Manifest(#[from] ManifestError),
    #[error(
        "group '{0}' of the rubric is not visible, but the handout's tests/{1}.rs holds its cases: make the \
         group visible, or keep its cases out of the handout"
    )]
    HiddenButPublic(String, String),
}

fn io(context: String) -> impl FnOnce(std::io::Error) -> HandoutError {
    move |source| HandoutError::Io { context, source }
}

/// Refuses `dir` as a handout's destination unless it is missing or an empty folder, so
/// that nothing of the student's is overwritten: what [`write()`] checks first, and a caller
/// can check before the work that precedes it (measuring the reference).
///
/// # Errors
/// [`HandoutError::NotEmpty`] when `dir` holds anything or is a file.
pub fn destination(dir: &Path) -> Result<(), HandoutError> {
    if std::fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_some()) || dir.is_file() {
        return Err(HandoutError::NotEmpty(dir.to_owned()));
    }
    Ok(())
}

/// Writes the handout of `assignment` into `dir` (created if missing, and refused unless
/// empty, so that nothing of the student's is overwritten). Returns the files written,
/// relative to `dir`.
///
/// # Errors
/// An unknown assignment, a `dir` that is not empty, a starter that cannot be read or
/// depends on something outside the kit's `starter/`, a file that cannot be written.
pub fn write(kit: &Path, assignment: &str, dir: &Path) -> Result<Vec<PathBuf>, HandoutError> {
    crate::check_assignment(kit, assignment)?;
    let rubric = Rubric::load(kit, assignment)?;
    destination(dir)?;
    let starter = kit.join("starter");
    let source = starter.join(&rubric.package);
    let mut written = Vec::new();
    let mut copy = Copy { to: dir, written: &mut written };
    // The starter's crate: its manifest, README, sources, public tests and `cargo rubric`'s
    // program (not a target/).
    for name in ["src", "tests", "examples"] {
        copy.tree(&source.join(name), Path::new(name))?;
    }
    let (manifest, helpers) = crate::intake::manifest::manifest(kit, &rubric.package)?;
    for helper in &helpers {
        copy.tree(&starter.join(helper).join("Cargo.toml"), &Path::new(helper).join("Cargo.toml"))?;
        copy.tree(&starter.join(helper).join("src"), &Path::new(helper).join("src"))?;
    }
    copy.file(Path::new("Cargo.toml"), manifest.as_bytes())?;
    let public = public_modules(&source);
    let readme = read(&source.join("README.md"))? + &grading(&rubric, &public)?;
    copy.file(Path::new("README.md"), readme.as_bytes())?;
    let times = crate::run::reference::kept(kit, assignment).unwrap_or_default();
    copy.file(&Path::new("tests").join("rubric.txt"), rubric_txt(&rubric, &public, &times)?.as_bytes())?;
    copy.file(&Path::new(".cargo").join("config.toml"), crate::intake::manifest::CARGO_CONFIG.as_bytes())?;
    // The kit's formatting, which the provided files follow: `cargo fmt` leaves them as they are.
    copy.tree(&kit.join("rustfmt.toml"), Path::new("rustfmt.toml"))?;
    copy.file(Path::new(".gitignore"), b"/target\n")?;
    // The transcripts are compared byte for byte: Git must not turn their line ends into
    // Windows' on a checkout.
    copy.file(Path::new(".gitattributes"), b"tests/transcripts/** -text\n")?;
    written.sort();
    Ok(written)
}

/// Copies files into the handout, following symbolic links (the starter's public
/// transcripts are links to the kit's fixtures).
struct Copy<'a> {
    to: &'a Path,
    written: &'a mut Vec<PathBuf>,
}

impl Copy<'_> {
    /// Copies `from` (a file, or a folder and its files as the walk gives them,
    /// [`crate::intake::walk`]) to `name` in the handout, a link to a file as that file; nothing
    /// when `from` does not exist.
    fn tree(&mut self, from: &Path, name: &Path) -> Result<(), HandoutError> {
        let read = |path: &Path| std::fs::read(path).map_err(io(format!("cannot read {}", path.display())));
        if from.is_file() {
            return self.file(name, &read(from)?);
        }
        for entry in crate::intake::walk::all(from).filter(|_| from.is_dir()) {
            let entry = entry.map_err(|error| io(format!("cannot read {}", from.display()))(error.into()))?;
            if entry.path().is_file() {
                let inside = entry.path().strip_prefix(from).unwrap_or(entry.path());
                self.file(&name.join(inside), &read(entry.path())?)?;
            }
        }
        Ok(())
    }

    fn file(&mut self, name: &Path, bytes: &[u8]) -> Result<(), HandoutError> {
        let path = self.to.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(io(format!("cannot create {}", parent.display())))?;
        }
        std::fs::write(&path, bytes).map_err(io(format!("cannot write {}", path.display())))?;
        self.written.push(name.to_owned());
        Ok(())
    }
}

fn read(path: &Path) -> Result<String, HandoutError> {
    std::fs::read_to_string(path).map_err(io(format!("cannot read {}", path.display())))
}

/// The README's last section: the rubric's groups and points, the groups each waits on,
/// and which of its cases `cargo test` runs in the handout.
fn grading(rubric: &Rubric, public: &[String]) -> Result<String, HandoutError> {
    let mut text = format!(
        "\n## How it is graded\n\n\
         `cargo test` runs the public tests above. Your instructor's graded suite runs them and\n\
         many more, in these groups, for {} points; a group's points are shared equally by its\n\
         tests. A group that waits on others is checked on its own once they pass: until then\n\
         its failing tests say so (and score 0), so that one bug is explained once, where it is.\n\
         The last column says which of a group's cases `cargo test` runs here (in\n\
         `tests/<module>.rs`, named as the grader names them without `<module>::`).\n\n\
         `cargo rubric` runs the same public tests (it takes the same arguments as `cargo test --`)\n\
         and ends with these groups: how many of each one's public cases pass, what a group whose\n\
         cases are all public would score, and which group to fix first.\n\n\
         The grader runs each test in a process of its own, and stops it at ten times the\n\
         reference solution's time on that test on the grading machine (at least 2 s, at most\n\
         {}), or at its group's own limit (the table's time column): a test stopped scores 0 and\n\
         says it was too slow. A test that covers many positions at once (every board, random\n\
         games: the table's \"what it checks\") is where a correct but slow part runs out of\n\
         time. Tests not started within {} of grading are not run. `cargo test`\n\
         sets no limit. `cargo rubric` runs the public tests one at a time and times each against\n\
         the limit the grader gave it on your instructor's machine when this handout was written\n\
         (in `tests/rubric.txt`): a test over it counts as failing there, as in the grader. The\n\
         grader's time includes its own work (it calls your code from another process), about\n\
         the reference's time, which `cargo rubric` counts in; machines differ, so take a test\n\
         near its limit as too slow.\n\n\
         | # | group | points | what it checks | waits on | time | in `cargo test` |\n|---|---|---|---|---|---|---|\n",
        crate::round(rubric.max_score()),
        seconds(rubric.timeout),
        seconds(rubric.total),
    );
    for (index, group) in rubric.groups.iter().enumerate() {
        let waits: Vec<usize> = rubric.required(index).map(|required| required + 1).collect();
        let cases = match public_cases(group, public)? {
            Cases::All(module) => format!("all, in `tests/{module}.rs`"),
            Cases::Program => "those of `tests/transcripts/`, through the program".to_owned(),
            Cases::None => String::new(),
        };
        let time = group.timeout.map_or_else(|| "10× the reference's".to_owned(), seconds);
        let _ = writeln!(
            text,
            "| {} | `{}` | {} | {} | {} | {time} | {cases} |",
            index + 1,
            group.prefix,
            crate::round(group.points),
            group.about.replace('|', "\\|").replace('\n', " "),
            ranges(&waits)
        );
    }
    Ok(text)
}

/// Which of a group's cases the handout's `cargo test` runs.
enum Cases<'a> {
    /// All: the group's module is the public test file `tests/<module>.rs`.
    All(&'a str),
    /// Those of the public transcripts, which `tests/transcripts.rs` runs through the program.
    Program,
    None,
}

/// Which of `group`'s cases are public, given the handout's public test files; refused for
/// a group the rubric hides whose cases the handout holds.
fn public_cases<'a>(group: &'a crate::Group, public: &[String]) -> Result<Cases<'a>, HandoutError> {
    let module = group.prefix.split("::").next().unwrap_or_default();
    if public.iter().any(|public| public == module) {
        if group.visibility != "visible" {
            return Err(HandoutError::HiddenButPublic(group.prefix.clone(), module.to_owned()));
        }
        return Ok(Cases::All(module));
    }
    Ok(if module == "transcripts" { Cases::Program } else { Cases::None })
}

/// `tests/rubric.txt`, the rubric's groups as `cargo rubric` reads them: a line per group,
/// its fields separated by tabs; then a line per public test whose reference time is kept
/// (`times`, this machine's), with the limit the grader derives from it.
fn rubric_txt(
    rubric: &Rubric,
    public: &[String],
    times: &crate::run::reference::Times,
) -> Result<String, HandoutError> {
    let mut text = String::from(
        "# The graded suite's groups, for `cargo rubric` (written with the handout from the rubric).\n\
         # A line per group, tab-separated: its prefix, its points, its public cases (all of those of a\n\
         # test file, some of them, or none), the numbers of the groups it waits on (from 1).\n\
         # Then `limit`, a public test's name, the seconds the grader gives it and the reference\n\
         # solution's seconds on it, graded on your instructor's machine when the handout was written.\n",
    );
    for (index, group) in rubric.groups.iter().enumerate() {
        let cases = match public_cases(group, public)? {
            Cases::All(module) => format!("all:{module}"),
            Cases::Program => "some:transcripts".to_owned(),
            Cases::None => "none".to_owned(),
        };
        let points = crate::round(group.points);
        let waits: Vec<String> = rubric.required(index).map(|required| (required + 1).to_string()).collect();
        let _ = writeln!(text, "{}\t{points}\t{cases}\t{}", group.prefix, waits.join(" "));
    }
    for (name, &seconds) in times {
        let Some(index) = rubric.group_of(name) else { continue };
        if let Cases::All(_) = public_cases(&rubric.groups[index], public)? {
            let limit = rubric.limits(index, None, Some(seconds))?.time.as_secs_f64();
            let _ = writeln!(text, "limit\t{name}\t{limit:.2}\t{seconds:.2}");
        }
    }
    Ok(text)
}

/// The modules of the graded suite that are the handout's own tests: each `tests/<module>.rs`
/// of the starter (or of a handout written from it) but the transcripts' (the suite includes
/// each such file as its module of that name, so all of that module's cases are public).
pub fn public_modules(starter: &Path) -> Vec<String> {
    let tests = std::fs::read_dir(starter.join("tests")).into_iter().flatten().flatten();
    let files =
        tests.map(|entry| entry.path()).filter(|path| path.extension().is_some_and(|extension| extension == "rs"));
    let modules = files.filter_map(|path| Some(path.file_stem()?.to_string_lossy().into_owned()));
    modules.filter(|module| module != "transcripts").collect()
}

/// Seconds as the README writes them: `60 s`.
fn seconds(seconds: f64) -> String {
    format!("{} s", crate::round(seconds))
}

/// Numbers as ranges: `1–5, 10`.
fn ranges(numbers: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut rest = numbers;
    while let Some((&first, _)) = rest.split_first() {
        let run = rest.iter().zip(first..).take_while(|(number, expected)| **number == *expected).count();
        parts.push(if run > 1 { format!("{first}–{}", first + run - 1) } else { first.to_string() });
        rest = &rest[run..];
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A public test file is the suite's module of that name, so the handout's README can
    /// say that all of its groups' cases are public: every assignment's suite includes each
    /// of its handout's public test files (`tests/<module>.rs`) as that module.
    #[test]
    fn every_public_test_file_is_the_suites_module_of_that_name() {
        let kit = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        for assignment in crate::assignments(&kit) {
            let rubric = Rubric::load(&kit, &assignment).expect("a rubric");
            let suite = std::fs::read_to_string(kit.join("tests").join(&assignment).join("main.rs")).expect("a suite");
            for module in public_modules(&kit.join("starter").join(&rubric.package)) {
                let included =
                    format!("#[path = \"../../starter/{}/tests/{module}.rs\"]\nmod {module};", rubric.package);
                assert!(
                    suite.contains(&included),
                    "{assignment}: the suite does not include the handout's {module}.rs"
                );
            }
        }
    }

    /// A group whose cases the handout holds must be visible: a hidden group's cases are not
    /// handed out.
    #[test]
    fn a_hidden_group_with_public_cases_is_refused() {
        let kit = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut rubric = Rubric::load(&kit, "reversi").expect("reversi's rubric");
        let public = ["functions".to_owned()];
        let table = grading(&rubric, &public).expect("every group visible");
        assert!(table.contains("| all, in `tests/functions.rs` |"), "{table}");
        assert!(table.contains("| those of `tests/transcripts/`, through the program |"), "{table}");
        let group = rubric.groups.iter_mut().find(|group| group.prefix.starts_with("functions::")).expect("a group");
        group.visibility = "after_due_date".into();
        let refused = grading(&rubric, &public).expect_err("a hidden group with public cases");
        assert!(refused.to_string().contains("is not visible, but the handout's tests/functions.rs"), "{refused}");
    }

    /// `tests/rubric.txt` gives each public test with a reference time the grader's limit for
    /// it: ten times that time, at least 2 s and at most the rubric's `timeout`, or its group's
    /// own; a test the handout does not hold has no line.
    #[test]
    fn each_public_tests_limit_is_the_graders() {
        let rubric: Rubric = toml::from_str(
            "assignment = 'a'\npackage = 'a'\ntimeout = 30\n\
             [[group]]\nprefix = 'x::'\npoints = 1\n\
             [[group]]\nprefix = 'y::'\npoints = 1\ntimeout = 61\n\
             [[group]]\nprefix = 'z::'\npoints = 1\n",
        )
        .expect("a rubric");
        let times = [("x::quick", 0.01), ("x::slow", 0.9), ("x::slower", 7.0), ("y::own", 0.5), ("z::hidden", 1.0)];
        let times = times.map(|(name, seconds)| (name.to_owned(), seconds)).into();
        let text = rubric_txt(&rubric, &["x".to_owned(), "y".to_owned()], &times).expect("a rubric.txt");
        let limits: Vec<&str> = text.lines().filter(|line| line.starts_with("limit\t")).collect();
        assert_eq!(
            limits,
            [
                "limit\tx::quick\t2.00\t0.01",
                "limit\tx::slow\t9.00\t0.90",
                "limit\tx::slower\t30.00\t7.00",
                "limit\ty::own\t61.00\t0.50"
            ]
        );
    }

    #[test]
    fn ranges_are_compact() {
        assert_eq!(ranges(&[1, 2, 3, 4, 5, 10]), "1–5, 10");
        assert_eq!(ranges(&[2, 4, 5]), "2, 4–5");
        assert_eq!(ranges(&[]), "");
    }
}
