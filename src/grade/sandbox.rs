//! Where submitted code runs: a bubblewrap sandbox that sees only what it is given, with
//! limits on time, memory, processes, file size and output, and whose every process dies
//! with it.
//!
//! Everything a submission brings is hostile: its sources when they compile (`include!`
//! reads files), and every process its code starts. So each build and each test runs in a
//! sandbox of its own ([`Sandbox`]) that
//! - sees the system's programs and libraries, and only the directories it is given, at the
//!   paths they have outside (so that a path compiled into a test means the same in both);
//! - has no network, no other process, a private `/tmp` and a cleared environment;
//! - runs tests as an unprivileged user of their own when the grader is root (so the process
//!   limit counts only theirs, and no file of the grader's is theirs to change);
//! - lives in a PID namespace: when its first process ends, or the grader kills it at the
//!   time limit, every process in it is killed too, `setsid` or not, so nothing is left
//!   behind and no pipe is held open.
//!
//! Without bubblewrap (or where it cannot create namespaces, as inside some containers)
//! grading still runs, in a process group with the same limits, and [`Isolation::None`] says
//! in the report that nothing was isolated.

use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use wait_timeout::ChildExt;

/// How submitted code is kept from the grader, the kit and other submissions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Isolation {
    /// bubblewrap namespaces: only the given directories, no network, no other process.
    Bubblewrap,
    /// None: the code ran as the grader's user, seeing what it sees (limits still apply).
    None,
}

impl Isolation {
    /// bubblewrap when it is installed and can create the namespaces it needs here.
    pub fn detect() -> Isolation {
        static DETECTED: std::sync::OnceLock<Isolation> = std::sync::OnceLock::new();
        *DETECTED.get_or_init(|| {
            let works = Command::new(BWRAP)
                .args(["--ro-bind", "/", "/", "--unshare-all", "--proc", "/proc", "--dev", "/dev", "true"])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|status| status.success());
            if works { Isolation::Bubblewrap } else { Isolation::None }
        })
    }

    /// What the report says.
    pub fn describe(self) -> &'static str {
        match self {
            Isolation::Bubblewrap => {
                "isolated: the submission was built and its code run only in bubblewrap \
                 sandboxes (its own copy of the submission, no network, no other process, \
                 limits on time, memory, processes and output)"
            }
            Isolation::None => {
                "NOT ISOLATED: bubblewrap is not installed or cannot create namespaces here, so \
                 the submission's code ran as this user and could read and change what this \
                 user can (time, memory and output were still limited); install bubblewrap to \
                 grade untrusted code"
            }
        }
    }
}

const BWRAP: &str = "bwrap";

/// What a sandboxed process may use. Each limit hit is named in [`Ran::limit`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Wall-clock time; the CPU time limit is one second more.
    pub time: Duration,
    /// Address space of each process, in bytes.
    pub memory: u64,
    /// Processes and threads (only where the sandbox has a user of its own).
    pub processes: u64,
    /// The largest file a process may write, in bytes.
    pub file_size: u64,
    /// Bytes of stdout and stderr together; past this the sandbox is killed.
    pub output: u64,
}

const MIB: u64 = 1024 * 1024;

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

/// How a sandboxed run ended.
#[derive(Debug)]
pub struct Ran {
    /// The exit status, `None` when the grader killed it (see `limit`).
    pub status: Option<ExitStatus>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub limit: Option<Limit>,
    pub seconds: f64,
}

impl Ran {
    /// Ended on its own with status 0.
    pub fn success(&self) -> bool {
        self.status.is_some_and(|status| status.success())
    }
}

/// A sandbox: the directories a process sees, how it sees them, and its environment.
#[derive(Debug, Clone)]
pub struct Sandbox {
    isolation: Isolation,
    read_only: Vec<PathBuf>,
    writable: Vec<PathBuf>,
    env: Vec<(String, OsString)>,
    dir: PathBuf,
    /// Run as a user of its own (tests), rather than as the grader's user with no
    /// capabilities (builds, which must write the shared target directory).
    own_user: bool,
}

impl Sandbox {
    /// A sandbox that sees the system's programs and libraries and works in `dir`.
    pub fn new(isolation: Isolation, dir: &Path) -> Sandbox {
        Sandbox {
            isolation,
            read_only: Vec::new(),
            writable: Vec::new(),
            env: vec![("PATH".into(), "/usr/local/bin:/usr/bin:/bin".into())],
            dir: dir.to_owned(),
            own_user: false,
        }
    }

    /// Also sees `path` (a directory or a file), read-only.
    pub fn read_only(mut self, path: &Path) -> Sandbox {
        self.read_only.push(path.to_owned());
        self
    }

    /// Also sees `path`, and may change it.
    pub fn writable(mut self, path: &Path) -> Sandbox {
        self.writable.push(path.to_owned());
        self
    }

