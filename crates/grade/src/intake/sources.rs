//! Taking a submission in: a private copy of its sources, built under the handout's contract.
//!
//! The grader never builds the submitted directory itself. It copies the crate's `src/`
//! (regular files only: a symbolic link could point at anything the grader can read) into a
//! work directory, puts the handout's provided files over the student's, and gives the copy
//! the handout's `Cargo.toml`, so that
//! - the only dependencies are those the handout declares, with the kit's own `cin`;
//! - no build script, procedural macro, Cargo configuration or profile of the submission's
//!   takes part: nothing submitted runs while it builds;
//! - what was refused or replaced is said in the report's notes, not silently dropped.
//!
//! The copy's layout (`graded/<package>/`, `graded/cin/`, `starter/<package>/src/`, a
//! `Cargo.toml` making them a workspace of their own, in a
//! work directory of the submission's own) is the kit's as seen from a crate: the handout's manifest finds `cin` at `../cin`, and the
//! reference solution its provided files at `../../../starter/<package>/src/`.

use crate::GradeError;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The most a submission's sources may hold; past it the copy stops with a note.
const MAX_BYTES: u64 = 16 * 1024 * 1024;
const MAX_FILES: usize = 2_000;

/// A submission taken in: where its copy is, and what the report must say about it.
#[derive(Debug, Clone)]
pub struct Intake {
    /// The copy's crate directory, `<work>/graded/<package>`.
    pub crate_dir: PathBuf,
    /// What was refused, replaced or left out, in a student's words.
    pub notes: Vec<String>,
}

/// Copies `submission` (a crate whose package is `package`) into `work`, under the handout's
/// contract from `kit/starter`, and the remote crates (`crates/remote`, at the same place
/// under `work`, for their probes), so that the probe's build reads only the copy and the
/// kit's probe crate (shared by every harness: `harness::build`).
///
/// # Errors
/// When the work directory cannot be written or the kit's handout cannot be read.
pub fn take(kit: &Path, package: &str, submission: &Path, work: &Path) -> Result<Intake, GradeError> {
    let mut tree = Tree::new();
    let handout = kit.join("starter").join(package);
    let crate_dir = work.join("graded").join(package);
    let mut notes = Vec::new();
    let manifest = read(&handout.join("Cargo.toml"))?;
    // A submission may come from the handout `gamekit handout` writes, whose manifest has a
    // workspace and a profile of its own: those are the handout's too.
    let written = crate::intake::manifest::manifest(kit, package).map(|(text, _)| text).unwrap_or_default();
    notes.extend(manifest_notes(&submission.join("Cargo.toml"), &[&manifest, &written]));
    if submission.join("build.rs").exists() {
        notes.push("build.rs: refused (the handout has none); it was neither copied nor run".to_owned());
    }
    if submission.join(".cargo").exists() && !holds_only_the_handouts_alias(&submission.join(".cargo")) {
        notes.push(
            ".cargo: refused (the handout's holds only the alias `cargo rubric`); it was neither copied nor read"
                .to_owned(),
        );
    }
    let mut budget = Budget { bytes: 0, files: 0 };
    copy_sources(submission, &crate_dir, &mut budget, &mut notes, &mut tree);
    tree.insert(crate_dir.join("Cargo.toml"), manifest.clone().into_bytes());
    for provided in provided_files(&manifest) {
        let kit_file = read(&handout.join(&provided))?.into_bytes();
        let theirs = crate_dir.join(&provided);
        if tree.get(&theirs).is_some_and(|text| *text != kit_file) {
            notes.push(format!(
                "{}: differs from the handout's, which is provided and must not change: graded with the handout's",
                provided.display()
            ));
        }
        tree.insert(theirs, kit_file.clone());
        // Where the reference solution includes it from (`#[path]`).
        tree.insert(work.join("starter").join(package).join(&provided), kit_file);
    }
    let cin = kit.join("starter").join("cin");
    let (cin_copy, mut cin_budget) = (work.join("graded").join("cin"), Budget { bytes: 0, files: 0 });
    copy_tree(&cin.join("src"), &cin_copy.join("src"), Path::new("src"), &mut cin_budget, &mut Vec::new(), &mut tree);
    tree.insert(cin_copy.join("Cargo.toml"), read(&cin.join("Cargo.toml"))?.into_bytes());
    let remote = Path::new("crates/remote");
    copy_tree(
        &kit.join(remote),
        &work.join(remote),
        remote,
        &mut Budget { bytes: 0, files: 0 },
        &mut Vec::new(),
        &mut tree,
    );
    // A workspace of the copy's own: Cargo looking for the crates' workspace stops here,
    // rather than going up into the kit (which, where sandboxes are users of their own, they
    // may not read).
    let workspace = format!("[workspace]\nmembers = [\"graded/{package}\", \"graded/cin\"]\nresolver = \"3\"\n");
    tree.insert(work.join("Cargo.toml"), workspace.into_bytes());
    sync(work, &tree)?;
    Ok(Intake { crate_dir, notes })
}

