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
//!
//! Here: the sandbox and its run ([`Sandbox`], [`Ran`]); which isolation the machine gives
//! (`isolation.rs`); the limits and which one a run hit (`limits.rs`); reading what a run
//! writes (`capture.rs`); the user ids, leased, and a user's processes ended (`users.rs`);
//! where only root may write, and the kit closed to others (`places.rs`); a test's memory
//! in all of its processes (`cgroups.rs`).

mod capture;
pub(crate) mod cgroups;
mod isolation;
mod limits;
pub mod places;
pub mod users;

pub use isolation::{Isolation, is_root, landlock, landlock_missing, sysroot, system_program};
pub use limits::{Limit, Limits};
pub use places::protect_kit;

use capture::{drain, kill};
use isolation::BWRAP;
use limits::{JUDGE_SHARE, MIB, apply_limits, limit_of};
use users::end_user;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use wait_timeout::ChildExt;

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

#[cfg(test)]
mod tests {
    use super::*;

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
