//! The filter itself, built with rust-vmm's `seccompiler` (Firecracker's).

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter, SeccompRule, TargetArch,
};
use std::collections::BTreeMap;

/// Why the filter could not be built or installed.
pub type Error = seccompiler::Error;

/// The system calls refused outright (see the crate's docs for why each).
const REFUSED: &[libc::c_long] = &[
    // Sockets, and io_uring, which makes and connects them without `socket()`.
    libc::SYS_socket,
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    // Other processes.
    libc::SYS_ptrace,
    libc::SYS_process_vm_readv,
    libc::SYS_process_vm_writev,
    libc::SYS_pidfd_getfd,
    libc::SYS_kcmp,
    // What outlives the test in the kernel.
    libc::SYS_msgget,
    libc::SYS_semget,
    libc::SYS_shmget,
    libc::SYS_mq_open,
    libc::SYS_keyctl,
    libc::SYS_add_key,
    libc::SYS_request_key,
    // Namespaces, mounts, and the kernel's own state.
    libc::SYS_unshare,
    libc::SYS_setns,
    libc::SYS_mount,
    libc::SYS_umount2,
    libc::SYS_pivot_root,
    libc::SYS_chroot,
    libc::SYS_open_tree,
    libc::SYS_move_mount,
    libc::SYS_fsopen,
    libc::SYS_fsconfig,
    libc::SYS_fsmount,
    libc::SYS_fspick,
    libc::SYS_mount_setattr,
    libc::SYS_name_to_handle_at,
    libc::SYS_open_by_handle_at,
    libc::SYS_bpf,
    libc::SYS_perf_event_open,
    libc::SYS_userfaultfd,
    libc::SYS_init_module,
    libc::SYS_finit_module,
    libc::SYS_delete_module,
    libc::SYS_kexec_load,
    libc::SYS_kexec_file_load,
    libc::SYS_acct,
    libc::SYS_swapon,
    libc::SYS_swapoff,
    libc::SYS_reboot,
    libc::SYS_syslog,
    libc::SYS_quotactl,
    #[cfg(target_arch = "x86_64")]
    libc::SYS_iopl,
    #[cfg(target_arch = "x86_64")]
    libc::SYS_ioperm,
];

/// The flags that make `clone` create a namespace (`CLONE_NEWTIME` shares its bit with the
/// exit signal there, and only `unshare` and `clone3` take it: both refused).
const NAMESPACES: &[u64] = &[
    libc::CLONE_NEWNS as u64,
    libc::CLONE_NEWCGROUP as u64,
    libc::CLONE_NEWUTS as u64,
    libc::CLONE_NEWIPC as u64,
    libc::CLONE_NEWUSER as u64,
    libc::CLONE_NEWPID as u64,
    libc::CLONE_NEWNET as u64,
];

/// x86-64's x32 numbering: the same calls with this bit set, under the same architecture.
#[cfg(target_arch = "x86_64")]
const X32: libc::c_long = 0x4000_0000;

/// The filters, in the order they are installed: the refusals (`EPERM`), then `clone3`'s
/// (`ENOSYS`, a filter of its own since a filter has one answer for what it matches).
///
/// # Errors
/// When this architecture has no filter (seccompiler knows x86-64, AArch64 and RISC-V).
pub fn filters() -> Result<Vec<BpfProgram>, Error> {
    let arch = TargetArch::try_from(std::env::consts::ARCH)?;
    let mut refused: BTreeMap<i64, Vec<SeccompRule>> = REFUSED.iter().map(|&call| (call, Vec::new())).collect();
    let namespace = |flag: u64| {
        let condition = SeccompCondition::new(0, SeccompCmpArgLen::Qword, SeccompCmpOp::MaskedEq(flag), flag)?;
        SeccompRule::new(vec![condition])
    };
    refused.insert(libc::SYS_clone, NAMESPACES.iter().map(|&flag| namespace(flag)).collect::<Result<_, _>>()?);
    #[cfg(target_arch = "x86_64")]
    {
        let x32: Vec<_> = refused.iter().map(|(&call, rules)| (call | X32, rules.clone())).collect();
        refused.extend(x32);
    }
    let refusals = SeccompFilter::new(refused, SeccompAction::Allow, SeccompAction::Errno(libc::EPERM as u32), arch)?;
    let clone3 = BTreeMap::from([(libc::SYS_clone3, Vec::new())]);
    let clone3 = SeccompFilter::new(clone3, SeccompAction::Allow, SeccompAction::Errno(libc::ENOSYS as u32), arch)?;
    Ok(vec![refusals.try_into()?, clone3.try_into()?])
}

/// Installs the filters on this thread (and so on every process it starts); they stay for
/// good. Sets `no_new_privs` first, which the kernel requires of a filter's installer that
/// is not root and which keeps a set-user-ID program from gaining what this process lacks.
///
/// # Errors
/// When a filter cannot be built or the kernel refuses it.
pub fn confine() -> Result<(), Error> {
    for filter in filters()? {
        seccompiler::apply_filter(&filter)?;
    }
    Ok(())
}
