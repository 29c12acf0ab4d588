//! # gamekit-confine
//!
//! The seccomp filter every process of a submission's runs under, in every isolation mode:
//! what a build or a probe never needs, and that would reach past its user, is refused.
//!
//! bubblewrap's namespaces already hide the network and the other processes; users of their
//! own (where a container lets no namespace be made, Gradescope's among them) hide neither.
//! The filter closes what they leave open, the same in every mode:
//! - **no socket**: `socket()` is refused for every family, `AF_UNIX` too (an abstract Unix
//!   socket has no permissions to keep a listener's callers out, and a probe talks to its
//!   judge through pipes); `socketpair()` stays, since its two ends reach only each other;
//!   io_uring, which makes sockets without `socket()`, is refused too;
//! - **no other process**: `ptrace`, `process_vm_readv`/`writev`, `pidfd_getfd`, `kcmp`;
//! - **nothing the kernel keeps after the test**: System V IPC and POSIX message queues, the
//!   kernel's keyrings;
//! - **no namespace, mount or kernel state**: `unshare`, `setns`, `clone` with a namespace
//!   flag, `mount` and the new mount API, `chroot`, `pivot_root`, modules, `kexec`, `bpf`,
//!   `perf_event_open`, `userfaultfd`, `acct`, `swapon`, `reboot`, `syslog`, and the file
//!   handles that open a file by number (`open_by_handle_at`).
//!
//! Each is refused with `EPERM` ("Operation not permitted"), so the submission's code sees an
//! ordinary error; `clone3`, whose flags a filter cannot read, answers `ENOSYS`, so the C
//! library falls back to `clone`. A system call of another architecture's numbering (32-bit
//! x86's on x86-64) kills the process, so none of these is reached by another number.
//!
//! The `gamekit-confine` program installs the filter and then runs the rest of its command
//! line: `gamekit-confine setpriv … -- env … probe`, or inside bubblewrap. A filter lasts
//! through every `exec` and is inherited by every child, and none can be removed.
//!
//! Where no namespace hides the machine's files (users of their own), it also keeps the
//! process to the files it is given, with Landlock ([`Reach`]: `--read PATH`, `--write
//! PATH`): a build reads the system, the toolchain and its copy and writes its harness; a
//! probe reads the system and its programs and writes a temporary folder of its own. No
//! other file opens, whatever its permissions: not another harness, not the kit, not the
//! class's reports, not `/tmp`. It too lasts through every `exec` and every child.
#![forbid(unsafe_code)]

/// What the filter closes, as a report says it.
pub const CLOSED: &str = "no network (no socket of any kind), no tracing or reading of other processes, no \
                          namespaces or mounts, no IPC objects left behind";

#[cfg(target_os = "linux")]
mod landlock;
#[cfg(target_os = "linux")]
mod linux;

#[cfg(target_os = "linux")]
pub use landlock::{Enforced, Reach, ReachError};
#[cfg(target_os = "linux")]
pub use linux::{Error, confine, filters};

/// Why nothing could be confined.
#[cfg(not(target_os = "linux"))]
pub type Error = std::io::Error;

/// Where there is no seccomp (macOS, Windows), nothing can be confined.
///
/// # Errors
/// Always.
#[cfg(not(target_os = "linux"))]
pub fn confine() -> Result<(), Error> {
    Err(std::io::Error::new(std::io::ErrorKind::Unsupported, "seccomp is Linux's only"))
}
