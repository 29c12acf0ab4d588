//! Where a submission is graded ([`Place`]): its harness's folder, the copy of its crate,
//! the grader's own temporary folder and each test's, in a scratch folder ([`scratch`])
//! that is never under a folder others may write.

use crate::GradeError;
use crate::sandbox::Isolation;
use std::path::{Path, PathBuf};

/// Where a submission is graded: its harness package (its directory and name), the copy of
/// its crate, and the target directory the judges share.
///
/// Cargo names what it builds from a package's name and its path relative to its
/// workspace: so each harness has a name of its own, and each copy a path of its own
/// outside its harness, or one submission's build could stand in for another's.
#[derive(Debug, Clone)]
pub struct Place {
    pub dir: PathBuf,
    pub package: String,
    pub work: PathBuf,
    pub shared_target: PathBuf,
    /// The user (and group) its builds run as where sandboxes are users of their own; its
    /// tests' users are in that group, to read what it built.
    pub user: u32,
    /// The grader's own temporary folder (`TMPDIR` of every program it runs outside a
    /// sandbox), which no other user may enter.
    pub tmp: PathBuf,
    /// Where each test's probe, as a user of its own, gets a temporary folder of its own.
    pub probes: PathBuf,
}

impl Place {
    /// `<assignment>-<hash of the submission's path>/` in the [`scratch`] folder, and the
    /// copy in `work/<the same>/` there; the judges' target directory in the kit's
    /// `target/grade/`.
    ///
    /// # Errors
    /// When the scratch folder cannot be made safely.
    pub fn of(kit: &Path, assignment: &str, submission: &Path, isolation: Isolation) -> Result<Place, GradeError> {
        let scratch = scratch(kit, isolation)?;
        let tmp = grader_tmp(&scratch)?;
        let probes = scratch.join("probes");
        use std::os::unix::fs::DirBuilderExt;
        let made = std::fs::DirBuilder::new().recursive(true).mode(0o711).create(&probes);
        made.map_err(GradeError::io(format!("cannot make {}", probes.display())))?;
        let hash = crate::hash::stable(submission.as_os_str().as_encoded_bytes());
        let id = format!("{assignment}-{hash:016x}");
        Ok(Place {
            dir: scratch.join(&id),
            package: format!("gamekit-grade-{id}"),
            work: scratch.join("work").join(&id),
            shared_target: kit.join("target").join("grade").join("target"),
            user: crate::sandbox::users::harness_user(&scratch.join(&id)),
            tmp,
            probes,
        })
    }
}

/// Where harnesses and copies of submissions go: the kit's `target/grade/`, or, where
/// sandboxes are users of their own, a folder of the grader's in
/// [`SCRATCH`](crate::sandbox::places::SCRATCH) (or the folder
/// `GAMEKIT_SCRATCH` names): `gamekit-<hash of the kit's path>/`. Those users must reach
/// their harness, and nothing of the kit: the kit may lie where they cannot pass (a home of
/// mode 700), and is made so ([`protect_kit`](crate::sandbox::protect_kit)).
///
/// Never under a folder that others may write (`/tmp` is one): root runs Cargo on the
/// harnesses, and Cargo, like rustup, reads configuration from every folder above the one
/// it starts in. A submission's code could put one there, naming a program of its own.
///
/// # Errors
/// When that folder cannot be made, or is there already but another user's or writable by
/// others, or a folder above it is (then the message says what to change).
pub fn scratch(kit: &Path, isolation: Isolation) -> Result<PathBuf, GradeError> {
    if isolation != Isolation::Users {
        return Ok(kit.join("target").join("grade"));
    }
    scratch_in(&crate::sandbox::places::scratch_base(), kit)
}

/// [`scratch`] in `base`: made if missing, refused unless it and every folder above it are
/// root's (or the grader's) and closed to writing by others.
pub(super) fn scratch_in(base: &Path, kit: &Path) -> Result<PathBuf, GradeError> {
    use std::os::unix::fs::DirBuilderExt;
    // Others may pass through to their harness, never list or write.
    let made = std::fs::DirBuilder::new().recursive(true).mode(0o711).create(base);
    made.map_err(GradeError::io(format!("cannot make {}", base.display())))?;
    crate::sandbox::places::trusted(base).map_err(|why| {
        GradeError::Harness(format!(
            "{why}: set GAMEKIT_SCRATCH to a folder that only root may write, and every folder above it, \
             where gamekit keeps what users of their own build and run"
        ))
    })?;
    private_folder(base, kit)
}

