//! Where the grader keeps what only root may write (the scratch folder of users of their own
//! and their leases), and the check that a path is out of every other user's reach: what a
//! program the grader runs outside a sandbox reads must be, since a submission's code may
//! write wherever every user may.

use std::path::{Path, PathBuf};

/// Where users of their own build and run unless `GAMEKIT_SCRATCH` says (`place::scratch`),
/// and where their user ids are leased (`users.rs`): a cache, since a harness is built again
/// when it is gone; only root may write there.
pub const SCRATCH: &str = "/var/cache/gamekit";

/// The folder `GAMEKIT_SCRATCH` names, or [`SCRATCH`].
pub fn scratch_base() -> PathBuf {
    std::env::var_os("GAMEKIT_SCRATCH").map_or_else(|| PathBuf::from(SCRATCH), PathBuf::from)
}

/// Whether `path` (a link read as what it leads to) and every folder above it are root's
/// or the grader's own, and writable by no one else: so no other user, a submission's
/// among them, can have put it there or change it. A sticky world-writable folder (`/tmp`)
/// is refused too: anyone may create a name in it before the grader does.
///
/// # Errors
/// The first folder or file that is not, and why.
pub fn trusted(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let real = std::fs::canonicalize(path).map_err(|error| format!("{}: {error}", path.display()))?;
    let grader = nix::unistd::geteuid().as_raw();
    for each in real.ancestors() {
        let metadata = std::fs::metadata(each).map_err(|error| format!("{}: {error}", each.display()))?;
        if metadata.uid() != 0 && metadata.uid() != grader {
            return Err(format!("{} is another user's", each.display()));
        }
        if metadata.permissions().mode() & 0o022 != 0 {
            return Err(format!("{} may be written by other users", each.display()));
        }
    }
    Ok(())
}

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
