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
//! Where bubblewrap cannot create namespaces (inside most containers, Gradescope's among
//! them) and the grader is root, [`Isolation::Users`] is the fallback: every build and test
//! runs as an unprivileged user of its own, with no capabilities, the same limits, and the
//! kit made unreadable to other users ([`protect_kit`]); when it ends, every process of
//! that user is killed and the files it left in the shared temporary directories removed.
//! Without either, grading still runs, in a process group with the same limits, and
//! [`Isolation::None`] says in the report that nothing was isolated.

pub(crate) mod cgroups;
pub mod places;
pub mod users;

use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use wait_timeout::ChildExt;

/// How submitted code is kept from the grader, the kit and other submissions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Isolation {
    /// bubblewrap namespaces: only the given directories, no network, no other process.
    Bubblewrap,
    /// Users of their own, without namespaces (root, where bubblewrap cannot create them):
    /// what is not readable by every user is out of reach, the kit made so; the network and
    /// other processes are not hidden.
    Users,
    /// None: the code ran as the grader's user, seeing what it sees (limits still apply).
    None,
}

impl Isolation {
    /// bubblewrap when it is installed and can create the namespaces it needs here; else, as
    /// root, users of their own when `setpriv` is installed and the Rust toolchain is
    /// readable by every user ([`sysroot`]); else none. `GAMEKIT_ISOLATION` (`bubblewrap`,
    /// `users` or `none`) chooses instead, for the kit's own checks of each.
    pub fn detect() -> Isolation {
        static DETECTED: std::sync::OnceLock<Isolation> = std::sync::OnceLock::new();
        *DETECTED.get_or_init(|| match std::env::var("GAMEKIT_ISOLATION").as_deref() {
            Ok("bubblewrap") => Isolation::Bubblewrap,
            Ok("users") => Isolation::Users,
            Ok("none") => Isolation::None,
            // With the options every run uses: where one fails, users of their own are next.
            _ if runs(Command::new(system_program(BWRAP)).args(BWRAP_CHECK)) => Isolation::Bubblewrap,
            _ if is_root() && runs(Command::new(system_program("setpriv")).arg("--version")) && sysroot().is_ok() => {
                Isolation::Users
            }
            _ => Isolation::None,
        })
    }

    /// What the report a person reads says, in a line or two.
    pub fn short(self) -> &'static str {
        match self {
            Isolation::Bubblewrap => {
                "Your code ran in bubblewrap sandboxes with no network; the suite's judge decided every verdict."
            }
            Isolation::Users => {
                "Your code ran as users of its own, not in bubblewrap, with no network (a seccomp \
                 filter) and only its own files (Landlock); the suite's judge decided every verdict."
            }
            Isolation::None => {
                "NOT ISOLATED: your code ran as this user and could read and change what it can \
                 (install bubblewrap to grade untrusted code); every verdict was decided by the \
                 suite's judge, outside your code."
            }
        }
    }

    /// What the full report says.
    pub fn describe(self) -> String {
        let what = match self {
            Isolation::Bubblewrap => {
                "isolated: the submission was built and its code run only in bubblewrap \
                 sandboxes (its own copy of the submission, no network, no other process, \
                 limits on time, memory, processes and output)"
            }
            Isolation::Users => {
                "isolated by users: bubblewrap cannot create namespaces here, so the submission \
                 was built and its code run only as users of their own with no capabilities \
                 (its own copy of the submission, the kit closed to other users, limits on \
                 time, memory, processes and output, every process killed after each test), \
                 kept by Landlock to its files: a build to the system, the toolchain and its \
                 copy, writing only its harness; a test to the system and its programs, writing \
                 only a temporary folder of its own; other processes were visible"
            }
            Isolation::None => {
                "NOT ISOLATED: bubblewrap is not installed or cannot create namespaces here, and \
                 the grader is not root (or has no setpriv, or a toolchain other users cannot \
                 read), so the submission's code ran as this user and could read and change \
                 what this user can (time, memory and output were still limited); install \
                 bubblewrap to grade untrusted code"
            }
        };
        format!("{what}; in every process, a seccomp filter allowed {}", gamekit_confine::CLOSED)
    }
}

const BWRAP: &str = "bwrap";

