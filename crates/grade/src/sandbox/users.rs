//! The user ids sandboxes run as, when the grader is root: a test's (its probe's processes,
//! all ended with it) and a harness's (its builds, the owner of its files). Each is leased,
//! so that no two graders on one machine, and no two harnesses, ever share one: a shared id
//! would let one submission's code signal, or read the files of, another's.
//!
//! The leases are files in `users/` of the scratch base (`/var/cache/gamekit`, or the
//! folder `GAMEKIT_SCRATCH` names: graders that share a machine share it), root's alone:
//! - each grader holds a lock (`flock`, let go when it exits, even killed) on one block of
//!   `BLOCK` test ids, `tests-<block>`, and hands them out in turn;
//! - each harness claims an id, `harness-<id>` holding the harness's path, from its path's
//!   hash on, under a lock on `harnesses.lock`; it keeps it while its files exist
//!   ([`forget_harness`] lets it go).
//!
//! Where that folder cannot be made (not root, or a read-only system), ids are drawn as
//! before leases, at random: they seldom meet.

use super::isolation::{runs, system_program};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

/// The first of the user ids sandboxes run as: far above any account's.
const SANDBOX_USERS: u32 = 1_800_000_000;
/// How many ids tests have, and harnesses.
const USERS_EACH: u32 = 100_000_000;
/// How many test ids a grader leases at once: more than it runs tests (300 submissions of
/// 200 tests each), so that it never comes back to an id before that test has ended.
const BLOCK: u32 = 1 << 16;

/// The user ids sandboxes run as (tests', then harnesses'), for a check that none is left
/// running.
pub const SANDBOX_USER_IDS: std::ops::Range<u32> = SANDBOX_USERS..SANDBOX_USERS + 2 * USERS_EACH;

/// A user id no other test has, on this machine, while this grader runs (or, without a
/// lease, that another grader seldom has): new at each call, so that limits on processes
/// count only its sandbox's, and its end ends only that sandbox's processes.
pub fn new_user() -> u32 {
    struct Tests {
        first: u32,
        next: AtomicU32,
        /// The lease, locked for as long as this grader runs.
        _lease: Option<File>,
    }
    static TESTS: OnceLock<Tests> = OnceLock::new();
    let tests = TESTS.get_or_init(|| {
        let start = random() % (USERS_EACH / BLOCK);
        let leased = leases().ok().and_then(|dir| lease_block(&dir, start));
        let (block, lease) = leased.map_or((start, None), |(block, lease)| (block, Some(lease)));
        Tests { first: SANDBOX_USERS + block * BLOCK, next: AtomicU32::new(0), _lease: lease }
    });
    tests.first + tests.next.fetch_add(1, Ordering::Relaxed) % BLOCK
}

/// The first block from `start` on whose lease in `dir` no other process holds, locked.
fn lease_block(dir: &Path, start: u32) -> Option<(u32, File)> {
    let blocks = USERS_EACH / BLOCK;
    (0..blocks).map(|at| (start + at) % blocks).find_map(|block| {
        let lease = open(&dir.join(format!("tests-{block}"))).ok()?;
        lease.try_lock().ok()?;
        Some((block, lease))
    })
}

/// The user (and group) id of the harness in `harness`: its own, the same on every grade of
/// the submission, so that its files stay its own; no other harness's while it is claimed.
pub fn harness_user(harness: &Path) -> u32 {
    let claimed = leases().ok().and_then(|dir| claim(&dir, harness, from(harness)));
    SANDBOX_USERS + USERS_EACH + claimed.unwrap_or_else(|| from(harness))
}

/// The id `harness` has claimed in `dir` among the 1,024 from `from` on, or else the first
/// of them no harness has (then claimed for it), under the lock on `harnesses.lock`.
fn claim(dir: &Path, harness: &Path, from: u32) -> Option<u32> {
    let lock = open(&dir.join("harnesses.lock")).ok()?;
    lock.lock().ok()?;
    let name = harness.as_os_str().as_encoded_bytes();
    let path = |id: u32| dir.join(format!("harness-{id}"));
    let mut ids = (0..1024).map(|at| (from + at) % USERS_EACH);
    // Its own wherever it is: one before it may have been let go since.
    ids.clone().find(|&id| std::fs::read(path(id)).is_ok_and(|holder| holder == name)).or_else(|| {
        ids.find(|&id| {
            std::fs::symlink_metadata(path(id)).is_err_and(|error| error.kind() == std::io::ErrorKind::NotFound)
                && crate::output::write_new(&path(id), name).is_ok()
        })
    })
}

/// Lets go of the id the harness in `harness` claimed, once its files are gone.
pub fn forget_harness(harness: &Path) {
    if let Ok(dir) = leases() {
        unclaim(&dir, harness, from(harness));
    }
}

/// Lets go of what [`claim`] gave `harness`.
fn unclaim(dir: &Path, harness: &Path, from: u32) {
    let Some(lock) = open(&dir.join("harnesses.lock")).ok().filter(|lock| lock.lock().is_ok()) else { return };
    let name = harness.as_os_str().as_encoded_bytes();
    for path in (0..1024).map(|at| dir.join(format!("harness-{}", (from + at) % USERS_EACH))) {
        if std::fs::read(&path).is_ok_and(|holder| holder == name) {
            let _ = std::fs::remove_file(&path);
        }
    }
    drop(lock);
}

