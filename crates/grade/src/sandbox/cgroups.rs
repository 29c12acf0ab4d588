//! A run's memory limited in all of its processes together, with a control group, where the
//! machine lets the grader make one.
//!
//! `RLIMIT_AS` limits each process alone: a test may start 256 processes of 1 GiB each, or
//! fill `/dev/shm` (memory) a file at a time. A cgroup's memory limit counts every page its
//! processes use, shared memory included, and the kernel's OOM killer ends one of them when
//! they pass it. So every sandboxed run gets a group of its own ([`Group`]), which its first
//! process joins before it runs anything (its children are born in it, and none may leave:
//! the group's folder is root's), with the run's memory limit; the per-process limit stays.
//! A test's judge shares its group with the probe it starts, with a share of its own beside
//! the submission's limit (`mod.rs`, the sandbox); the OOM killer takes the probe's processes first
//! (`gamekit-confine` asks it to).
//!
//! Both versions of cgroups are used, whichever holds the memory controller:
//! - **v2** (today's systems): the grader's own cgroup must be delegated to it with the
//!   `memory` controller (systemd's `Delegate=yes`, a container with its cgroup namespace
//!   writable). As the kernel allows no process in a cgroup whose children have
//!   controllers, the grader first moves itself into a leaf of its own (`gamekit-grader`),
//!   as delegated services do. A run's group then gets `memory.max`, no swap, and
//!   `cgroup.kill` when it ends.
//! - **v1** (older systems, and this kit's CI machines, where `memory` is a v1 hierarchy of
//!   its own): `memory.limit_in_bytes` (and `memory.memsw.limit_in_bytes`, with swap).
//!
//! Where neither can be made (not root, a read-only `/sys/fs/cgroup`, as in most containers;
//! or `GAMEKIT_CGROUP=off`, for the kit's check of that case), memory is limited per process
//! only, and the report says so and why ([`per_process`]).

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Which cgroup version holds the memory controller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Version {
    V1,
    V2,
}

/// The grader's own cgroup, in which runs' groups are made.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Parent {
    version: Version,
    dir: PathBuf,
}

/// One run's cgroup: joined by the run's first process; when dropped (after every process of
/// the run has been ended), kept for another run with the same limit once it is empty.
/// A grader reuses its groups: a process in a new memory cgroup costs 3.3 ms more to start
/// and end than in one already used (measured here), a tenth of a test's time.
#[derive(Debug)]
pub struct Group {
    idle: Idle,
    /// Its `cgroup.procs`, open for the run's first process to write itself in.
    procs: File,
    /// The kernel's count of its processes killed at its limit, before this run.
    killed_before: u64,
}

/// A group of this grader's, empty, with its limit.
#[derive(Debug)]
struct Idle {
    version: Version,
    dir: PathBuf,
    bytes: u64,
}

/// The groups that ran their runs and are empty now.
static IDLE: std::sync::Mutex<Vec<Idle>> = std::sync::Mutex::new(Vec::new());

/// Why a run's memory is limited per process only, here; `None` when each run got a group.
pub fn per_process() -> Option<String> {
    parent().err().or_else(|| UNMADE.get().cloned())
}

/// Finds, prepares and tries the grader's cgroup, before the grader starts any process of
/// its own that could still be running (cgroup v2 moves the grader, and only when no other
/// process shares its cgroup).
pub fn prepare() {
    let _ = parent();
}

/// Why a run got no group though others did (the first such run's): its memory was then
/// limited per process only, which the report says.
static UNMADE: std::sync::OnceLock<String> = std::sync::OnceLock::new();

impl Group {
    /// A group limited to `bytes` of memory, or `None` where groups cannot be made
    /// ([`per_process`] says why).
    pub fn new(bytes: u64) -> Option<Group> {
        let parent = parent().ok()?;
        let mut idle = IDLE.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let reused = idle.iter().position(|group| group.bytes == bytes).map(|at| idle.swap_remove(at));
        drop(idle);
        let made = reused.map_or_else(|| make(&parent, bytes), Ok).and_then(|idle| {
            let procs = std::fs::OpenOptions::new().write(true).open(idle.dir.join("cgroup.procs"))?;
            Ok(Group { killed_before: oom_kills(&idle), idle, procs })
        });
        made.map_err(|error| UNMADE.get_or_init(|| format!("a test's cgroup could not be made: {error}"))).ok()
    }

    /// The file descriptor of its `cgroup.procs`, which the run's first process writes "0"
    /// to (itself) between `fork` and `exec`. It is closed on `exec`.
    pub fn procs_fd(&self) -> std::os::fd::RawFd {
        std::os::fd::AsRawFd::as_raw_fd(&self.procs)
    }

