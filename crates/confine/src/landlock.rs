//! The file systems a confined process may reach, with Landlock: where no namespace hides
//! the machine's files (users of their own), what a build or a probe may read and write is
//! named, and nothing else is opened, whatever the file's permissions.

use landlock::{
    ABI, Access, AccessFs, CompatLevel, Compatible, Ruleset, RulesetAttr, RulesetCreatedAttr, RulesetStatus, Scope,
    path_beneath_rules,
};
use std::ffi::OsString;
use std::path::PathBuf;

/// The newest Landlock this crate asks for: ABI 6 also keeps signals and abstract Unix
/// sockets within the sandbox. An older kernel enforces what it knows.
const ABI: ABI = ABI::V6;

/// What a confined process may reach: `read` (and run) below each of these, `write` (and
/// read, make, remove) below each of those. Every other file is refused with "Permission
/// denied".
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Reach {
    pub read: Vec<PathBuf>,
    pub write: Vec<PathBuf>,
}

/// Why the reach could not be kept.
#[derive(Debug, thiserror::Error)]
pub enum ReachError {
    #[error("Landlock: {0}")]
    Ruleset(#[from] landlock::RulesetError),
    #[error("Landlock is not enforced here ({0})")]
    NotEnforced(String),
}

impl Reach {
    /// Restricts this process, and every process it starts, to the reach, for good. Paths
    /// that do not exist are left out (a system without `/lib32`).
    ///
    /// # Errors
    /// When the kernel has no Landlock or refuses the ruleset: then nothing is restricted,
    /// and the caller decides whether to go on.
    pub fn keep(&self) -> Result<Enforced, ReachError> {
        let existing = |paths: &[PathBuf]| paths.iter().filter(|path| path.exists()).cloned().collect::<Vec<_>>();
        let status = Ruleset::default()
            .set_compatibility(CompatLevel::BestEffort)
            .handle_access(AccessFs::from_all(ABI))?
            .scope(Scope::Signal | Scope::AbstractUnixSocket)?
            .create()?
            .add_rules(path_beneath_rules(existing(&self.read), AccessFs::from_read(ABI)))?
            .add_rules(path_beneath_rules(existing(&self.write), AccessFs::from_all(ABI)))?
            .restrict_self()?;
        match status.ruleset {
            RulesetStatus::FullyEnforced => Ok(Enforced::Fully),
            RulesetStatus::PartiallyEnforced => Ok(Enforced::Partly),
            RulesetStatus::NotEnforced => Err(ReachError::NotEnforced(format!("{:?}", status.landlock))),
        }
    }

    /// The command-line options that say this reach to `gamekit-confine`.
    pub fn options(&self) -> Vec<OsString> {
        let each = |option: &str, paths: &[PathBuf]| {
            paths.iter().flat_map(|path| [OsString::from(option), path.clone().into_os_string()]).collect::<Vec<_>>()
        };
        [each("--read", &self.read), each("--write", &self.write)].concat()
    }
}

/// How much of the reach the kernel keeps: all of it, or what its older Landlock knows (the
/// files' reach, without the newest rights or the scopes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Enforced {
    Fully,
    Partly,
}