    /// Sets an environment variable (the environment starts empty but for `PATH`).
    pub fn env(mut self, name: &str, value: impl Into<OsString>) -> Sandbox {
        self.env.push((name.to_owned(), value.into()));
        self
    }

    /// Runs as an unprivileged user of its own when the grader is root.
    pub fn own_user(mut self) -> Sandbox {
        self.own_user = true;
        self
    }

    /// Runs `program` with `args` in the sandbox, `input` on its stdin, within `limits`.
    ///
    /// # Errors
    /// When the process cannot be started.
    pub fn run(&self, program: &Path, args: &[OsString], input: &[u8], limits: Limits) -> std::io::Result<Ran> {
        let mut command = self.command(program, args);
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        apply_limits(&mut command, limits);
        let start = Instant::now();
        let mut child = command.spawn()?;
        let (sender, receiver) = mpsc::channel();
        let readers = [
            child.stdout.take().map(|pipe| drain(pipe, sender.clone())),
            child.stderr.take().map(|pipe| drain(pipe, sender.clone())),
        ];
        drop(sender);
        if let Some(mut stdin) = child.stdin.take() {
            let input = input.to_owned();
            // On a thread: a process that never reads must not block the grader.
            std::thread::spawn(move || std::io::Write::write_all(&mut stdin, &input));
        }
        let deadline = start + limits.time;
        let mut printed = 0u64;
        let mut limit = None;
        // Count the output as it comes, so that a flood is stopped at its limit; without
        // isolation a process that left the group may hold the pipes open, so the child's
        // own end is watched too.
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            match receiver.recv_timeout(left.min(Duration::from_millis(50))) {
                Ok(bytes) => {
                    printed += bytes;
                    if printed > limits.output {
                        limit = Some(Limit::Output);
                        break;
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
                Err(mpsc::RecvTimeoutError::Timeout) if child.try_wait()?.is_some() => break,
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
        }
        let status = match limit {
            Some(_) => None,
            None => child.wait_timeout(deadline.saturating_duration_since(Instant::now()))?,
        };
        if status.is_none() {
            limit.get_or_insert(Limit::Time);
            kill(&mut child);
        }
        let seconds = start.elapsed().as_secs_f64();
        // Every process of the sandbox is dead now; without isolation, one that left the
        // process group may still hold a pipe, so wait for the readers a moment only.
        let [stdout, stderr] = readers.map(|reader| reader.map(|reader| reader.finish()).unwrap_or_default());
        let limit = limit.or_else(|| status.and_then(|status| limit_of(status, &stderr)));
        Ok(Ran { status, stdout, stderr, limit, seconds })
    }

    /// The command line that runs `program` in the sandbox, for a process that starts it
    /// itself (a judge its probe); the limits are what that process has.
    pub fn argv(&self, program: &Path) -> Vec<OsString> {
        let command = self.command(program, &[]);
        std::iter::once(command.get_program()).chain(command.get_args()).map(OsString::from).collect()
    }

    fn command(&self, program: &Path, args: &[OsString]) -> Command {
        if self.isolation == Isolation::None {
            let mut command = Command::new(program);
            command.args(args).current_dir(&self.dir).env_clear().envs(self.env.iter().map(|(k, v)| (k, v)));
            return command;
        }
        let own_user = self.own_user && is_root();
        let mut command = Command::new(BWRAP);
        // Every namespace; the user one only where the sandbox does not get a user of its
        // own (as root, a user namespace would map no user but root).
        if !own_user {
            command.arg("--unshare-all");
        }
        command.args(["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try"]);
        command.args(["--die-with-parent", "--new-session", "--proc", "/proc", "--dev", "/dev"]);
        command.args(["--perms", "1777", "--size", &(64 * MIB).to_string(), "--tmpfs", "/tmp"]);
        let system = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/etc/alternatives", "/etc/ld.so.cache"];
        let mut binds: Vec<(&str, &Path)> = system.iter().map(|path| ("--ro-bind-try", Path::new(path))).collect();
        binds.extend(self.read_only.iter().map(|path| ("--ro-bind", path.as_path())));
        binds.extend(self.writable.iter().map(|path| ("--bind", path.as_path())));
        // Outer directories before those inside them; bubblewrap would make the directories
        // leading to each readable by root only, so they are made first, readable by all.
        binds.sort_by_key(|(_, path)| path.components().count());
        let leading: std::collections::BTreeSet<&Path> =
            binds.iter().flat_map(|(_, path)| path.ancestors().skip(1)).filter(|dir| dir.parent().is_some()).collect();
        let mut leading: Vec<&Path> = leading.into_iter().collect();
        leading.sort_by_key(|dir| dir.components().count());
        for dir in leading {
            command.args(["--perms", "0755", "--dir"]).arg(dir);
        }
        for (how, path) in binds {
            command.arg(how).args([path, path]);
        }
        command.arg("--chdir").arg(&self.dir).arg("--clearenv");
        for (name, value) in &self.env {
            command.arg("--setenv").arg(name).arg(value);
        }
        if own_user {
            // Root outside, so bubblewrap made no user namespace: become a user of our own,
            // with no capabilities left and none to gain.
            let user = sandbox_user().to_string();
            command.args(["--", "setpriv", "--reuid", &user, "--regid", &user, "--clear-groups"]);
            command.args(["--bounding-set=-all", "--inh-caps=-all", "--no-new-privs"]);
        } else if is_root() {
            command.args(["--cap-drop", "ALL"]);
        }
        command.arg("--").arg(program).args(args);
        command
    }
}

/// A user id no one else has, new for each sandbox, so that limits on processes count only
/// that sandbox's.
fn sandbox_user() -> u32 {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    SANDBOX_USERS + NEXT.fetch_add(1, Ordering::Relaxed) % 100_000
}

/// The first of the user ids sandboxes run as: far above any account's.
const SANDBOX_USERS: u32 = 1_800_000_000;

/// The user ids sandboxes run as, for a check that none is left running.
pub const SANDBOX_USER_IDS: std::ops::Range<u32> = SANDBOX_USERS..SANDBOX_USERS + 100_000;

fn is_root() -> bool {
    #[cfg(unix)]
    {
        nix::unistd::geteuid().is_root()
    }
    #[cfg(not(unix))]
    false
}

/// The limit an exit status shows: a signal, or Rust's message for an allocation refused.
fn limit_of(status: ExitStatus, stderr: &[u8]) -> Option<Limit> {
    let signal = signal_of(status)?;
    let text = String::from_utf8_lossy(stderr);
    Some(match signal {
        _ if text.contains("memory allocation of") => Limit::Memory,
        XCPU => Limit::Time,
        XFSZ => Limit::FileSize,
        signal => Limit::Signal(signal),
    })
}

const XCPU: i32 = 24;
const XFSZ: i32 = 25;

/// The signal that ended a process: directly, or as bubblewrap reports it (128 + signal).
fn signal_of(status: ExitStatus) -> Option<i32> {
    #[cfg(unix)]
    if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status) {
        return Some(signal);
    }
    status.code().filter(|code| (129..=159).contains(code)).map(|code| code - 128)
}

/// Limits the process and its children, in the child just before it runs.
/// The process limit is set only for root, which it does not bind: it binds the users of
/// their own that sandboxes switch to, counting only theirs.
fn apply_limits(command: &mut Command, limits: Limits) {
    #[cfg(unix)]
    {
        use nix::sys::resource::{Resource, setrlimit};
        use std::os::unix::process::CommandExt;
        let cpu = limits.time.as_secs() + 2;
        let count_processes = is_root();
        // A group of its own, so that the grader can kill it all without isolation too.
        command.process_group(0);
        // SAFETY: the closure runs in the child between fork and exec and only makes
        // system calls (setrlimit), which is async-signal-safe.
        unsafe {
            command.pre_exec(move || {
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
}

/// Kills the sandbox (its first process, and so every other in its PID namespace) and the
/// process group it leads.
fn kill(child: &mut std::process::Child) {
    #[cfg(unix)]
    if let Ok(pid) = i32::try_from(child.id()) {
        let _ = nix::sys::signal::killpg(nix::unistd::Pid::from_raw(pid), nix::sys::signal::Signal::SIGKILL);
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// A pipe read to its end on a thread of its own.
struct Reader {
    done: mpsc::Receiver<Vec<u8>>,
}

impl Reader {
    /// What was read, waiting a second at most for the pipe to close.
    fn finish(self) -> Vec<u8> {
        self.done.recv_timeout(Duration::from_secs(1)).unwrap_or_default()
    }
}

/// The most of each pipe kept: its end, where a panic's message is.
const KEEP: usize = 256 * 1024;

/// Reads `pipe`, telling `progress` how many bytes came, keeping the last [`KEEP`] bytes.
fn drain(mut pipe: impl Read + Send + 'static, progress: mpsc::Sender<u64>) -> Reader {
    let (sender, done) = mpsc::channel();
    std::thread::spawn(move || {
        let (mut kept, mut chunk) = (Vec::new(), [0; 8192]);
        while let Ok(read @ 1..) = pipe.read(&mut chunk) {
            kept.extend_from_slice(&chunk[..read]);
            if kept.len() > 2 * KEEP {
                kept.drain(..kept.len() - KEEP);
            }
            if progress.send(read as u64).is_err() {
                break;
            }
        }
        let _ = sender.send(kept);
    });
    Reader { done }
}
