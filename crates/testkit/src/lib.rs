//! What the graded suites share: transcript fixtures, byte-exact comparison whose failure
//! explains itself in a student's terms, the assignment programs under test, and the oracle
//! for perfect play in any game ([`minimax`]).
//!
//! A failed check panics with a message written for the student: `gamekit grade` shows it
//! as the reason a test lost its points.
#![forbid(unsafe_code)]

pub mod minimax;

use gamekit_engines::cin::Ending;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// One recorded run of a console program: `<name>.args` (the arguments, split on
/// whitespace), `<name>.in` (stdin) and `<name>.out` (the exact expected stdout).
#[derive(Debug, Clone)]
pub struct Transcript {
    /// The file name without extension, e.g. `sample_run_2`.
    pub name: String,
    /// Where the fixture lives: `<dir>/<name>`, without extension.
    pub stem: PathBuf,
    /// The command-line arguments.
    pub args: Vec<String>,
    /// What is fed to stdin.
    pub input: Vec<u8>,
    /// What stdout must be, byte for byte.
    pub expected: Vec<u8>,
}

impl Transcript {
    /// Loads the transcript whose `.in` file is `input_path`; a missing `.args` means none.
    ///
    /// # Panics
    /// When the `.in` or `.out` file cannot be read (a broken kit, not a student's fault).
    pub fn load(input_path: &Path) -> Transcript {
        let stem = input_path.with_extension("");
        let read = |extension: &str| {
            let path = stem.with_extension(extension);
            fs::read(&path).unwrap_or_else(|error| panic!("cannot read fixture {}: {error}", path.display()))
        };
        let args = fs::read_to_string(stem.with_extension("args")).unwrap_or_default();
        Transcript {
            name: stem.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default(),
            args: args.split_whitespace().map(str::to_owned).collect(),
            input: read("in"),
            expected: read("out"),
            stem,
        }
    }

    /// Every transcript in `dir` (each `*.in` file), sorted by name.
    ///
    /// # Panics
    /// When `dir` cannot be read.
    pub fn load_all(dir: &Path) -> Vec<Transcript> {
        let entries = fs::read_dir(dir).unwrap_or_else(|error| panic!("cannot read {}: {error}", dir.display()));
        let mut inputs: Vec<PathBuf> = entries
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| path.extension().is_some_and(|extension| extension == "in"))
            .collect();
        inputs.sort();
        inputs.iter().map(|path| Transcript::load(path)).collect()
    }

    /// Panics with an explanation unless `actual` is exactly the expected output.
    #[track_caller]
    pub fn assert_output(&self, program: &str, actual: &[u8]) {
        if let Some(difference) = explain_difference(&self.expected, actual) {
            panic!(
                "the output of `{program}{args} < {name}.in` differs from the expected transcript's.\n\
                 {difference}the input fed (stdin): {fed}",
                name = self.name,
                args = self.args.iter().fold(String::new(), |line, arg| line + " " + arg),
                fed = visible_excerpt(&self.input, 200),
            );
        }
    }

    /// Runs the program `name` at `path` on this transcript's arguments and input: it must
    /// print exactly the expected output and, the game finished, exit with status 0.
    #[track_caller]
    pub fn assert_program(&self, name: &str, path: &Path) {
        let run = run_program(path, &self.args, self.input.clone());
        self.assert_output(name, &run.stdout);
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(0), "a finished game exits with status 0; stderr: {stderr}");
    }
}

/// A description of the first line where `actual` differs from `expected`, or `None` when
/// they are the same bytes. Whitespace is made visible: `·` a space, `→` a tab, `⏎` a newline.
pub fn explain_difference(expected: &[u8], actual: &[u8]) -> Option<String> {
    if expected == actual {
        return None;
    }
    let expected_lines: Vec<&[u8]> = expected.split_inclusive(|&b| b == b'\n').collect();
    let actual_lines: Vec<&[u8]> = actual.split_inclusive(|&b| b == b'\n').collect();
    let line = (0..).find(|&i| expected_lines.get(i) != actual_lines.get(i)).unwrap_or(0);
    let show = |lines: &[&[u8]]| {
        lines.get(line).map_or("(nothing: the output ends before this line)".to_owned(), |text| visible(text))
    };
    let mut report = format!("first difference at line {} of the output:\n", line + 1);
    let _ = writeln!(report, "  expected: {}", show(&expected_lines));
    let _ = writeln!(report, "  actual:   {}", show(&actual_lines));
    if line > 0 {
        let _ = writeln!(report, "after the line (the same in both):\n  {}", visible(expected_lines[line - 1]));
    }
    Some(report)
}