/// The copy's files: their paths and contents.
type Tree = std::collections::BTreeMap<PathBuf, Vec<u8>>;

/// Makes `work` hold exactly `tree`, writing only the files that changed: a submission
/// graded again unchanged keeps its files' times, so Cargo does not compile it again.
fn sync(work: &Path, tree: &Tree) -> Result<(), GradeError> {
    for entry in crate::intake::walk::all(work).flatten() {
        let path = entry.path();
        if !entry.file_type().is_dir() && !tree.contains_key(path) {
            std::fs::remove_file(path).map_err(GradeError::io(format!("cannot remove {}", path.display())))?;
        }
    }
    for (path, bytes) in tree {
        if std::fs::read(path).is_ok_and(|old| old == *bytes) {
            continue;
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(GradeError::io(format!("cannot create {}", parent.display())))?;
        }
        std::fs::write(path, bytes).map_err(GradeError::io(format!("cannot write {}", path.display())))?;
    }
    Ok(())
}

/// Whether `dir` (a submission's `.cargo`) is the handout's as written: its `config.toml`
/// alone, a file (not a link) with the alias `cargo rubric` and nothing else. The grader
/// never copies a `.cargo` either way: this only spares the handout's a note.
fn holds_only_the_handouts_alias(dir: &Path) -> bool {
    let alias = crate::intake::manifest::CARGO_CONFIG.as_bytes();
    let is_folder = std::fs::symlink_metadata(dir).is_ok_and(|metadata| metadata.is_dir());
    let entries: Vec<_> = std::fs::read_dir(dir).into_iter().flatten().flatten().collect();
    let config = dir.join("config.toml");
    let is_its_file = std::fs::symlink_metadata(&config)
        .is_ok_and(|metadata| metadata.is_file() && metadata.len() == alias.len() as u64);
    is_folder && entries.len() == 1 && is_its_file && std::fs::read(&config).is_ok_and(|bytes| bytes == alias)
}

/// The handout's provided files: its `src/provided.rs` and its programs' sources.
fn provided_files(manifest: &str) -> Vec<PathBuf> {
    let table: toml::Table = manifest.parse().unwrap_or_default();
    let bins = table.get("bin").and_then(toml::Value::as_array).into_iter().flatten();
    let mut files: Vec<PathBuf> =
        bins.filter_map(|bin| bin.get("path").and_then(toml::Value::as_str)).map(PathBuf::from).collect();
    files.push(PathBuf::from("src/provided.rs"));
    files
}

/// What the report says of a submitted `Cargo.toml` that asks for more than the handout's.
fn manifest_notes(path: &Path, handouts: &[&str]) -> Vec<String> {
    let Ok(theirs) = crate::intake::locate::read_manifest(path).map(|text| text.parse::<toml::Table>()) else {
        return Vec::new();
    };
    let Ok(theirs) = theirs else {
        return vec!["Cargo.toml: not valid TOML; graded with the handout's".to_owned()];
    };
    let handouts: Vec<toml::Table> = handouts.iter().map(|handout| handout.parse().unwrap_or_default()).collect();
    let mut notes = Vec::new();
    if theirs.get("package").and_then(|package| package.get("build")).is_some() {
        notes.push("Cargo.toml: a build script is refused (the handout has none); it was not run".to_owned());
    }
    if theirs.get("lib").and_then(|lib| lib.get("proc-macro")).is_some_and(|value| value.as_bool() == Some(true)) {
        notes.push("Cargo.toml: a procedural-macro crate is refused; graded as the handout's library".to_owned());
    }
    let allowed: BTreeSet<String> = handouts.iter().flat_map(dependency_names).collect();
    let extra: Vec<String> = dependency_names(&theirs).difference(&allowed).cloned().collect();
    if !extra.is_empty() {
        notes.push(format!(
            "Cargo.toml: only the handout's dependencies ({}) are allowed; graded without {}",
            allowed.into_iter().collect::<Vec<_>>().join(", "),
            extra.join(", ")
        ));
    }
    for section in ["patch", "replace", "profile", "workspace", "target"] {
        let as_a_handout = |handout: &toml::Table| handout.get(section) == theirs.get(section);
        if theirs.contains_key(section) && !handouts.iter().any(as_a_handout) {
            notes.push(format!("Cargo.toml: [{section}] is ignored; graded with the handout's Cargo.toml"));
        }
    }
    notes
}

