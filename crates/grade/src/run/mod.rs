//! Running: the suite's tests, each in a sandbox of its own with limits; the reference
//! solution's times (`reference.rs`), which set them.

pub(crate) mod reference;

use crate::build::harness::Built;
use crate::sandbox::users::new_user;
use crate::sandbox::{Isolation, Limit, Limits, Ran, Sandbox};
use crate::{GradeError, Status};
use gamekit_testkit::panic_message;
use std::ffi::OsString;
use std::path::Path;

/// How one test went.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub status: Status,
    pub seconds: f64,
    /// Why it failed, in a student's terms; empty when it passed.
    pub explanation: String,
}

/// Where the suite's tests run: the judge as a plain process (it is the kit's code only),
/// and its probe in a sandbox that sees the probe and the submission's programs read-only, a
/// private `/tmp` and nothing else, as a user of its own for each test.
#[derive(Debug, Clone)]
pub struct Runner {
    judge: Sandbox,
    probe: Sandbox,
    isolation: Isolation,
}

pub fn runner(built: &Built, isolation: Isolation) -> Runner {
    let sandbox = |isolation, dir: &Path| {
        Sandbox::new(isolation, dir)
            .env("RUST_BACKTRACE", "0")
            .env("INSTA_UPDATE", "no")
            .env("GAMEKIT_PROGRAMS", &built.programs)
    };
    Runner {
        // The kit's code, as the grader: its temporary folder the grader's own, and insta told
        // where its workspace is rather than asking Cargo.
        judge: sandbox(Isolation::None, &built.dir)
            .env("HOME", &built.tmp)
            .env("TMPDIR", &built.tmp)
            .env("INSTA_WORKSPACE_ROOT", &built.dir),
        probe: sandbox(isolation, &built.programs)
            .env("HOME", "/tmp")
            .confined(&built.confine)
            .read_only(&built.programs)
            .in_group(built.group),
        isolation,
    }
}

/// The names of the tests in a test executable, in its order.
///
/// # Errors
/// When the executable cannot run or list its tests.
pub fn list(built: &Built, runner: &Runner) -> Result<Vec<String>, GradeError> {
    let args = ["--list", "--format", "terse"].map(OsString::from);
    let listed = runner
        .judge
        .run(&built.test_binary, &args, b"", Limits::test(std::time::Duration::from_secs(30)))
        .map_err(GradeError::io(format!("cannot run {}", built.test_binary.display())))?;
    if !listed.success() {
        return Err(GradeError::Harness(format!("{} could not list its tests", built.test_binary.display())));
    }
    Ok(String::from_utf8_lossy(&listed.stdout)
        .lines()
        .filter_map(|line| line.strip_suffix(": test"))
        .map(str::to_owned)
        .collect())
}

/// Runs test `name` alone within `limits`: its judge, and its probe as a user of its own,
/// whose every process is ended with the test.
///
/// # Errors
/// When the judge cannot be started, or the probe's command cannot be written.
pub fn one(
    built: &Built,
    runner: &Runner,
    name: &str,
    limits: Limits,
    reference: Option<f64>,
) -> Result<Outcome, GradeError> {
    let args = [name, "--exact", "--nocapture", "--test-threads=1"].map(OsString::from);
    let user = new_user();
    let private = (runner.isolation == Isolation::Users).then(|| built.probes.join(user.to_string()));
    let mut probe = runner.probe.clone().as_user(user);
    if let Some(private) = &private {
        probe = with_a_folder_of_its_own(probe, private, user, built.group)?;
    }
    let command: Vec<u8> =
        probe.argv(&built.probe).iter().map(|word| word.as_encoded_bytes()).collect::<Vec<_>>().join(&0u8);
    // In the judge's directory, which only the grader writes (the harness's is its build
    // user's): what the judge will run must be the grader's word alone.
    let command_file = built.dir.join(format!("probe-{}-{user}.command", std::process::id()));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&command_file)
        .and_then(|mut file| std::io::Write::write_all(&mut file, &command));
    written.map_err(GradeError::io(format!("cannot write {}", command_file.display())))?;
    // The judge tells the limits its probe hit in the rubric's terms.
    let judge = runner
        .judge
        .clone()
        .env("GAMEKIT_PROBE", &command_file)
        .env("GAMEKIT_PROBE_LIMITS", format!("{} {}", limits.memory >> 20, limits.output >> 20));
    let ran = judge.run(&built.test_binary, &args, b"", limits);
    probe.end();
    if let Some(private) = &private {
        let _ = std::fs::remove_dir_all(private);
    }
    let _ = std::fs::remove_file(&command_file);
    let ran = ran.map_err(GradeError::io(format!("cannot run {}", built.test_binary.display())))?;
    let (status, explanation) = verdict(&ran, limits, reference);
    let explanation = if explanation.len() > MAX_EXPLANATION {
        let cut = (0..=MAX_EXPLANATION).rev().find(|&at| explanation.is_char_boundary(at)).unwrap_or(0);
        format!("{}\n… ({} more bytes)", &explanation[..cut], explanation.len() - cut)
    } else {
        explanation
    };
    Ok(Outcome { status, seconds: ran.seconds, explanation })
}