/// `bytes` as text with whitespace visible: `·` for a space, `→` for a tab, `⏎` for a
/// newline, `␍` for a carriage return; other characters that act rather than show as
/// [`escaped`] writes them, and invalid UTF-8 as `\xNN`.
pub fn visible(bytes: &[u8]) -> String {
    let mut text = String::new();
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                ' ' => text.push('·'),
                '\t' => text.push('→'),
                '\n' => text.push('⏎'),
                '\r' => text.push('␍'),
                c => escaped(c, &mut text),
            }
        }
        for byte in chunk.invalid() {
            let _ = write!(text, "\\x{byte:02x}");
        }
    }
    text
}

/// Writes `c` into `text`, or, if it would act on a terminal rather than show (a control
/// character, or one that reorders the text around it), an escape that shows it: ESC as
/// `\e`, a line break as `\n`, a tab as `\t`, a carriage return as `\r`, NUL as `\0`,
/// another as `\x07` or `\u{9b}`. What a program printed is shown so by [`visible`], and
/// every text a submission brings is by the grader's one gate (`crates/grade/src/shown.rs`).
pub fn escaped(c: char, text: &mut String) {
    match c {
        '\u{1b}' => text.push_str("\\e"),
        '\n' => text.push_str("\\n"),
        '\t' => text.push_str("\\t"),
        '\r' => text.push_str("\\r"),
        '\0' => text.push_str("\\0"),
        c if c.is_ascii_control() => {
            let _ = write!(text, "\\x{:02x}", c as u32);
        }
        c if acts(c) => {
            let _ = write!(text, "\\u{{{:x}}}", c as u32);
        }
        c => text.push(c),
    }
}

/// Whether `c` acts on a terminal, a reader or a spreadsheet rather than shows: a control
/// character (C0, DEL, C1), a bidirectional mark, embedding, override or isolate (Unicode's
/// Bidi_Control), or a line or paragraph separator some readers break lines at.
pub fn acts(c: char) -> bool {
    const REORDERING: [char; 14] = [
        '\u{061c}', '\u{200e}', '\u{200f}', '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}',
        '\u{2067}', '\u{2068}', '\u{2069}', '\u{2028}', '\u{2029}',
    ];
    c.is_control() || REORDERING.contains(&c)
}

/// Every character that [`acts`], in order.
pub fn acting() -> impl Iterator<Item = char> {
    ('\0'..='\u{2069}').filter(|&c| acts(c))
}

/// The message of the last panic in a program's or a test's output (its stderr): the
/// assertion that failed (see [`in_words`]), or what a `todo!()` said.
pub fn panic_message(output: &str) -> Option<String> {
    let start = output.rfind("panicked at ")?;
    let message = &output[start..];
    let message = &message[message.find('\n')? + 1..];
    let end = ["\nnote: run with `RUST_BACKTRACE", "\nstack backtrace:", "\nfailures:", "\ntest result:"]
        .iter()
        .filter_map(|marker| message.find(marker))
        .min()
        .unwrap_or(message.len());
    Some(in_words(message[..end].trim_end()))
}

/// A failed check as a student reads it. An `assert_eq!` or `assert_ne!`: the suite's message
/// first, then the values as "actual" and "expected" rather than "left" and "right" (the
/// suites write the value under test first, a kit check holds them to it). A random-input
/// test: its message on the smallest input found, without proptest's own dump of it. Other
/// messages are unchanged.
pub fn in_words(message: &str) -> String {
    // A random-input test's: its message, about the smallest input that fails (as the suites
    // write it, in the game's terms), without proptest's dump of its arguments.
    if let Some(reason) = message.strip_prefix("Test failed: ") {
        let reason = reason.split("\nminimal failing input: ").next().unwrap_or(reason);
        let reason = reason.strip_suffix('.').unwrap_or(reason);
        // prop_assert! adds where it is in the suite: the kit's path, not the student's business.
        let reason = match reason.rsplit_once(" at ") {
            Some((said, at)) if at.rsplit_once(".rs:").is_some_and(|(_, line)| line.parse::<u32>().is_ok()) => said,
            _ => reason,
        };
        return format!("{reason}\n(the smallest failing input found from random ones)");
    }
    let rest = ["assertion `left == right` failed", "assertion `left != right` failed"]
        .iter()
        .find_map(|header| message.strip_prefix(header));
    let Some(rest) = rest else { return message.to_owned() };
    let Some(at) = rest.rfind("\n  left: ") else { return message.to_owned() };
    let (said, values) = (&rest[..at], &rest[at + 1..]);
    let said = said.strip_prefix(": ").unwrap_or(said);
    let Some((left, right)) = values.strip_prefix("  left: ").and_then(|values| values.split_once("\n right: ")) else {
        return message.to_owned();
    };
    let equal = message.contains("left == right");
    let expected = if equal { "expected:" } else { "must not be:" };
    let said = said.trim_end();
    let mut text = if said.is_empty() { String::new() } else { format!("{said}\n") };
    let _ = write!(text, "  actual:   {left}\n  {expected} {right}");
    text
}

