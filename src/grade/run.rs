//! Running the suite's tests, each in its own process with a time limit.

use super::harness::Built;
use super::{GradeError, Status};
use crate::testkit::panic_message;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use wait_timeout::ChildExt;

/// How one test went.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub status: Status,
    pub seconds: f64,
    /// Why it failed, in a student's terms; empty when it passed.
    pub explanation: String,
}

/// The names of the tests in a test executable, in its order.
///
/// # Errors
/// When the executable cannot run or list its tests.
pub fn list(test_binary: &Path) -> Result<Vec<String>, GradeError> {
    let output = Command::new(test_binary)
        .args(["--list", "--format", "terse"])
        .output()
        .map_err(GradeError::io(format!("cannot run {}", test_binary.display())))?;
    if !output.status.success() {
        return Err(GradeError::Harness(format!("{} could not list its tests", test_binary.display())));
    }
    Ok(String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| line.strip_suffix(": test"))
        .map(str::to_owned)
        .collect())
}

/// Runs test `name` alone, stopping it after `limit`.
///
/// # Errors
/// When the test executable cannot be started.
pub fn one(built: &Built, name: &str, limit: Duration) -> Result<Outcome, GradeError> {
    let start = Instant::now();
    let mut child = Command::new(&built.test_binary)
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .current_dir(&built.dir)
        .env("RUST_BACKTRACE", "0")
        .env("INSTA_UPDATE", "no")
        .env("GAMEKIT_PROGRAMS", &built.programs)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(GradeError::io(format!("cannot run {}", built.test_binary.display())))?;
    // Read both pipes while the test runs, so that a test that prints a lot is not blocked.
    let readers = [child.stdout.take().map(drain), child.stderr.take().map(drain)];
    let status = child.wait_timeout(limit).map_err(GradeError::io("cannot wait for a test"))?;
    let status = match status {
        Some(status) => Some(status),
        None => {
            let _ = child.kill();
            let _ = child.wait();
            None
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let [stdout, stderr] = readers.map(|reader| reader.and_then(|thread| thread.join().ok()).unwrap_or_default());
    let output = format!("{stdout}{stderr}");
    let (status, explanation) = match status {
        None => (
            Status::TimedOut,
            format!("stopped after {} seconds: the test took too long (an endless loop?)", limit.as_secs_f64()),
        ),
        Some(status) if status.success() => (Status::Passed, String::new()),
        Some(status) => match panic_message(&output) {
            Some(message) if message.contains("not yet implemented") => {
                (Status::NotImplemented, not_implemented(&message))
            }
            Some(message) => (Status::Failed, message),
            None => (
                Status::Crashed,
                format!("the test process ended with {status} before the test finished\n{}", tail(&output)),
            ),
        },
    };
    Ok(Outcome { status, seconds, explanation })
}

fn drain(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// "not implemented yet", with what the `todo!()` said.
fn not_implemented(message: &str) -> String {
    let todo = message.find("not yet implemented").map_or(message, |at| &message[at..]);
    let detail = todo.trim_start_matches("not yet implemented").trim_start_matches(':').trim();
    let detail: String = detail.chars().take(300).collect();
    if detail.is_empty() { "not implemented yet".to_owned() } else { format!("not implemented yet: {detail}") }
}

/// The last lines of `output`, for a crash with no panic message.
fn tail(output: &str) -> String {
    let lines: Vec<&str> = output.lines().collect();
    lines[lines.len().saturating_sub(20)..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_todo_reads_not_implemented_yet() {
        assert_eq!(
            not_implemented("not yet implemented: valid_move(p = 'X')"),
            "not implemented yet: valid_move(p = 'X')"
        );
        assert_eq!(not_implemented("Test failed: not yet implemented"), "not implemented yet");
    }
}