/// A run of bubblewrap with the namespaces and file systems every sandbox has.
const BWRAP_CHECK: [&str; 10] =
    ["--ro-bind", "/", "/", "--unshare-all", "--proc", "/proc", "--dev", "/dev", "--", "true"];

/// The folders the grader takes the system's programs from (`bwrap`, `setpriv`, `env`,
/// `true`), whatever its own `PATH` says: a folder on it that others may write would let them
/// choose what the grader runs.
const SYSTEM_PATH: [&str; 6] = ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"];

/// The system's program `name` from the first of `SYSTEM_PATH`'s folders that has it and
/// that only root (or the grader) may change; else its bare name, which then fails to run
/// or is found as the grader's `PATH` says (a system without any of them).
pub fn system_program(name: &str) -> PathBuf {
    let found = SYSTEM_PATH
        .iter()
        .map(|dir| Path::new(dir).join(name))
        .find(|path| path.is_file() && crate::sandbox::places::trusted(path).is_ok());
    found.unwrap_or_else(|| PathBuf::from(name))
}

/// Whether `command` runs and succeeds, quietly (in `/`, where no one but root put anything).
fn runs(command: &mut Command) -> bool {
    command
        .current_dir("/")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// The Rust toolchain's directory (`rustc --print sysroot`), when every user can read it:
/// what builds run as users of their own need (rustup's proxies in root's home they cannot).
pub fn sysroot() -> Result<PathBuf, String> {
    static SYSROOT: std::sync::OnceLock<Result<PathBuf, String>> = std::sync::OnceLock::new();
    SYSROOT.get_or_init(readable_sysroot).clone()
}

/// The toolchain's directory, or what keeps it from users of their own.
fn readable_sysroot() -> Result<PathBuf, String> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    // In `/`: rustup's proxy takes a `rust-toolchain.toml` from its folder or one above it.
    let printed = Command::new(&rustc).args(["--print", "sysroot"]).current_dir("/").stderr(Stdio::null()).output();
    let printed = printed
        .ok()
        .filter(|printed| printed.status.success())
        .and_then(|printed| String::from_utf8(printed.stdout).ok());
    let Some(printed) = printed else { return Err(format!("{} --print sysroot does not run", rustc.display())) };
    let sysroot = PathBuf::from(printed.trim());
    // Readable by every user, and changeable by root only: root runs this toolchain too, so
    // one that a sandbox's user could change would be theirs to run as root. Not under a
    // folder others may write, sticky (`/tmp`, `/var/tmp`) or not: a name made there first by
    // another user would be theirs.
    let open_to_all = |path: &Path, bits: u32| {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let open = std::fs::metadata(path).is_ok_and(|metadata| {
            let mode = metadata.permissions().mode();
            metadata.uid() == 0 && mode & bits == bits && mode & 0o022 == 0
        });
        if open { Ok(()) } else { Err(format!("{} is not root's alone and open to every user", path.display())) }
    };
    for dir in sysroot.ancestors().skip(1) {
        open_to_all(dir, 0o001)?;
    }
    open_to_all(&sysroot, 0o005)?;
    for program in ["cargo", "rustc"] {
        open_to_all(&sysroot.join("bin").join(program), 0o005)?;
    }
    // Not its documentation (`share/`: some 50,000 pages of rust-docs), which nothing runs or
    // loads, and whose walk took ten seconds of every grade.
    root_only_below(&sysroot, &["share"])?;
    Ok(sysroot)
}

/// Whether everything below `dir` (but its entries named in `leave_out`) is root's and
/// changeable by root only: the libraries rustc loads and links as root, as well as its
/// programs; else the first that is not.
fn root_only_below(dir: &Path, leave_out: &[&str]) -> Result<(), String> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let refused = |path: &Path| format!("{} may be changed by a user other than root", path.display());
    let entries = std::fs::read_dir(dir).map_err(|_| refused(dir))?;
    for entry in entries {
        let entry = entry.map_err(|_| refused(dir))?;
        if leave_out.iter().any(|name| entry.file_name() == *name) {
            continue;
        }
        // What a link leads to must be root's alike.
        let metadata = std::fs::metadata(entry.path()).map_err(|_| refused(&entry.path()))?;
        if metadata.uid() != 0 || metadata.permissions().mode() & 0o022 != 0 {
            return Err(refused(&entry.path()));
        }
        if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            root_only_below(&entry.path(), &[])?;
        }
    }
    Ok(())
}