    /// Whether the kernel killed one of its processes at its memory limit in this run.
    pub fn out_of_memory(&self) -> bool {
        oom_kills(&self.idle) > self.killed_before
    }
}

impl Drop for Group {
    /// Kills what is left in it (v2's `cgroup.kill`; v1 has none, and there the sandbox has
    /// ended every process already), and keeps it for another run once its last process is
    /// gone: usually at once, else within a few milliseconds, waited for on a thread of its
    /// own so that the next test need not. A group still busy after a second is left, to be
    /// removed by the next grader that starts.
    fn drop(&mut self) {
        let idle = Idle { version: self.idle.version, dir: std::mem::take(&mut self.idle.dir), bytes: self.idle.bytes };
        if idle.version == Version::V2 {
            let _ = std::fs::write(idle.dir.join("cgroup.kill"), "1");
        }
        let empty = |idle: &Idle| {
            let procs = std::fs::read_to_string(idle.dir.join("cgroup.procs"));
            procs.is_ok_and(|procs| procs.trim().is_empty())
        };
        let keep = |idle: Idle| IDLE.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(idle);
        if empty(&idle) {
            return keep(idle);
        }
        std::thread::spawn(move || {
            for _ in 0..1000 {
                std::thread::sleep(std::time::Duration::from_millis(1));
                if empty(&idle) {
                    return keep(idle);
                }
            }
        });
    }
}

/// How many of `group`'s processes the kernel has killed at its limit.
fn oom_kills(group: &Idle) -> u64 {
    let file = match group.version {
        Version::V1 => "memory.oom_control",
        Version::V2 => "memory.events",
    };
    oom_kill(&std::fs::read_to_string(group.dir.join(file)).unwrap_or_default())
}

/// The `oom_kill` counter of a cgroup's flat keyed file ("oom_kill 2").
fn oom_kill(text: &str) -> u64 {
    let value = text.lines().find_map(|line| line.strip_prefix("oom_kill "));
    value.and_then(|value| value.trim().parse().ok()).unwrap_or(0)
}

/// Makes a group in `parent` with a memory limit of `bytes`, named for this grader and a count.
fn make(parent: &Parent, bytes: u64) -> std::io::Result<Idle> {
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let name = format!("gamekit-{}-{}", std::process::id(), COUNT.fetch_add(1, Ordering::Relaxed));
    let dir = parent.dir.join(name);
    std::fs::create_dir(&dir)?;
    match limit(parent.version, &dir, bytes) {
        Ok(()) => Ok(Idle { version: parent.version, dir, bytes }),
        Err(error) => {
            let _ = std::fs::remove_dir(&dir);
            Err(error)
        }
    }
}

/// Sets group `dir`'s memory limit, and keeps its processes from swapping past it: where the
/// machine swaps and the kernel does not account swap (the file is missing), the limit would
/// only move memory to the swap, so no group is made.
fn limit(version: Version, dir: &Path, bytes: u64) -> std::io::Result<()> {
    let bytes = bytes.to_string();
    let (memory, swap, swap_limit) = match version {
        Version::V1 => ("memory.limit_in_bytes", "memory.memsw.limit_in_bytes", bytes.as_str()),
        Version::V2 => ("memory.max", "memory.swap.max", "0"),
    };
    std::fs::write(dir.join(memory), &bytes)?;
    let swap = dir.join(swap);
    if swap.exists() {
        std::fs::write(swap, swap_limit)
    } else if swaps() {
        Err(std::io::Error::other("the machine swaps and the kernel accounts no swap to a cgroup"))
    } else {
        Ok(())
    }
}

/// Whether the machine has swap turned on (`/proc/swaps` lists more than its heading).
fn swaps() -> bool {
    std::fs::read_to_string("/proc/swaps").is_ok_and(|swaps| swaps.lines().count() > 1)
}

/// The grader's cgroup where runs' groups can be made (found, prepared and tried once), or
/// why not.
fn parent() -> Result<Parent, String> {
    static PARENT: std::sync::OnceLock<Result<Parent, String>> = std::sync::OnceLock::new();
    PARENT
        .get_or_init(|| {
            if std::env::var_os("GAMEKIT_CGROUP").is_some_and(|value| value == "off") {
                return Err("turned off by GAMEKIT_CGROUP=off".into());
            }
            if !nix::unistd::geteuid().is_root() {
                return Err("the grader is not root".into());
            }
            let read = |path| std::fs::read_to_string(path).unwrap_or_default();
            let parent = own(&read("/proc/self/cgroup"), &read("/proc/self/mountinfo"))
                .ok_or("no cgroup with the memory controller is mounted here")?;
            if parent.version == Version::V2 {
                delegate(&parent.dir)?;
            }
            sweep(&parent.dir);
            // One group made and removed: the folder may be read-only, or refuse a limit.
            make(&parent, 1 << 30)
                .map(|group| {
                    let _ = std::fs::remove_dir(group.dir);
                })
                .map_err(|error| format!("cannot make a cgroup in {}: {error}", crate::shown::path(&parent.dir)))?;
            Ok(parent)
        })
        .clone()
}