/// Checks a run in memory of `program` on `input` against a reference's run: the same
/// output, byte for byte, and the same ending. `ended` is how the run ended, or, when it
/// ended neither way, what it returned.
#[track_caller]
pub fn assert_same_run(
    program: &str,
    input: &[u8],
    reference: &(String, Ending),
    output: &[u8],
    ended: Result<Ending, String>,
) {
    let (expected, ending) = reference;
    if let Some(difference) = explain_difference(expected.as_bytes(), output) {
        panic!(
            "the output of `{program}` differs from the original program's.\n{difference}the input: {}",
            visible_excerpt(input, 200)
        );
    }
    if ended.as_ref() != Ok(ending) {
        let should = match ending {
            Ending::Finished => "the game was over: Ok(())",
            Ending::EndOfInput => "it stopped at the end of the input: Err(EndOfInput)",
        };
        let got = ended.map_or_else(|returned| returned, |ending| format!("{ending:?}"));
        panic!("`{program}` ended with {got}, but {should}\nthe input: {}", visible_excerpt(input, 200));
    }
}

/// Runs the program at `path` with `args` on `input`, for 8 seconds at most (less than any
/// rubric's time limit); a panic of the program fails the test with the program's own
/// message.
///
/// # Panics
/// When the program cannot run or panics.
pub fn run_program<S: AsRef<std::ffi::OsStr>>(
    path: &Path,
    args: &[S],
    input: impl Into<Vec<u8>>,
) -> std::process::Output {
    let name = path.file_stem().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
    // Under `gamekit grade`, a judge runs the submission's programs in its probe's sandbox.
    let args: Vec<String> = args.iter().map(|arg| arg.as_ref().to_string_lossy().into_owned()).collect();
    let output = if std::env::var_os("GAMEKIT_PROBE").is_some() {
        gamekit_probe::run_program(path, &args, input.into())
    } else {
        gamekit_probe::output(path, gamekit_probe::run_locally(&path.to_string_lossy(), &args, input.into()))
    };
    if let Some(message) = panic_message(&String::from_utf8_lossy(&output.stderr)) {
        panic!("the {name} program panicked: {message}");
    }
    output
}

/// The path of binary `bin` of package `package`, the crate under test.
///
/// `gamekit grade` builds the submission's programs itself and names their directory in
/// `GAMEKIT_PROGRAMS`. Under a plain `cargo test` the suite runs against a dependency (the
/// solution), and Cargo builds only the binaries of the package under test, so this builds
/// them on first use, in a target directory of its own (`target/programs` beside the
/// suite's manifest) so as not to wait on the one running the tests.
///
/// # Panics
/// When the build fails.
pub fn program(manifest_dir: &str, package: &str, bin: &str) -> PathBuf {
    // Built once per package and process; the lock also keeps two builds from racing.
    static BUILT: Mutex<BTreeMap<String, Result<PathBuf, String>>> = Mutex::new(BTreeMap::new());
    let mut built = BUILT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let dir = built.entry(package.to_owned()).or_insert_with(|| {
        if let Some(dir) = std::env::var_os("GAMEKIT_PROGRAMS") {
            return Ok(PathBuf::from(dir));
        }
        let target_dir = Path::new(manifest_dir).join("target").join("programs");
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
        let output = Command::new(cargo)
            .args(["build", "--quiet", "--bins", "--package", package, "--target-dir"])
            .arg(&target_dir)
            .current_dir(manifest_dir)
            .output()
            .map_err(|error| format!("cannot run cargo: {error}"))?;
        if !output.status.success() {
            return Err(format!("building {package} failed:\n{}", String::from_utf8_lossy(&output.stderr)));
        }
        Ok(target_dir.join("debug"))
    });
    let path = match dir {
        Ok(dir) => dir.join(format!("{bin}{}", std::env::consts::EXE_SUFFIX)),
        Err(message) => panic!("{message}"),
    };
    assert!(path.is_file(), "the crate has no program named `{bin}`: its Cargo.toml needs a [[bin]] named {bin}");
    path
}