/// Every dependency a manifest names, of any kind.
fn dependency_names(manifest: &toml::Table) -> BTreeSet<String> {
    let kinds = ["dependencies", "dev-dependencies", "build-dependencies"];
    let targets =
        manifest.get("target").and_then(toml::Value::as_table).into_iter().flat_map(|targets| targets.values());
    std::iter::once(manifest)
        .chain(targets.filter_map(toml::Value::as_table))
        .flat_map(|table| kinds.iter().filter_map(|kind| table.get(*kind).and_then(toml::Value::as_table)))
        .flat_map(|deps| deps.keys().cloned())
        .collect()
}

struct Budget {
    bytes: u64,
    files: usize,
}

/// Adds the submission's `src/` to `tree`, as the graded crate's, unless it is a symbolic
/// link: the walk follows the folder it is given, and a link there could name any folder
/// the grader may read (the reference solution's).
fn copy_sources(submission: &Path, crate_dir: &Path, budget: &mut Budget, notes: &mut Vec<String>, tree: &mut Tree) {
    let src = submission.join("src");
    if std::fs::symlink_metadata(&src).is_ok_and(|metadata| metadata.is_symlink()) {
        notes.push("src: a symbolic link, not copied (the sources must be in the crate's own src/)".to_owned());
        return;
    }
    copy_tree(&src, &crate_dir.join("src"), Path::new("src"), budget, notes, tree);
}

/// Adds the regular files under `from` to `tree`, as if under `to`, noting what it leaves
/// (a link or a special file; hidden entries and `target/` the walk leaves out,
/// [`crate::intake::walk`]).
fn copy_tree(from: &Path, to: &Path, shown: &Path, budget: &mut Budget, notes: &mut Vec<String>, tree: &mut Tree) {
    for entry in crate::intake::walk::all(from).flatten() {
        let inside = entry.path().strip_prefix(from).unwrap_or(entry.path());
        let (source, shown) = (entry.path(), shown.join(inside));
        let kind = entry.file_type();
        if kind.is_dir() {
            continue;
        } else if kind.is_file() {
            let size = entry.metadata().map_or(0, |metadata| metadata.len());
            if budget.bytes + size > MAX_BYTES || budget.files >= MAX_FILES {
                notes.push(format!(
                    "{}: left out, the sources are over {} MiB or {MAX_FILES} files",
                    shown.display(),
                    MAX_BYTES >> 20
                ));
                continue;
            }
            budget.bytes += size;
            budget.files += 1;
            match std::fs::read(source) {
                Ok(bytes) => {
                    tree.insert(to.join(inside), bytes);
                }
                Err(error) => notes.push(format!("{}: cannot be read ({error}), not copied", shown.display())),
            }
        } else {
            notes.push(format!("{}: a symbolic link or special file, not copied", shown.display()));
        }
    }
}

