//! The Rust toolchain the builds use ([`Toolchain`]): found once, shown to sandboxes
//! read-only, and the sandbox Cargo runs in ([`cargo_sandbox`]); fetching a harness's
//! dependencies offline; giving a folder to a build's user (`chown`).

use super::once::{self, Once};
use crate::GradeError;
use crate::sandbox::{Isolation, Sandbox};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A sandbox for Cargo working in `cwd`, its environment alone: its home out of the way, the
/// toolchain [exposed](Toolchain::expose), and as root its Cargo home inside the target of
/// the build in `dir`, out of the way of the configuration Cargo reads where root runs it. A
/// harness's build and the probe crate's template are built in the same environment, so that
/// Cargo finds the template's build fresh in the harness.
pub(super) fn cargo_sandbox(isolation: Isolation, cwd: &Path, dir: &Path, toolchain: &Toolchain) -> Sandbox {
    // Its temporary files (rustc's) in the build's own target, the one place it may write.
    let mut sandbox = Sandbox::new(isolation, cwd)
        .env("HOME", "/tmp")
        .env("TMPDIR", dir.join("target"))
        .env("CARGO_TERM_COLOR", "never");
    if crate::sandbox::is_root() {
        sandbox = sandbox.env("CARGO_HOME", dir.join("target").join("cargo-home"));
    }
    toolchain.expose(sandbox, isolation)
}

/// Fetches the harness's dependencies and fits its lock file, outside the sandbox: Cargo
/// reads only manifests here, the kit's and the handout's. Once per process for the same
/// manifest and lock file ([`super::once`]): a harness graded again, its lock file as this
/// left it, needs nothing fetched.
pub(super) fn fetch(toolchain: &Toolchain, dir: &Path, tmp: &Path) -> Result<(), GradeError> {
    static FETCHED: Once<()> = Once::new();
    let inputs = || {
        let read = |name: &str| std::fs::read(dir.join(name)).unwrap_or_default();
        let (manifest, lock) = (read("Cargo.toml"), read("Cargo.lock"));
        once::inputs([dir.as_os_str().as_encoded_bytes(), &manifest, &lock, toolchain.cargo_id()])
    };
    if FETCHED.get(inputs()).is_none() {
        fetch_now(toolchain, dir, tmp)?;
        // As the fetch left them: the lock file fitted.
        FETCHED.remember(inputs(), ());
    }
    Ok(())
}