/// Makes cgroup v2 `dir` pass the memory controller to its children: the grader moves itself
/// into a leaf (no cgroup may hold processes and give its children controllers), then
/// enables `memory` below `dir`.
fn delegate(dir: &Path) -> Result<(), String> {
    let has = |file: &str| std::fs::read_to_string(dir.join(file)).unwrap_or_default();
    if !has("cgroup.controllers").split_whitespace().any(|name| name == "memory") {
        return Err(format!("the memory controller is not delegated to {}", crate::shown::path(dir)));
    }
    if has("cgroup.subtree_control").split_whitespace().any(|name| name == "memory") {
        return Ok(());
    }
    let enable = || std::fs::write(dir.join("cgroup.subtree_control"), "+memory");
    if enable().is_ok() {
        return Ok(());
    }
    // A cgroup of the grader's alone: one that other processes share (a shell, a container's
    // first process) was not delegated to it, and moving the grader would not free it.
    let own = std::process::id().to_string();
    if has("cgroup.procs").lines().any(|pid| pid != own) {
        return Err(format!("{} holds other processes than the grader", crate::shown::path(dir)));
    }
    let leaf = dir.join("gamekit-grader");
    let moved = std::fs::create_dir_all(&leaf)
        .and_then(|()| std::fs::OpenOptions::new().write(true).open(leaf.join("cgroup.procs")))
        .and_then(|mut procs| procs.write_all(std::process::id().to_string().as_bytes()));
    moved
        .and_then(|()| enable())
        .map_err(|error| format!("cannot enable the memory controller below {}: {error}", crate::shown::path(dir)))
}

/// Removes the groups that graders no longer running left behind (one that was killed).
fn sweep(dir: &Path) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name();
        let grader = name.to_str().and_then(|name| name.strip_prefix("gamekit-")?.split_once('-'));
        if let Some((pid, _)) = grader
            && pid.bytes().all(|byte| byte.is_ascii_digit())
            && !Path::new("/proc").join(pid).exists()
        {
            let _ = std::fs::remove_dir(entry.path());
        }
    }
}

