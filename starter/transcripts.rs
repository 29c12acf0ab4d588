//! The public transcripts, a test each: `tests/transcripts/<case>.in` is typed into your
//! program (run with the arguments in `<case>.args`, if there is one), and what the program
//! prints must be `<case>.out`, byte for byte. `cargo test` runs them; the graded suite runs
//! these and many more. `tests/transcripts.rs` names the cases ([`cases!`]): run one alone
//! with `cargo test --test transcripts <case>`.
//!
//! Replay one by hand, from the crate's folder, with the arguments in `<case>.args` if there
//! is one (a failure prints the command; the README shows the first transcript's):
//!
//! ```text
//! cargo run -q -- ARGS < tests/transcripts/<case>.in | diff - tests/transcripts/<case>.out
//! ```
//!
//! (The kit keeps this one file for every assignment's handout.)

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A whole game takes the reference solution well under a second; a program still running
/// after this is waiting for input it will never get, or looping.
const LIMIT: Duration = Duration::from_secs(60);

/// A test for each transcript named, after the program that runs it (its name as Cargo
/// builds it): `cases!("reversi" => sample_run_1, sample_run_2)`, the names of the `.in`
/// files; a crate with two programs names both, `"a" => …; "b" => …`. (To check a
/// transcript of your own, add its files and its name.)
macro_rules! cases {
    ($($program:literal => $($case:ident),+);+ $(;)?) => {
        $($(
            #[test]
            fn $case() {
                transcripts::check_case(env!(concat!("CARGO_BIN_EXE_", $program)), stringify!($case));
            }
        )+)+
    };
}
pub(crate) use cases;

/// The folder of the transcripts.
fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("transcripts")
}

/// Runs the transcript `case` through `program` and fails, saying where, when the output
/// differs.
#[track_caller]
pub fn check_case(program: &str, case: &str) {
    if let Err(difference) = check(program, &folder().join(format!("{case}.in"))) {
        panic!("{difference}");
    }
}

/// Runs one transcript: `Err` says where the output first differs.
fn check(program: &str, input: &Path) -> Result<(), String> {
    let case = input.file_stem().map(|stem| stem.to_string_lossy().into_owned()).unwrap_or_default();
    let args = std::fs::read_to_string(input.with_extension("args")).unwrap_or_default();
    let typed = std::fs::read(input).map_err(|error| format!("{case}: cannot read its input: {error}"))?;
    let expected = std::fs::read(input.with_extension("out"))
        .map_err(|error| format!("{case}: cannot read its output ({case}.out): {error}"))?;
    let run = run(program, args.split_whitespace(), typed).map_err(|error| format!("{case}: {error}"))?;
    if run.stdout == expected {
        return Ok(());
    }
    let arguments = if args.trim().is_empty() { String::new() } else { format!(" (arguments: {})", args.trim()) };
    let mut text = format!("{case}{arguments}: {}", first_difference(&expected, &run.stdout));
    let bin = Path::new(program).file_stem().map(|stem| stem.to_string_lossy().into_owned()).unwrap_or_default();
    let args = if args.trim().is_empty() { String::new() } else { format!(" -- {}", args.trim()) };
    let files = format!("tests/transcripts/{case}");
    text += &format!(
        "
replay it: cargo run -q --bin {bin}{args} < {files}.in | diff - {files}.out"
    );
    let stderr = String::from_utf8_lossy(&run.stderr);
    let said: Vec<&str> =
        stderr.lines().filter(|line| !line.trim().is_empty() && !line.starts_with("note: run with")).take(4).collect();
    if !said.is_empty() {
        text += &format!("\nit wrote to stderr:\n  {}", said.join("\n  "));
    }
    Err(text)
}

/// What a program printed.
struct Run {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

/// Runs `program` with `typed` as its input, stopping it after [`LIMIT`].
fn run<'a>(program: &str, args: impl Iterator<Item = &'a str>, typed: Vec<u8>) -> Result<Run, String> {
    let mut child = Command::new(program)
        .args(args)
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| format!("cannot run {program}: {error}"))?;
    let mut stdin = child.stdin.take().ok_or("no standard input")?;
    // The program may stop reading early: a write it refuses is not an error of the test.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&typed);
    });
    let read_all = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = read_all(Box::new(child.stdout.take().ok_or("no standard output")?));
    let stderr = read_all(Box::new(child.stderr.take().ok_or("no standard error")?));
    let started = Instant::now();
    while child.try_wait().map_err(|error| error.to_string())?.is_none() {
        if started.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {} s: stopped (waiting for input, or looping?)", LIMIT.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = writer.join();
    let joined = |reader: std::thread::JoinHandle<Vec<u8>>| reader.join().unwrap_or_default();
    Ok(Run { stdout: joined(stdout), stderr: joined(stderr) })
}

/// The first line that differs, expected and printed, with its number; whitespace made
/// visible (`·` a space, `→` a tab, `␍` a carriage return, `⏎` the line's end).
fn first_difference(expected: &[u8], printed: &[u8]) -> String {
    let lines =
        |bytes: &[u8]| -> Vec<String> { String::from_utf8_lossy(bytes).split_inclusive('\n').map(visible).collect() };
    let (expected, printed) = (lines(expected), lines(printed));
    let line = expected.iter().zip(&printed).take_while(|(a, b)| a == b).count();
    let shown = |lines: &[String]| lines.get(line).cloned().unwrap_or_else(|| "(nothing: the output ends here)".into());
    format!("line {} differs\n  expected: {}\n  printed:  {}", line + 1, shown(&expected), shown(&printed))
}

fn visible(line: &str) -> String {
    line.chars()
        .map(|c| match c {
            ' ' => '·',
            '\t' => '→',
            '\r' => '␍',
            '\n' => '⏎',
            c => c,
        })
        .collect()
}