fn read(path: &Path) -> Result<String, GradeError> {
    std::fs::read_to_string(path).map_err(GradeError::io(format!("cannot read {}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    const HANDOUT: &str = "[package]\nname = \"reversi\"\n[[bin]]\nname = \"reversi\"\npath = \"src/main.rs\"\n[dependencies]\ncin = { path = \"../cin\" }\n";

    /// The handout's `.cargo` (the alias `cargo rubric`) is taken without a note; one with
    /// anything else, or its file behind a link, is refused.
    #[test]
    fn only_the_handouts_cargo_configuration_goes_without_a_note() {
        let dir = crate::scratch("intake-cargo-config");
        let cargo = dir.join(".cargo");
        std::fs::create_dir_all(&cargo).expect("a folder");
        std::fs::write(cargo.join("config.toml"), crate::intake::manifest::CARGO_CONFIG).expect("a file");
        assert!(holds_only_the_handouts_alias(&cargo));
        std::fs::write(
            cargo.join("config.toml"),
            format!("{}[build]\nrustflags = [\"-O\"]\n", crate::intake::manifest::CARGO_CONFIG),
        )
        .expect("a file");
        assert!(!holds_only_the_handouts_alias(&cargo), "more than the alias");
        std::fs::write(cargo.join("config.toml"), crate::intake::manifest::CARGO_CONFIG).expect("a file");
        std::fs::write(cargo.join("credentials.toml"), "").expect("a file");
        assert!(!holds_only_the_handouts_alias(&cargo), "another file beside it");
        #[cfg(unix)]
        {
            let _ = std::fs::remove_file(cargo.join("credentials.toml"));
            std::fs::rename(cargo.join("config.toml"), dir.join("config.toml")).expect("moved");
            std::os::unix::fs::symlink(dir.join("config.toml"), cargo.join("config.toml")).expect("a link");
            assert!(!holds_only_the_handouts_alias(&cargo), "a link to the handout's text");
            let (real, linked) = (dir.join("real"), dir.join("linked"));
            std::fs::create_dir_all(&real).expect("a folder");
            std::fs::write(real.join("config.toml"), crate::intake::manifest::CARGO_CONFIG).expect("a file");
            std::os::unix::fs::symlink(&real, &linked).expect("a link");
            assert!(holds_only_the_handouts_alias(&real));
            assert!(!holds_only_the_handouts_alias(&linked), "a .cargo that is a link to a folder");
        }
        std::fs::remove_dir_all(&dir).expect("the temporary folder removed");
    }

    #[test]
    #[cfg(unix)]
    fn sources_behind_a_link_are_not_copied() {
        let dir = crate::scratch("intake-link");
        let (submission, elsewhere) = (dir.join("submission"), dir.join("solution/src"));
        std::fs::create_dir_all(&submission).expect("a folder");
        std::fs::create_dir_all(&elsewhere).expect("a folder");
        std::fs::write(elsewhere.join("lib.rs"), "// the solution").expect("a file");
        std::os::unix::fs::symlink(&elsewhere, submission.join("src")).expect("a link");
        let (mut budget, mut notes, mut tree) = (Budget { bytes: 0, files: 0 }, Vec::new(), Tree::new());
        copy_sources(&submission, &dir.join("graded"), &mut budget, &mut notes, &mut tree);
        std::fs::remove_dir_all(&dir).expect("the temporary folder removed");
        assert!(tree.is_empty(), "{tree:?}");
        assert_eq!(notes, ["src: a symbolic link, not copied (the sources must be in the crate's own src/)"]);
    }

    #[test]
    fn the_provided_files_are_the_programs_and_provided_rs() {
        assert_eq!(provided_files(HANDOUT), [PathBuf::from("src/main.rs"), PathBuf::from("src/provided.rs")]);
    }

    #[test]
    fn a_manifest_asking_for_more_than_the_handout_is_noted() {
        let dir = std::env::temp_dir().join(format!("gamekit-intake-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let theirs = dir.join("Cargo.toml");
        std::fs::write(
            &theirs,
            "[package]\nname = \"reversi\"\nbuild = \"b.rs\"\n[lib]\nproc-macro = true\n[dependencies]\ncin = \"1\"\nrand = \"0.9\"\n[target.'cfg(unix)'.build-dependencies]\ncc = \"1\"\n[patch.crates-io]\n",
        )
        .unwrap();
        let notes = manifest_notes(&theirs, &[HANDOUT]).join("\n");
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(notes.contains("build script is refused"), "{notes}");
        assert!(notes.contains("procedural-macro"), "{notes}");
        assert!(notes.contains("graded without cc, rand"), "{notes}");
        assert!(notes.contains("[patch] is ignored"), "{notes}");
    }

    #[test]
    fn the_sections_a_handout_has_are_not_noted() {
        let dir = std::env::temp_dir().join(format!("gamekit-intake-handout-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let written = "[package]\nname = \"reversi\"\n[dependencies]\ncin = { path = \"cin\" }\n[workspace]\n\
                       [profile.dev.package.reversi]\nopt-level = 3\n";
        let theirs = dir.join("Cargo.toml");
        std::fs::write(&theirs, written).expect("a manifest written");
        let notes = manifest_notes(&theirs, &[HANDOUT, written]);
        std::fs::write(&theirs, written.replace("opt-level = 3", "opt-level = 0")).expect("a manifest written");
        let changed = manifest_notes(&theirs, &[HANDOUT, written]).join("\n");
        std::fs::remove_dir_all(&dir).expect("the temporary directory removed");
        assert_eq!(notes, Vec::<String>::new());
        assert!(changed.contains("[profile] is ignored"), "{changed}");
    }
}