/// Where a harness's id is looked for from: its path's hash.
fn from(harness: &Path) -> u32 {
    (crate::hash::stable(harness.as_os_str().as_encoded_bytes()) % u64::from(USERS_EACH)) as u32
}

/// The folder of the leases, made once: root's alone, in a base that only root may write.
fn leases() -> Result<PathBuf, ()> {
    static LEASES: OnceLock<Option<PathBuf>> = OnceLock::new();
    let made = LEASES.get_or_init(|| {
        nix::unistd::geteuid().is_root().then(|| leases_in(&crate::sandbox::places::scratch_base())).flatten()
    });
    made.clone().ok_or(())
}

/// `users/` in `base`, made if missing, if it is root's alone and `base` only root may write.
/// The base, when it is made here, is made as `place::scratch` makes it: others may pass
/// through it to their harness.
fn leases_in(base: &Path) -> Option<PathBuf> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt};
    std::fs::DirBuilder::new().recursive(true).mode(0o711).create(base).ok()?;
    let dir = base.join("users");
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(&dir).ok()?;
    let metadata = std::fs::symlink_metadata(&dir).ok()?;
    let own = metadata.is_dir() && metadata.uid() == 0 && metadata.mode() & 0o077 == 0;
    (own && crate::sandbox::places::trusted(base).is_ok()).then_some(dir)
}

/// A lease file, made if missing, readable by root alone.
fn open(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new().create(true).truncate(false).write(true).mode(0o600).open(path)
}

/// A number of this process's own (its id and start time): where it starts looking.
fn random() -> u32 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    std::process::id().wrapping_mul(2_654_435_761) ^ now.subsec_nanos()
}

/// Kills every process of `user` (a `setsid` daemon too: without a PID namespace nothing
/// else would) and removes what it left in the directories every user may write.
pub(crate) fn end_user(user: u32) {
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
pub(crate) fn alive(user: u32) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sandbox::is_root;

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

    /// Made first, the base of the leases is as the scratch folder is made: others may pass
    /// through it to their harness (made 700, no build of theirs could start).
    #[test]
    fn the_leases_leave_their_base_passable() {
        use std::os::unix::fs::PermissionsExt;
        let scratch = crate::scratch("users-base");
        let base = scratch.join("gamekit");
        let made = leases_in(&base);
        let mode = |path: &Path| std::fs::metadata(path).expect("made").permissions().mode() & 0o777;
        assert_eq!(mode(&base), 0o711);
        assert_eq!(mode(&base.join("users")), 0o700);
        if nix::unistd::geteuid().is_root() {
            assert_eq!(made, None, "below the system's temporary folder, which others may write");
        }
        std::fs::remove_dir_all(scratch).expect("removed");
    }

    /// Two graders never lease one block of test ids: the second finds the first's locked
    /// and takes the next; a lease let go is taken again.
    #[test]
    fn a_block_of_test_ids_is_one_graders_alone() {
        let dir = crate::scratch("users-blocks");
        let (first, lease) = lease_block(&dir, 7).expect("a block");
        assert_eq!(first, 7);
        // Another open file description, as another grader's: the lock holds against it.
        let (second, _other) = lease_block(&dir, 7).expect("another block");
        assert_eq!(second, 8, "block 7 is leased");
        drop(lease);
        // A process that another test forks meanwhile shares the lock's file until it runs
        // its program (the file closes on exec): for a moment, block 7 may still be held.
        let again = (0..200).any(|_| {
            let free = lease_block(&dir, 7).is_some_and(|(block, _)| block == 7);
            if !free {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            free
        });
        assert!(again, "let go, it is free again");
        let last = USERS_EACH / BLOCK - 1;
        let (_, _held) = lease_block(&dir, last).expect("the last block");
        assert_eq!(lease_block(&dir, last).map(|(block, _)| block), Some(0), "after the last, the first");
        std::fs::remove_dir_all(dir).expect("removed");
    }

    /// Two harnesses whose paths hash alike get ids of their own, each the same every time,
    /// until it is forgotten.
    #[test]
    fn a_harness_claims_an_id_no_other_harness_has() {
        let dir = crate::scratch("users-harnesses");
        let (one, two) = (Path::new("/scratch/a-1"), Path::new("/scratch/b-2"));
        assert_eq!(claim(&dir, one, 41), Some(41));
        assert_eq!(claim(&dir, two, 41), Some(42), "41 is the first's");
        assert_eq!(claim(&dir, one, 41), Some(41), "the same id again");
        assert_eq!(claim(&dir, two, 41), Some(42));
        unclaim(&dir, one, 41);
        assert_eq!(claim(&dir, two, 41), Some(42), "its own still, before the one let go");
        assert_eq!(claim(&dir, Path::new("/scratch/c-3"), 41), Some(41), "the one let go, taken again");
        std::fs::remove_dir_all(dir).expect("removed");
    }
}