/// The grader's cgroup that holds the memory controller, from `/proc/self/cgroup` and
/// `/proc/self/mountinfo`: v1's `memory` hierarchy where one is mounted, else v2's.
fn own(cgroups: &str, mountinfo: &str) -> Option<Parent> {
    // "4:memory:/a/b" (v1) and "0::/a/b" (v2).
    let path_of = |wanted: &dyn Fn(&str, &str) -> bool| {
        cgroups.lines().find_map(|line| {
            let mut fields = line.splitn(3, ':');
            let (id, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
            wanted(id, controllers).then_some(path)
        })
    };
    // "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory": the last
    // (a mount over an earlier one hides it).
    let mount_of = |wanted: &dyn Fn(&str, &str) -> bool| {
        mountinfo.lines().rev().find_map(|line| {
            let (before, after) = line.split_once(" - ")?;
            let before: Vec<&str> = before.split(' ').collect();
            let after: Vec<&str> = after.split(' ').collect();
            let (root, point) = (before.get(3)?, before.get(4)?);
            wanted(after.first()?, after.get(2).unwrap_or(&"")).then_some((*root, *point))
        })
    };
    let memory = |options: &str| options.split(',').any(|option| option == "memory");
    let v1 = path_of(&|id, controllers| id != "0" && memory(controllers))
        .zip(mount_of(&|kind, options| kind == "cgroup" && memory(options)))
        .map(|found| (Version::V1, found));
    let v2 = || {
        path_of(&|id, controllers| id == "0" && controllers.is_empty())
            .zip(mount_of(&|kind, _| kind == "cgroup2"))
            .map(|found| (Version::V2, found))
    };
    let (version, (path, (root, point))) = v1.or_else(v2)?;
    // A mount of a part of the hierarchy (a container's) shows it at its mount point; a
    // cgroup outside the part mounted is not reachable here.
    let below = Path::new(path).strip_prefix(unescape(root)).ok()?;
    Some(Parent { version, dir: Path::new(&unescape(point)).join(below) })
}

/// A mountinfo path, whose spaces, tabs, newlines and backslashes are written in octal.
fn unescape(path: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let code = rest.get(at + 1..at + 4).and_then(|digits| u8::from_str_radix(digits, 8).ok());
        match code {
            Some(byte) => {
                out.push(char::from(byte));
                rest = &rest[at + 4..];
            }
            None => {
                out.push('\\');
                rest = &rest[at + 1..];
            }
        }
    }
    out + rest
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Whether runs get groups here; where not, a check of them is skipped with its reason,
    /// but not in the kit's own CI (`GAMEKIT_CI`), whose machines have them.
    pub(crate) fn groups_here() -> bool {
        let Some(why) = per_process() else { return true };
        assert!(std::env::var_os("GAMEKIT_CI").is_none(), "the kit's CI makes cgroups, but here: {why}");
        eprintln!("skipped: {why}");
        false
    }

    /// This kit's CI machines: the memory controller is a v1 hierarchy beside a v2 one that
    /// holds none.
    const HYBRID_CGROUP: &str = "9:name=systemd:/\n4:memory:/process_api/a95\n1:cpu:/\n0::/\n";
    const HYBRID_MOUNTS: &str = "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n\
         35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n\
         41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";

    #[test]
    fn the_memory_controllers_hierarchy_is_found() {
        let found = own(HYBRID_CGROUP, HYBRID_MOUNTS);
        let expected = Parent { version: Version::V1, dir: "/sys/fs/cgroup/memory/process_api/a95".into() };
        assert_eq!(found, Some(expected));
        // Today's systems: v2 alone; a service's cgroup.
        let found = own(
            "0::/system.slice/grader.service\n",
            "30 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n",
        );
        let expected = Parent { version: Version::V2, dir: "/sys/fs/cgroup/system.slice/grader.service".into() };
        assert_eq!(found, Some(expected));
        // A container that sees its own part of the hierarchy at the mount point.
        let found =
            own("0::/kubepods/pod1/c2\n", "30 23 0:26 /kubepods/pod1/c2 /sys/fs/cgroup ro - cgroup2 cgroup2 rw\n");
        assert_eq!(found.map(|parent| parent.dir), Some("/sys/fs/cgroup".into()));
        // A cgroup outside the part of the hierarchy mounted: none.
        assert_eq!(own("0::/other\n", "30 23 0:26 /kubepods/pod1 /sys/fs/cgroup ro - cgroup2 cgroup2 rw\n"), None);
        assert_eq!(
            own("0::/kubepods/pod10\n", "30 23 0:26 /kubepods/pod1 /sys/fs/cgroup ro - cgroup2 cgroup2 rw\n"),
            None
        );
        // No cgroup file system mounted.
        assert_eq!(own("0::/\n", "22 1 0:21 / / rw - ext4 /dev/sda1 rw\n"), None);
        assert_eq!(own("", ""), None);
    }

    #[test]
    fn mountinfo_paths_are_unescaped() {
        assert_eq!(unescape(r"/mnt/a\040b\011c\134d"), "/mnt/a b\tc\\d");
        assert_eq!(unescape(r"/mnt/\0"), r"/mnt/\0");
    }

    #[test]
    fn the_oom_kill_counter_is_read() {
        assert_eq!(oom_kill("oom_kill_disable 0\nunder_oom 0\noom_kill 2\n"), 2);
        assert_eq!(oom_kill("low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\noom_group_kill 0\n"), 1);
        assert_eq!(oom_kill("oom_kill_disable 1\n"), 0);
        assert_eq!(oom_kill(""), 0);
    }

    /// As root where the machine has a memory cgroup: processes that each stay under the
    /// limit are stopped together, and the group says so.
    #[test]
    fn a_groups_processes_are_limited_together() {
        if !groups_here() {
            return;
        }
        let group = Group::new(64 << 20).expect("a group");
        let fd = group.procs_fd();
        let mut command = std::process::Command::new("sh");
        // Three processes of 40 MiB each (`head` holds what it skips in no buffer: `tr`'s
        // output is kept by a shell variable).
        command.args(["-c", "for i in 1 2 3; do (x=$(head -c 41943040 /dev/zero | tr '\\0' a); sleep 1) & done; wait"]);
        // SAFETY: between fork and exec the child only writes to a file descriptor.
        unsafe {
            std::os::unix::process::CommandExt::pre_exec(&mut command, move || {
                nix::unistd::write(std::os::fd::BorrowedFd::borrow_raw(fd), b"0")?;
                Ok(())
            });
        }
        assert!(command.status().expect("sh").success());
        assert!(group.out_of_memory(), "120 MiB in all ran under a limit of 64");
        let dir = group.idle.dir.clone();
        drop(group);
        // Kept for another run (once its processes are gone, which a thread may wait for),
        // which starts with no process killed.
        let kept = || IDLE.lock().unwrap_or_else(std::sync::PoisonError::into_inner).iter().any(|idle| idle.dir == dir);
        let since = std::time::Instant::now();
        while !kept() && since.elapsed() < std::time::Duration::from_secs(2) {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        let again = Group::new(64 << 20).expect("a group");
        assert_eq!(again.idle.dir, dir);
        assert!(!again.out_of_memory());
    }
}