/// What a sandboxed process may use. Each limit hit is named in [`Ran::limit`].
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
    /// The run's cgroup, where it has one: given back for another run when this is dropped
    /// (and its processes gone), so a caller that ends the run's processes itself (a probe's
    /// user) keeps it until then.
    pub group: Option<crate::sandbox::cgroups::Group>,
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
    user: User,
    /// The group its users run in (a harness's, whose files they may read); else each
    /// user's own.
    group: Option<u32>,
    /// The seccomp filter's launcher (`gamekit-confine`), where the sandbox runs submitted
    /// code or builds it.
    confine: Option<PathBuf>,
}

/// Who a sandbox's processes run as, when the grader is root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum User {
    /// The grader's user, with no capabilities (with bubblewrap only).
    Grader,
    /// A user no one else has, new for each run, so that its limits and its end are its own.
    OwnEachRun,
    /// This user.
    Fixed(u32),
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
            user: User::Grader,
            group: None,
            confine: None,
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

    /// Runs as an unprivileged user of its own, new for each run, when the grader is root.
    pub fn own_user(mut self) -> Sandbox {
        self.user = User::OwnEachRun;
        self
    }

    /// Runs as `user` when the grader is root: a harness's builds, or one test's probe (a
    /// [`new_user`](crate::sandbox::users::new_user), so that [`end`](Self::end) ends that test's processes only).
    pub fn as_user(mut self, user: u32) -> Sandbox {
        self.user = User::Fixed(user);
        self
    }

    /// Runs its users in `group` when the grader is root.
    pub fn in_group(mut self, group: u32) -> Sandbox {
        self.group = Some(group);
        self
    }

    /// Runs everything under the seccomp filter that `launcher` (`gamekit-confine`)
    /// installs: no socket, no other process reached, no namespace (see its crate's docs).
    pub fn confined(mut self, launcher: &Path) -> Sandbox {
        self.confine = Some(launcher.to_owned());
        self
    }

    /// Ends what the sandbox's fixed user left behind, where no namespace does it: its every
    /// process, and its files in the directories every user may write.
    pub fn end(&self) {
        if let (Isolation::Users, User::Fixed(user)) = (self.isolation, self.user) {
            end_user(user);
        }
    }

    /// What a process of this sandbox may open, where no namespace hides the rest (users of
    /// their own): the system's programs and libraries, its own paths, and `/proc` to read;
    /// its writable paths and `/dev/null` to write.
    fn reach(&self) -> gamekit_confine::Reach {
        let system = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/etc/alternatives", "/etc/ld.so.cache"];
        let devices = ["/proc", "/dev/urandom", "/dev/random", "/dev/zero"];
        let read = system.iter().chain(&devices).map(PathBuf::from).chain(self.read_only.iter().cloned());
        let write = std::iter::once(PathBuf::from("/dev/null")).chain(self.writable.iter().cloned());
        gamekit_confine::Reach { read: read.chain(self.confine.iter().cloned()).collect(), write: write.collect() }
    }

    /// Runs `program` with `args` in the sandbox, `input` on its stdin, within `limits`.
    ///
    /// # Errors
    /// When the process cannot be started.
    pub fn run(&self, program: &Path, args: &[OsString], input: &[u8], limits: Limits) -> std::io::Result<Ran> {
        let (mut command, user) = self.command(program, args);
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        // A run that is not confined is the kit's own: a suite's judge, which starts its probe
        // in its group. It has a share of the group's memory beside the submission's limit;
        // the probe's launcher asks the kernel's OOM killer to take its processes first.
        let judge = self.confine.is_none();
        let group = crate::sandbox::cgroups::Group::new(limits.memory + if judge { JUDGE_SHARE } else { 0 });
        apply_limits(&mut command, limits, group.as_ref().map(crate::sandbox::cgroups::Group::procs_fd));
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
        // A run that failed after the kernel ended one of its processes at the group's limit
        // was stopped by it, whatever the signs it then gave.
        let failed = !status.is_some_and(|status| status.success());
        let out_of_memory = failed && group.as_ref().is_some_and(crate::sandbox::cgroups::Group::out_of_memory);
        let limit = if out_of_memory && limit != Some(Limit::Output) { Some(Limit::Memory) } else { limit };
        if let (Isolation::Users, Some(user)) = (self.isolation, user) {
            end_user(user);
        }
        Ok(Ran { status, stdout, stderr, limit, seconds, group })
    }

    /// The command line that runs `program` in the sandbox, for a process that starts it
    /// itself (a judge its probe); the limits are what that process has.
    pub fn argv(&self, program: &Path) -> Vec<OsString> {
        let (command, _) = self.command(program, &[]);
        std::iter::once(command.get_program()).chain(command.get_args()).map(OsString::from).collect()
    }

    /// The command that runs `program` in the sandbox, and the user it runs as (when not the
    /// grader's). Inside, the filter's launcher comes first (where the sandbox is
    /// [`confined`](Self::confined)), then, as root, `setpriv` to the sandbox's user.
    fn command(&self, program: &Path, args: &[OsString]) -> (Command, Option<u32>) {
        let user = match (self.isolation, self.user) {
            (Isolation::None, _) => None,
            _ if !is_root() => None,
            // Never as the grader as users of their own: a user of its own.
            (Isolation::Users, User::Grader) => Some(crate::sandbox::users::new_user()),
            (_, User::Grader) => None,
            (_, User::OwnEachRun) => Some(crate::sandbox::users::new_user()),
            (_, User::Fixed(user)) => Some(user),
        };
        let mut inside: Vec<OsString> = self.confine.iter().map(OsString::from).collect();
        if let Some(confine) = &self.confine
            && self.isolation == Isolation::Users
            && landlock(confine).is_ok()
        {
            inside.extend(self.reach().options());
            inside.push("--".into());
        }
        if let Some(user) = user {
            inside.extend(self.unprivileged(user));
        }
        if self.isolation == Isolation::Users {
            // Nothing but what every user sees, in the sandbox's directory.
            inside.push(system_program("env").into());
            inside.extend(["-i", "-C"].map(OsString::from));
            inside.push(self.dir.clone().into());
            inside.extend(self.env.iter().map(|(name, value)| {
                let mut setting = OsString::from(format!("{name}="));
                setting.push(value);
                setting
            }));
        }
        inside.push(program.into());
        inside.extend(args.iter().cloned());
        let command = match self.isolation {
            Isolation::None | Isolation::Users => {
                let mut command = Command::new(&inside[0]);
                command.args(&inside[1..]).current_dir(&self.dir).env_clear();
                command.envs(self.env.iter().map(|(name, value)| (name, value)));
                command
            }
            Isolation::Bubblewrap => self.bubblewrap(&inside, user.is_some()),
        };
        (command, user)
    }

    /// `setpriv` as `user` in the sandbox's group, with no capabilities left and none to
    /// gain; the program and its arguments follow.
    fn unprivileged(&self, user: u32) -> Vec<OsString> {
        let (user, group) = (user.to_string(), self.group.map_or_else(|| user.to_string(), |group| group.to_string()));
        let words = ["--reuid", &user, "--regid", &group, "--clear-groups"].into_iter().chain([
            "--bounding-set=-all",
            "--inh-caps=-all",
            "--no-new-privs",
            "--",
        ]);
        std::iter::once(system_program("setpriv").into()).chain(words.map(OsString::from)).collect()
    }

    /// bubblewrap running `inside` (a command line); `own_user` when that switches to a user
    /// of its own (as root, so bubblewrap makes no user namespace).
    fn bubblewrap(&self, inside: &[OsString], own_user: bool) -> Command {
        let mut command = Command::new(system_program(BWRAP));
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
        binds.extend(self.read_only.iter().chain(&self.confine).map(|path| ("--ro-bind", path.as_path())));
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
        if !own_user && is_root() {
            command.args(["--cap-drop", "ALL"]);
        }
        command.arg("--").args(inside);
        command
    }
}

