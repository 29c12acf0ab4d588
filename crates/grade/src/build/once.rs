//! Cargo's runs on the kit's own code, once per process.
//!
//! Every grading asks Cargo four things that do not depend on the submission: to build the
//! probe crate's template, to fit and fetch the harness's lock file, to build the seccomp
//! launcher and to build the judge. Once done, each finds nothing to do, yet costs a Cargo
//! start and a look at every fingerprint: about 2.8 s of a grading, most of a small one's.
//! A process that grades many submissions (a class, the kit's own checks) asks each once
//! for the same inputs, and remembers the answer.
//!
//! The inputs are what Cargo itself would look at: the kit's files by path, size and
//! modification time ([`kit_stamp`]), the manifests and lock file the grader wrote, and
//! Cargo's path. A
//! remembered answer is used only while what it names is still on disk.

use crate::GradeError;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Mutex, PoisonError};

/// The answers of one kind of Cargo run, by the hash of their inputs.
pub(super) struct Once<T>(Mutex<BTreeMap<u64, T>>);

impl<T: Clone> Once<T> {
    pub(super) const fn new() -> Self {
        Once(Mutex::new(BTreeMap::new()))
    }

    /// The answer remembered for `inputs` while `still_there` holds of it, else `run`'s,
    /// remembered under `inputs` (the lock is not held while Cargo runs: gradings side by
    /// side each run theirs, and Cargo's own lock puts them in turn).
    pub(super) fn get_or_run(
        &self,
        inputs: u64,
        still_there: impl Fn(&T) -> bool,
        run: impl FnOnce() -> Result<T, GradeError>,
    ) -> Result<T, GradeError> {
        if let Some(answer) = self.get(inputs).filter(&still_there) {
            return Ok(answer);
        }
        let answer = run()?;
        self.remember(inputs, answer.clone());
        Ok(answer)
    }

    /// The answer remembered for `inputs`.
    pub(super) fn get(&self, inputs: u64) -> Option<T> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).get(&inputs).cloned()
    }

    /// Remembers `answer` for `inputs`.
    pub(super) fn remember(&self, inputs: u64, answer: T) {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).insert(inputs, answer);
    }
}

/// The hash of `parts`, each a byte string, told apart from one another.
pub(super) fn inputs<'a>(parts: impl IntoIterator<Item = &'a [u8]>) -> u64 {
    let mut bytes = Vec::new();
    for part in parts {
        bytes.extend(crate::hash::stable(part).to_be_bytes());
    }
    crate::hash::stable(&bytes)
}

/// The kit's files as Cargo tells their changes: each one's path, kind and permissions,
/// size, inode and modification time, over the parts that build and grade ([`KIT_PARTS`]),
/// build output and hidden entries left out as the walk leaves them out. About 700
/// entries: a walk of a few milliseconds, against seconds of Cargo's.
///
/// [`KIT_PARTS`]: crate::intake::walk::KIT_PARTS
pub(crate) fn kit_stamp(kit: &Path) -> Vec<u8> {
    use std::os::unix::fs::MetadataExt;
    let mut stamp = kit.as_os_str().as_encoded_bytes().to_vec();
    for part in crate::intake::walk::KIT_PARTS {
        let root = kit.join(part);
        let entries = std::iter::once(std::fs::symlink_metadata(&root).map(|metadata| (root.clone(), metadata)));
        let below = crate::intake::walk::all(&root)
            .flatten()
            .map(|entry| entry.metadata().map(|metadata| (entry.path().to_owned(), metadata)).map_err(Into::into));
        for (path, metadata) in entries.chain(below).flatten() {
            stamp.extend(path.as_os_str().as_encoded_bytes());
            stamp.push(0);
            for number in [metadata.mode().into(), metadata.len(), metadata.ino()] {
                stamp.extend(number.to_be_bytes());
            }
            stamp.extend(metadata.mtime().to_be_bytes());
            stamp.extend(metadata.mtime_nsec().to_be_bytes());
        }
    }
    stamp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_remembered_for_the_same_inputs_while_it_is_there() {
        let once: Once<u32> = Once::new();
        let mut runs = 0;
        let mut ask = |inputs: u64, there: bool| {
            once.get_or_run(
                inputs,
                |_| there,
                || {
                    runs += 1;
                    Ok(runs)
                },
            )
        };
        assert_eq!(ask(1, true).ok(), Some(1));
        assert_eq!(ask(1, true).ok(), Some(1), "the same inputs: remembered");
        assert_eq!(ask(2, true).ok(), Some(2), "other inputs: run");
        assert_eq!(ask(1, false).ok(), Some(3), "what it named is gone: run again");
    }

    #[test]
    fn a_kits_stamp_changes_with_a_file_and_only_then() {
        let kit = tempfile::tempdir().expect("a folder");
        let oracle = kit.path().join("crates").join("engines").join("lib.rs");
        std::fs::create_dir_all(oracle.parent().expect("a folder")).expect("crates/engines");
        std::fs::write(&oracle, "pub const ORDER: [u8; 2] = [4, 0];").expect("written");
        std::fs::create_dir_all(kit.path().join("target").join("grade")).expect("target/");
        let before = kit_stamp(kit.path());
        std::fs::write(kit.path().join("target").join("grade").join("built"), "x").expect("build output");
        assert_eq!(kit_stamp(kit.path()), before, "build output is not the kit's");
        std::fs::write(&oracle, "pub const ORDER: [u8; 2] = [0, 4];").expect("changed");
        let file = std::fs::File::options().write(true).open(&oracle).expect("the file");
        // The same size: only the time tells it, as it tells Cargo.
        file.set_modified(std::time::SystemTime::now() + std::time::Duration::from_secs(1)).expect("a time");
        assert_ne!(kit_stamp(kit.path()), before, "the oracle changed");
    }
}