/// The output a suite gives a program run in memory (the probe gives the same, so that a
/// submission's `run` meets the same limit in either).
pub use gamekit_probe::Capped;

/// [`visible`] for at most `max` characters of `bytes`, then how many bytes were left out.
pub fn visible_excerpt(bytes: &[u8], max: usize) -> String {
    let text = visible(bytes);
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}… ({} bytes in all)", &text[..cut], bytes.len()),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_is_made_visible() {
        assert_eq!(visible(b"a b\tc\r\n\x01\xff"), "a·b→c␍⏎\\x01\\xff");
        assert_eq!(visible("\x1b[2J\u{9b}\u{202e}é".as_bytes()), "\\e[2J\\u{9b}\\u{202e}é");
    }

    #[test]
    fn the_first_differing_line_is_reported() {
        let report = explain_difference(b"one\ntwo \nthree\n", b"one\ntwo\nthree\n").unwrap();
        assert!(report.contains("line 2"), "{report}");
        assert!(report.contains("expected: two·⏎"), "{report}");
        assert!(report.contains("actual:   two⏎"), "{report}");
    }

    #[test]
    fn the_last_panic_message_is_the_failed_assertion() {
        let output = "running 1 test\n\nthread 'a' (12) panicked at src/lib.rs:3:5:\nfirst\n\nthread 'a' (12) panicked at tests/x.rs:9:1:\nexpected 1\n  got 2\nnote: run with `RUST_BACKTRACE=1` environment variable\ntest a ... FAILED\n";
        assert_eq!(panic_message(output).as_deref(), Some("expected 1\n  got 2"));
        assert_eq!(panic_message("all fine"), None);
    }

    #[test]
    fn an_assertion_says_actual_and_expected() {
        let said = "assertion `left == right` failed: on the board\nX.\n  left: 1\n right: 2";
        assert_eq!(in_words(said), "on the board\nX.\n  actual:   1\n  expected: 2", "with a message");
        let bare = "assertion `left == right` failed\n  left: [1]\n right: []";
        assert_eq!(in_words(bare), "  actual:   [1]\n  expected: []", "without one");
        let different = "assertion `left != right` failed: a move\n  left: 3\n right: 3";
        assert_eq!(in_words(different), "a move\n  actual:   3\n  must not be: 3", "assert_ne");
        let random = "Test failed: the input: 1⏎2.\nminimal failing input: tokens = [\n    \"1\",\n]\n\tsuccesses: 3\n";
        assert_eq!(in_words(random), "the input: 1⏎2\n(the smallest failing input found from random ones)", "proptest");
        let located = "Test failed: no move on 1⏎ at /kit/tests/a/robustness.rs:23.\nminimal failing input: x\n";
        assert_eq!(
            in_words(located),
            "no move on 1⏎\n(the smallest failing input found from random ones)",
            "its place"
        );
        assert_eq!(in_words("column 3 is full"), "column 3 is full", "any other panic");
    }

    #[test]
    fn a_long_input_is_cut_short() {
        assert_eq!(visible_excerpt(b"ab c", 10), "ab·c");
        assert_eq!(visible_excerpt(b"ab cdef", 3), "ab·… (7 bytes in all)");
    }

    #[test]
    fn capped_output_refuses_to_grow_past_its_limit() {
        use std::io::Write;
        let mut output = Capped::with_limit(4);
        assert!(output.write_all(b"abc").is_ok());
        assert!(output.write_all(b"de").is_err());
        assert_eq!(output.bytes, b"abc");
    }

    #[test]
    fn missing_output_is_reported() {
        let report = explain_difference(b"one\ntwo\n", b"one\n").unwrap();
        assert!(report.contains("output ends before this line"), "{report}");
        assert_eq!(explain_difference(b"same", b"same"), None);
    }
}