/// Whether the seccomp filter's launcher `confine` can keep a process to its files with
/// Landlock here (asked once): `Err` says why not (the kernel has none, a container refuses
/// it, or `GAMEKIT_LANDLOCK=off` says not to try, as a check of that case does). Then users
/// of their own still grade, and the report says what was missing ([`landlock_missing`]).
pub fn landlock(confine: &Path) -> Result<(), String> {
    LANDLOCK
        .get_or_init(|| {
            if std::env::var_os("GAMEKIT_LANDLOCK").is_some_and(|value| value == "off") {
                return Err("turned off by GAMEKIT_LANDLOCK=off".into());
            }
            let said = Command::new(confine).arg("--landlock").current_dir("/").stdin(Stdio::null()).output();
            let said = said.map_err(|error| error.to_string())?;
            let why = String::from_utf8_lossy(&said.stdout).trim().to_owned();
            if said.status.success() { Ok(()) } else { Err(why) }
        })
        .clone()
}

/// Why Landlock kept nothing in this grading, if it was asked and could not.
pub fn landlock_missing() -> Option<String> {
    LANDLOCK.get().and_then(|landlock| landlock.clone().err())
}

static LANDLOCK: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();

/// Makes the kit unreachable by the users sandboxes run as, where no namespace hides it:
/// its folder is closed to other users, so nothing in it (the solutions, the suites, the
/// fixtures, the engines, the judges) can be opened by them. What they build and run is
/// elsewhere (`place::scratch`).
///
/// # Errors
/// When its permissions cannot be changed.
pub fn protect_kit(kit: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(kit)?.permissions().mode();
    std::fs::set_permissions(kit, std::fs::Permissions::from_mode(mode & !0o007))
}

