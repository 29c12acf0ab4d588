//! Which isolation this machine gives ([`Isolation`]): bubblewrap where it can make its
//! namespaces, else users of their own as root (with `setpriv`, Landlock, and a toolchain
//! every user can read: [`sysroot`]), else none; and where the system's programs are.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

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

pub(crate) const BWRAP: &str = "bwrap";

/// A run of bubblewrap with the namespaces and file systems every sandbox has.
pub(crate) const BWRAP_CHECK: [&str; 10] =
    ["--ro-bind", "/", "/", "--unshare-all", "--proc", "/proc", "--dev", "/dev", "--", "true"];

/// The folders the grader takes the system's programs from (`bwrap`, `setpriv`, `env`,
/// `true`), whatever its own `PATH` says: a folder on it that others may write would let them
/// choose what the grader runs.
pub(crate) const SYSTEM_PATH: [&str; 6] =
    ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"];

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
pub(crate) fn runs(command: &mut Command) -> bool {
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
pub(crate) fn readable_sysroot() -> Result<PathBuf, String> {
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
pub(crate) fn root_only_below(dir: &Path, leave_out: &[&str]) -> Result<(), String> {
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

pub(crate) static LANDLOCK: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();

/// Whether the grader runs as root, and so can run sandboxes as users of their own.
pub fn is_root() -> bool {
    nix::unistd::geteuid().is_root()
}