/// The grader's own temporary folder in `scratch`, which no other user may enter: the
/// `TMPDIR` of every program the grader runs outside a sandbox (Cargo and rustc write
/// theirs there), so that none of them opens a name in a folder others may write.
pub(super) fn grader_tmp(scratch: &Path) -> Result<PathBuf, GradeError> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
    let tmp = scratch.join("tmp");
    let made = std::fs::DirBuilder::new().recursive(true).mode(0o700).create(&tmp);
    made.map_err(GradeError::io(format!("cannot make {}", tmp.display())))?;
    let metadata = std::fs::symlink_metadata(&tmp).map_err(GradeError::io(format!("cannot open {}", tmp.display())))?;
    if !metadata.is_dir() || metadata.uid() != nix::unistd::geteuid().as_raw() {
        return Err(GradeError::Harness(format!("{} is not a folder of the grader's: remove it", tmp.display())));
    }
    if metadata.mode() & 0o077 != 0 {
        std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o700))
            .map_err(GradeError::io(format!("cannot close {} to other users", tmp.display())))?;
    }
    Ok(tmp)
}

/// `gamekit-<hash of the kit's path>/` in `base`, made or found a folder of this user's
/// that no one else may write.
pub(super) fn private_folder(base: &Path, kit: &Path) -> Result<PathBuf, GradeError> {
    let dir = base.join(format!("gamekit-{:016x}", crate::hash::stable(kit.as_os_str().as_encoded_bytes())));
    let unsafe_scratch = |why: &str| {
        GradeError::Harness(format!(
            "{} {why}: remove it, or set GAMEKIT_SCRATCH to a folder only root may write, where gamekit keeps \
             what users of their own build and run",
            dir.display()
        ))
    };
    use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
    // Others may pass through, never list or write.
    let made = std::fs::DirBuilder::new().mode(0o711).create(&dir);
    if let Err(error) = made
        && error.kind() != std::io::ErrorKind::AlreadyExists
    {
        return Err(GradeError::io(format!("cannot make {}", dir.display()))(error));
    }
    let metadata = std::fs::symlink_metadata(&dir).map_err(GradeError::io(format!("cannot open {}", dir.display())))?;
    if !metadata.is_dir() || metadata.uid() != nix::unistd::geteuid().as_raw() {
        return Err(unsafe_scratch("is not a folder of this user's"));
    }
    if metadata.permissions().mode() & 0o022 != 0 {
        return Err(unsafe_scratch("may be written by other users"));
    }
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// The scratch folder of users of their own is never below a folder others may write:
    /// root runs Cargo there, which reads configuration from every folder above it.
    #[test]
    fn a_scratch_folder_below_one_others_may_write_is_refused() {
        let open = crate::scratch("harness-open-scratch");
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o1777)).expect("opened");
        let refused = scratch_in(&open.join("gamekit"), Path::new("/a/kit")).expect_err("below /tmp").to_string();
        assert!(refused.contains("may be written by other users") && refused.contains("GAMEKIT_SCRATCH"), "{refused}");
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o755)).expect("closed");
        let taken = scratch_in(&open.join("gamekit"), Path::new("/a/kit"));
        std::fs::remove_dir_all(&open).expect("removed");
        // Below the system's temporary folder, itself open to all.
        let below_tmp =
            std::env::temp_dir().metadata().is_ok_and(|metadata| metadata.permissions().mode() & 0o002 != 0);
        assert_eq!(taken.is_err(), below_tmp, "{taken:?}");
    }

    /// Users of their own build where no one else may have put or change anything: a folder
    /// found there that another user may write, or that is a link, is refused, and the
    /// message says what to change.
    #[test]
    fn the_private_folder_is_made_private_and_one_found_open_is_refused() {
        let temporary = crate::scratch("harness-private");
        let kit = Path::new("/a/kit");
        let made = private_folder(&temporary, kit).expect("a private folder");
        assert_eq!(std::fs::metadata(&made).expect("made").permissions().mode() & 0o777, 0o711);
        assert_eq!(private_folder(&temporary, kit).expect("found again, as it was"), made);
        std::fs::set_permissions(&made, std::fs::Permissions::from_mode(0o777)).expect("opened");
        let open = private_folder(&temporary, kit).expect_err("writable by others").to_string();
        assert!(open.contains("may be written by other users") && open.contains("set GAMEKIT_SCRATCH"), "{open}");
        std::fs::remove_dir(&made).expect("removed");
        std::os::unix::fs::symlink(&temporary, &made).expect("a link in its place");
        let linked = private_folder(&temporary, kit).expect_err("a link").to_string();
        assert!(linked.contains("is not a folder of this user's"), "{linked}");
        std::fs::remove_dir_all(temporary).expect("removed");
    }
}