/// Kills every process of `user` (a `setsid` daemon too: without a PID namespace nothing
/// else would) and removes what it left in the directories every user may write.
fn end_user(user: u32) {
    // `kill(-1)` as the user signals every process of that user's, one that forks meanwhile
    // included, until none is left. (Its success says nothing: Linux counts the processes
    // it may not signal too.) Usually the test's processes are gone already, and none starts.
    for _ in 0..100 {
        if !alive(user) {
            break;
        }
        let mut killer = Command::new(system_program("true"));
        // SAFETY: between fork and exec the child only makes system calls (setgroups, setgid,
        // setuid, kill), which are async-signal-safe.
        unsafe {
            std::os::unix::process::CommandExt::pre_exec(&mut killer, move || {
                use nix::unistd::{Gid, Uid};
                nix::unistd::setgroups(&[])?;
                nix::unistd::setgid(Gid::from_raw(user))?;
                nix::unistd::setuid(Uid::from_raw(user))?;
                nix::sys::signal::kill(nix::unistd::Pid::from_raw(-1), nix::sys::signal::Signal::SIGKILL)?;
                Ok(())
            });
        }
        runs(&mut killer);
        std::thread::sleep(Duration::from_millis(2));
    }
    // Without Landlock, what it could write there (with it, it wrote in its own folders only).
    for shared in ["/tmp", "/var/tmp", "/dev/shm", "/run/lock"] {
        for entry in std::fs::read_dir(shared).into_iter().flatten().flatten() {
            use std::os::unix::fs::MetadataExt;
            let path = entry.path();
            match std::fs::symlink_metadata(&path) {
                Ok(metadata) if metadata.uid() == user && metadata.is_dir() => {
                    let _ = std::fs::remove_dir_all(&path);
                }
                Ok(metadata) if metadata.uid() == user => {
                    let _ = std::fs::remove_file(&path);
                }
                _ => {}
            }
        }
    }
}

/// Whether a process of `user` is running (one that has ended but is not yet waited for is
/// not: it can do nothing more): its real or saved user id, in `/proc/<pid>/status`.
fn alive(user: u32) -> bool {
    let processes = std::fs::read_dir("/proc").into_iter().flatten().flatten();
    processes
        .filter(|entry| entry.file_name().to_str().is_some_and(|name| name.bytes().all(|b| b.is_ascii_digit())))
        .any(|entry| {
            let status = std::fs::read_to_string(entry.path().join("status")).unwrap_or_default();
            let field = |name: &str| status.lines().find_map(|line| line.strip_prefix(name)).unwrap_or_default();
            let ids: Vec<&str> = field("Uid:").split_whitespace().collect();
            let own = [ids.first(), ids.get(2)].into_iter().flatten().any(|id| id.parse() == Ok(user));
            own && !field("State:").trim_start().starts_with('Z')
        })
}