fn fetch_now(toolchain: &Toolchain, dir: &Path, tmp: &Path) -> Result<(), GradeError> {
    let fetch = toolchain
        .outside(tmp)
        .args(["fetch", "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .output()
        .map_err(GradeError::io("cannot run cargo (is Rust installed?)"))?;
    if !fetch.status.success() {
        let stderr = String::from_utf8_lossy(&fetch.stderr);
        return Err(GradeError::Harness(format!("cargo could not fetch the suite's dependencies:\n{stderr}")));
    }
    Ok(())
}

/// Cargo and rustc as the grader finds them, and the directories they need.
pub(super) struct Toolchain {
    cargo: PathBuf,
    homes: Vec<(&'static str, PathBuf)>,
}

impl Toolchain {
    /// Cargo as the grader's environment names it (`CARGO`, else the `PATH`'s), and its homes.
    ///
    /// # Errors
    /// As root, when Cargo or a home of its is in a folder another user may write, or one
    /// above it is: root runs that Cargo, which reads its configuration from its home.
    pub(super) fn find() -> Result<Toolchain, GradeError> {
        let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_default();
        let dir = |variable: &str, default: &str| {
            std::env::var_os(variable).map_or_else(|| home.join(default), PathBuf::from)
        };
        let cargo = std::env::var_os("CARGO").map_or_else(|| PathBuf::from("cargo"), PathBuf::from);
        let cargo = if cargo.is_absolute() { cargo } else { which(&cargo).unwrap_or(cargo) };
        let homes = vec![("CARGO_HOME", dir("CARGO_HOME", ".cargo")), ("RUSTUP_HOME", dir("RUSTUP_HOME", ".rustup"))];
        if crate::sandbox::is_root() {
            let homes = homes.iter().map(|(_, home)| home).filter(|home| home.exists());
            for path in std::iter::once(&cargo).chain(homes) {
                crate::sandbox::places::trusted(path).map_err(|why| {
                    GradeError::Harness(format!(
                        "{why}: the grader runs {} as root, so it and Cargo's homes must be where only root \
                         may write (every folder above them too)",
                        cargo.display()
                    ))
                })?;
            }
        }
        Ok(Toolchain { cargo, homes })
    }

    /// What tells this toolchain from another in [`super::once`]'s inputs: Cargo's path.
    pub(super) fn cargo_id(&self) -> &[u8] {
        self.cargo.as_os_str().as_encoded_bytes()
    }

    /// Cargo run by the grader outside any sandbox (on the kit's code alone): in `/`, since
    /// Cargo and rustup's proxy read configuration (`.cargo/config.toml`,
    /// `rust-toolchain.toml`) in the folder they start in and every one above it, and only
    /// root's are above `/`; with `--manifest-path` to say what to build, `tmp` (the
    /// grader's own) as its temporary folder, and [`Toolchain::path`] as its `PATH`.
    pub(super) fn outside(&self, tmp: &Path) -> Command {
        let mut command = Command::new(&self.cargo);
        command.current_dir("/").env_remove("RUSTFLAGS").env("TMPDIR", tmp).env("PATH", self.path());
        for (variable, path) in self.homes.iter().filter(|(_, path)| path.is_dir()) {
            command.env(variable, path);
        }
        command
    }

    /// Cargo's folder (where it finds rustc), then those of the grader's `PATH` that no
    /// other user may write ([`trusted`](crate::sandbox::places::trusted)).
    pub(super) fn path(&self) -> OsString {
        let path = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
            .filter(|dir| crate::sandbox::places::trusted(dir).is_ok())
            .collect::<Vec<_>>();
        let path = self.cargo.parent().map(Path::to_owned).into_iter().chain(path);
        std::env::join_paths(path).unwrap_or_default()
    }

    /// The Cargo a sandbox runs.
    pub(super) fn cargo_in(&self, isolation: Isolation) -> PathBuf {
        match (isolation, crate::sandbox::sysroot().ok()) {
            (Isolation::Users, Some(sysroot)) => sysroot.join("bin").join("cargo"),
            _ => self.cargo.clone(),
        }
    }

    /// The sandbox with the toolchain and the registry read-only, and Cargo's directory on
    /// its `PATH` (where it finds rustc). Users of their own run the toolchain's own Cargo
    /// (rustup's proxies live in the grader's home, which they cannot read).
    pub(super) fn expose(&self, mut sandbox: Sandbox, isolation: Isolation) -> Sandbox {
        if let (Isolation::Users, Some(sysroot)) = (isolation, crate::sandbox::sysroot().ok()) {
            let path = format!("{}:/usr/local/bin:/usr/bin:/bin", sysroot.join("bin").display());
            return sandbox.read_only(&sysroot).env("PATH", path);
        }
        for (variable, path) in &self.homes {
            if path.is_dir() {
                sandbox = sandbox.read_only(path).env(variable, path);
            }
        }
        sandbox.env("PATH", self.path())
    }
}

/// Gives `dir` and everything in it to `user` (and the group of that number), and makes it
/// readable by that group only.
pub(super) fn give(dir: &Path, user: u32) -> std::io::Result<()> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    pub(super) fn walk(path: &Path, user: u32) -> std::io::Result<()> {
        let metadata = std::fs::symlink_metadata(path)?;
        // What its user made is its already. A file of another's with more than one name is
        // a hard link its user made to something outside (the grader's, say): never given.
        if metadata.uid() != user && (metadata.is_dir() || metadata.nlink() == 1) {
            std::os::unix::fs::lchown(path, Some(user), Some(user))?;
        }
        // Its tests' users (its group) may read, never write.
        let mode = metadata.permissions().mode();
        if !metadata.is_symlink() && mode & 0o022 != 0 {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode & !0o022))?;
        }
        if metadata.is_dir() {
            for entry in std::fs::read_dir(path)? {
                walk(&entry?.path(), user)?;
            }
        }
        Ok(())
    }
    walk(dir, user)?;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o750))
}

/// The full path of `program` on the `PATH`.
pub(super) fn which(program: &Path) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?).map(|dir| dir.join(program)).find(|path| path.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cargo run outside a sandbox starts in `/`, whose folders above are none: never in a
    /// harness, the kit or the scratch folder, where a configuration above could be another's.
    #[test]
    fn cargo_outside_a_sandbox_starts_in_the_root_folder() {
        let toolchain = Toolchain::find().expect("a toolchain");
        let command = toolchain.outside(Path::new("/grader/tmp"));
        assert_eq!(command.get_current_dir(), Some(Path::new("/")));
        let tmp = command.get_envs().find(|(name, _)| *name == "TMPDIR").and_then(|(_, value)| value);
        assert_eq!(tmp, Some(std::ffi::OsStr::new("/grader/tmp")));
    }
}
