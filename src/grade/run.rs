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

/// Runs test `name` alone, stopping it (and any program it started) after `limit`.
///
/// # Errors
/// When the test executable cannot be started.
pub fn one(built: &Built, name: &str, limit: Duration) -> Result<Outcome, GradeError> {
    let start = Instant::now();
    let mut command = Command::new(&built.test_binary);
    command
        .args([name, "--exact", "--nocapture", "--test-threads=1"])
        .current_dir(&built.dir)
        .env("RUST_BACKTRACE", "0")
        .env("INSTA_UPDATE", "no")
        .env("GAMEKIT_PROGRAMS", &built.programs)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // A group of its own, so that a timeout also stops the programs the test started.
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command.spawn().map_err(GradeError::io(format!("cannot run {}", built.test_binary.display())))?;
    // Read both pipes while the test runs, so that a test that prints a lot is not blocked.
    let readers = [child.stdout.take().map(drain), child.stderr.take().map(drain)];
    let status = child.wait_timeout(limit).map_err(GradeError::io("cannot wait for a test"))?;
    if status.is_none() {
        stop(&mut child);
    }
    let seconds = start.elapsed().as_secs_f64();
    let [stdout, stderr] = readers.map(|reader| reader.and_then(|thread| thread.join().ok()).unwrap_or_default());
    let output = format!("{stdout}{stderr}");
    let (status, explanation) = match status {
        None => (
            Status::TimedOut,
            format!("stopped after {} seconds: the test took too long (an endless loop?)", limit.as_secs_f64()),
        ),
        // libtest's own summary, not only the exit status: code under test that calls
        // `process::exit(0)` ends the process "successfully" without finishing the test.
        Some(status) if status.success() && stdout.contains("test result: ok. 1 passed") => {
            (Status::Passed, String::new())
        }
        Some(status) => match panic_message(&output) {
            Some(message) if message.contains("not yet implemented") || message.starts_with("not implemented") => {
                (Status::NotImplemented, not_implemented(&message))
            }
            Some(message) => (Status::Failed, message),
            None => (
                Status::Crashed,
                format!("the test process ended ({status}) before the test finished\n{}", tail(&output)),
            ),
        },
    };
    let explanation = if explanation.len() > MAX_EXPLANATION {
        let cut = (0..=MAX_EXPLANATION).rev().find(|&at| explanation.is_char_boundary(at)).unwrap_or(0);
        format!("{}\n… ({} more bytes)", &explanation[..cut], explanation.len() - cut)
    } else {
        explanation
    };
    Ok(Outcome { status, seconds, explanation })
}

/// The most of an explanation the report keeps.
const MAX_EXPLANATION: usize = 8 * 1024;
/// The most of a test's output the grader keeps: the end, where the verdict is.
const MAX_OUTPUT: usize = 64 * 1024;

/// Kills the test and the process group it leads.
fn stop(child: &mut std::process::Child) {
    #[cfg(unix)]
    if let Ok(pid) = i32::try_from(child.id()) {
        let _ = nix::sys::signal::killpg(nix::unistd::Pid::from_raw(pid), nix::sys::signal::Signal::SIGKILL);
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Reads a pipe to its end on a thread of its own, keeping the last [`MAX_OUTPUT`] bytes.
fn drain(mut pipe: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let (mut kept, mut chunk) = (Vec::new(), [0; 8192]);
        while let Ok(read @ 1..) = pipe.read(&mut chunk) {
            kept.extend_from_slice(&chunk[..read]);
            if kept.len() > 2 * MAX_OUTPUT {
                kept.drain(..kept.len() - MAX_OUTPUT);
            }
        }
        String::from_utf8_lossy(&kept).into_owned()
    })
}

/// "not implemented yet", with what the `todo!()` said.
fn not_implemented(message: &str) -> String {
    let todo = message.find("not yet implemented").map_or(message, |at| &message[at..]);
    let detail = todo.trim_start_matches("not yet implemented").trim_start_matches("not implemented");
    let detail = detail.trim_start_matches(':').trim();
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