/// Whether the grader runs as root, and so can run sandboxes as users of their own.
pub fn is_root() -> bool {
    nix::unistd::geteuid().is_root()
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
    if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status) {
        return Some(signal);
    }
    status.code().filter(|code| (129..=159).contains(code)).map(|code| code - 128)
}

/// The memory a suite's judge may use beside its probe's limit, in the cgroup they share.
const JUDGE_SHARE: u64 = 256 * MIB;

/// Limits the process and its children, in the child just before it runs: it joins the
/// cgroup whose `cgroup.procs` is open as `group`, where it has one (memory in all).
/// The process limit is set only for root, which it does not bind: it binds the users of
/// their own that sandboxes switch to, counting only theirs.
fn apply_limits(command: &mut Command, limits: Limits, group: Option<std::os::fd::RawFd>) {
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

/// Kills the sandbox (its first process, and so every other in its PID namespace) and the
/// process group it leads.
fn kill(child: &mut std::process::Child) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A user's process, a `setsid` one too, is alive until the user is ended.
    #[test]
    fn a_users_processes_are_alive_until_ended_and_none_is_then() {
        if !is_root() {
            return;
        }
        let user = crate::sandbox::users::new_user();
        assert!(!alive(user), "a new user has no process");
        let mut daemon = Command::new(system_program("env"));
        daemon.args(["setsid", "sleep", "30"]);
        // SAFETY: between fork and exec the child only makes system calls.
        unsafe {
            std::os::unix::process::CommandExt::pre_exec(&mut daemon, move || {
                nix::unistd::setgroups(&[])?;
                nix::unistd::setgid(nix::unistd::Gid::from_raw(user))?;
                nix::unistd::setuid(nix::unistd::Uid::from_raw(user))?;
                Ok(())
            });
        }
        let mut daemon = daemon.spawn().expect("a process of the user's");
        assert!(alive(user), "its process runs");
        end_user(user);
        let _ = daemon.wait();
        assert!(!alive(user), "ended");
    }

    /// The report says what was closed in every mode: the network where code was isolated,
    /// and the filter's refusals in all three.
    #[test]
    fn the_isolation_line_says_what_was_closed() {
        for isolation in [Isolation::Bubblewrap, Isolation::Users, Isolation::None] {
            let full = isolation.describe();
            assert!(full.contains("seccomp filter") && full.contains("no socket of any kind"), "{full}");
        }
        for isolation in [Isolation::Bubblewrap, Isolation::Users] {
            assert!(isolation.short().contains("no network"), "{}", isolation.short());
        }
        assert!(Isolation::None.short().starts_with("NOT ISOLATED"));
    }

    /// What a build writes its tests' users must not be able to change, whatever umask the
    /// grader was started with.
    #[test]
    fn a_sandbox_writes_with_umask_022_whatever_the_graders() {
        use nix::sys::stat::{Mode, umask};
        let graders = umask(Mode::from_bits_truncate(0o002));
        let ran = Sandbox::new(Isolation::None, &std::env::temp_dir()).run(
            Path::new("/bin/sh"),
            &["-c".into(), "umask".into()],
            b"",
            Limits::test(Duration::from_secs(10)),
        );
        umask(graders);
        assert_eq!(String::from_utf8_lossy(&ran.expect("sh runs").stdout).trim(), "0022");
    }

    /// Where runs get cgroups, a judge (a run not confined) is in a group of its own run's.
    #[test]
    fn a_judge_runs_in_a_cgroup_of_its_own() {
        if !crate::sandbox::cgroups::tests::groups_here() {
            return;
        }
        let script = "grep -E '^[0-9]+:(memory)?:' /proc/self/cgroup";
        let limits = Limits::test(Duration::from_secs(10));
        let ran = Sandbox::new(Isolation::None, &std::env::temp_dir())
            .run(Path::new("/bin/sh"), &["-c".into(), script.into()], b"", limits)
            .expect("sh runs");
        let printed = String::from_utf8_lossy(&ran.stdout).into_owned();
        let group = ran.group.as_ref().expect("a cgroup");
        assert!(printed.contains(&format!("/gamekit-{}-", std::process::id())), "{printed}");
        assert!(!group.out_of_memory());
    }
}
