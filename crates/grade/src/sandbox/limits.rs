//! A sandbox's limits ([`Limits`]: time, memory, processes, file size, output) and which
//! one a run hit ([`Limit`]), from its exit status and what it wrote.

use super::isolation::is_root;
use std::process::{Command, ExitStatus};
use std::time::Duration;

/// What a sandboxed process may use. Each limit hit is named in [`Ran::limit`](super::Ran::limit).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Wall-clock time; the CPU time limit is two seconds more.
    pub time: Duration,
    /// Address space of each process, in bytes; and the memory of all the run's processes
    /// together, where a cgroup can be made (`cgroups.rs`).
    pub memory: u64,
    /// Processes and threads (only where the sandbox has a user of its own).
    pub processes: u64,
    /// The largest file a process may write, in bytes.
    pub file_size: u64,
    /// Bytes of stdout and stderr together; past this the sandbox is killed.
    pub output: u64,
}

pub(crate) const MIB: u64 = 1024 * 1024;

impl Limits {
    /// A graded test's defaults: 1 GiB, 256 processes, 16 MiB of output and of any file.
    pub fn test(time: Duration) -> Limits {
        Limits { time, memory: 1024 * MIB, processes: 256, file_size: 16 * MIB, output: 16 * MIB }
    }

    /// A build's: Cargo and rustc need more memory and write large files; no submitted code
    /// runs while it builds (build scripts and procedural macros are refused).
    pub fn build() -> Limits {
        Limits {
            time: Duration::from_secs(600),
            memory: 8 * 1024 * MIB,
            processes: 4096,
            file_size: 2 * 1024 * MIB,
            output: 64 * MIB,
        }
    }
}

/// The limit a sandboxed run hit, named in the report instead of a guess.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Limit {
    Time,
    Memory,
    Output,
    FileSize,
    /// Killed by a signal the grader did not send (a crash: a segmentation fault, an abort).
    Signal(i32),
}

/// The limit an exit status shows: a signal, or Rust's message for an allocation refused.
pub(crate) fn limit_of(status: ExitStatus, stderr: &[u8]) -> Option<Limit> {
    let signal = signal_of(status)?;
    let text = String::from_utf8_lossy(stderr);
    Some(match signal {
        _ if text.contains("memory allocation of") => Limit::Memory,
        XCPU => Limit::Time,
        XFSZ => Limit::FileSize,
        signal => Limit::Signal(signal),
    })
}

pub(crate) const XCPU: i32 = 24;

pub(crate) const XFSZ: i32 = 25;

/// The signal that ended a process: directly, or as bubblewrap reports it (128 + signal).
pub(crate) fn signal_of(status: ExitStatus) -> Option<i32> {
    if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status) {
        return Some(signal);
    }
    status.code().filter(|code| (129..=159).contains(code)).map(|code| code - 128)
}

/// The memory a suite's judge may use beside its probe's limit, in the cgroup they share.
pub(crate) const JUDGE_SHARE: u64 = 256 * MIB;

/// Limits the process and its children, in the child just before it runs: it joins the
/// cgroup whose `cgroup.procs` is open as `group`, where it has one (memory in all).
/// The process limit is set only for root, which it does not bind: it binds the users of
/// their own that sandboxes switch to, counting only theirs.
pub(crate) fn apply_limits(command: &mut Command, limits: Limits, group: Option<std::os::fd::RawFd>) {
    use nix::sys::resource::{Resource, setrlimit};
    use std::os::unix::process::CommandExt;
    let cpu = limits.time.as_secs() + 2;
    let count_processes = is_root();
    // A group of its own, so that the grader can kill it all without isolation too.
    command.process_group(0);
    // SAFETY: the closure runs in the child between fork and exec and only makes
    // system calls (write, umask, setrlimit), which are async-signal-safe, with no
    // allocation; `group` is open until the command is spawned (its `Group` outlives the
    // spawn).
    unsafe {
        command.pre_exec(move || {
            if let Some(group) = group {
                nix::unistd::write(std::os::fd::BorrowedFd::borrow_raw(group), b"0")?;
            }
            // What a build writes, its tests' users (its group) may read, never change,
            // whatever the grader's own umask.
            nix::sys::stat::umask(nix::sys::stat::Mode::from_bits_truncate(0o022));
            let set = |resource, value| setrlimit(resource, value, value).map_err(std::io::Error::from);
            set(Resource::RLIMIT_AS, limits.memory)?;
            set(Resource::RLIMIT_FSIZE, limits.file_size)?;
            set(Resource::RLIMIT_CPU, cpu)?;
            set(Resource::RLIMIT_CORE, 0)?;
            if count_processes {
                set(Resource::RLIMIT_NPROC, limits.processes)?;
            }
            Ok(())
        });
    }
}