/// `probe` (as `user`, in `group`) with `folder` made its own, closed to every other user: its
/// `TMPDIR` and `HOME`, the one place it may write (the shared temporary folders are out of
/// its reach with Landlock).
fn with_a_folder_of_its_own(probe: Sandbox, folder: &Path, user: u32, group: u32) -> Result<Sandbox, GradeError> {
    use std::os::unix::fs::DirBuilderExt;
    let _ = std::fs::remove_dir_all(folder);
    std::fs::DirBuilder::new()
        .mode(0o700)
        .create(folder)
        .and_then(|()| std::os::unix::fs::lchown(folder, Some(user), Some(group)))
        .map_err(GradeError::io(format!("cannot make {} for a test", folder.display())))?;
    Ok(probe.writable(folder).env("TMPDIR", folder).env("HOME", folder))
}

/// The status and explanation of a test's run; `reference`, the reference solution's seconds
/// on the same test, for a test stopped at its time limit.
fn verdict(ran: &Ran, limits: Limits, reference: Option<f64>) -> (Status, String) {
    let stdout = String::from_utf8_lossy(&ran.stdout);
    let output = format!("{stdout}{}", String::from_utf8_lossy(&ran.stderr));
    match ran.limit {
        Some(Limit::Time) => {
            // To a tenth of a second, as a person reads it: "3.1", "2".
            let limit = (limits.time.as_secs_f64() * 10.0).round() / 10.0;
            let compared = reference.map_or(String::new(), |seconds| {
                format!("\n(the reference solution took {seconds:.2} s on this test)")
            });
            return (Status::TimedOut, format!("stopped at the time limit of {limit} seconds: too slow{compared}"));
        }
        Some(Limit::Memory) => {
            return (Status::Crashed, format!("stopped at the memory limit of {} MiB", limits.memory >> 20));
        }
        Some(Limit::Output) => {
            return (Status::Crashed, format!("stopped at the output limit of {} MiB", limits.output >> 20));
        }
        Some(Limit::FileSize) => {
            return (Status::Crashed, format!("stopped at the file size limit of {} MiB", limits.file_size >> 20));
        }
        Some(Limit::Signal(_)) | None => {}
    }
    // libtest's own summary, not only the exit status: code under test that calls
    // `process::exit(0)` ends the process "successfully" without finishing the test.
    if ran.success() && stdout.contains("test result: ok. 1 passed") {
        return (Status::Passed, String::new());
    }
    match panic_message(&output) {
        Some(message) if message.contains("not yet implemented") || message.starts_with("not implemented") => {
            (Status::NotImplemented, not_implemented(&message))
        }
        // The probe's end (a crash, a limit), as the judge tells it.
        Some(message) if gamekit_probe::ended_the_probe(&message) => (Status::Crashed, message),
        Some(message) => (Status::Failed, message),
        None => {
            let how = match (ran.limit, ran.status) {
                (Some(Limit::Signal(signal)), _) => {
                    format!("killed by signal {signal} ({})", gamekit_probe::signal_name(signal))
                }
                (_, Some(status)) => status.to_string(),
                (_, None) => "killed".to_owned(),
            };
            (Status::Crashed, format!("the test process ended ({how}) before the test finished\n{}", tail(&output)))
        }
    }
}

impl Outcome {
    /// A test not started: the whole submission's `total` seconds were used up.
    pub fn not_run(total: f64) -> Outcome {
        Outcome {
            status: Status::NotRun,
            seconds: 0.0,
            explanation: format!("not run: the whole submission's {total} seconds were used up"),
        }
    }
}

/// The most of an explanation the report keeps.
const MAX_EXPLANATION: usize = 8 * 1024;

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
