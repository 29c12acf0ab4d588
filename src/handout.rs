//! `gamekit handout`: what a student receives, made from the kit's `starter/`.
//!
//! A handout is one crate that builds, runs and tests with only Rust installed: the
//! starter's crate (its `Cargo.toml`, `src/`, `README.md` and public `tests/`), the crates it
//! depends on by path (`cin`, the console helper) copied inside it, and nothing else of the
//! kit: no solution, no engine, no graded suite. Its README ends with how it is graded, from
//! the rubric. The kit's checks build each handout alone and run its tests, on the starter
//! and on the reference solution.

use crate::grade::{self, GradeError, Rubric};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Why a handout could not be written.
#[derive(Debug, thiserror::Error)]
pub enum HandoutError {
    #[error(transparent)]
    Kit(#[from] GradeError),
    #[error("{}: not an empty folder; a handout is written only into a new or empty one", .0.display())]
    NotEmpty(PathBuf),
    #[error("{context}: {source}")]
    Io { context: String, source: std::io::Error },
    #[error("{}: {reason}", path.display())]
    Manifest { path: PathBuf, reason: String },
}

fn io(context: String) -> impl FnOnce(std::io::Error) -> HandoutError {
    move |source| HandoutError::Io { context, source }
}

/// Writes the handout of `assignment` into `dir` (created if missing, and refused unless
/// empty, so that nothing of the student's is overwritten). Returns the files written,
/// relative to `dir`.
///
/// # Errors
/// An unknown assignment, a `dir` that is not empty, a starter that cannot be read or
/// depends on something outside the kit's `starter/`, a file that cannot be written.
pub fn write(kit: &Path, assignment: &str, dir: &Path) -> Result<Vec<PathBuf>, HandoutError> {
    grade::check_assignment(kit, assignment)?;
    let rubric = Rubric::load(kit, assignment)?;
    if std::fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_some()) || dir.is_file() {
        return Err(HandoutError::NotEmpty(dir.to_owned()));
    }
    let starter = kit.join("starter");
    let source = starter.join(&rubric.package);
    let mut written = Vec::new();
    let mut copy = Copy { to: dir, written: &mut written };
    // The starter's crate: its manifest, README, sources and public tests (not a target/).
    for name in ["src", "tests"] {
        copy.tree(&source.join(name), Path::new(name))?;
    }
    let (manifest, helpers) = manifest(kit, &rubric.package)?;
    for helper in &helpers {
        copy.tree(&starter.join(helper).join("Cargo.toml"), &Path::new(helper).join("Cargo.toml"))?;
        copy.tree(&starter.join(helper).join("src"), &Path::new(helper).join("src"))?;
    }
    copy.file(Path::new("Cargo.toml"), manifest.as_bytes())?;
    let readme = read(&source.join("README.md"))? + &grading(&rubric);
    copy.file(Path::new("README.md"), readme.as_bytes())?;
    copy.file(Path::new(".gitignore"), b"/target\n")?;
    // The transcripts are compared byte for byte: Git must not turn their line ends into
    // Windows' on a checkout.
    copy.file(Path::new(".gitattributes"), b"tests/transcripts/** -text\n")?;
    written.sort();
    Ok(written)
}

/// Copies files into the handout, following symbolic links (the starter's public
/// transcripts are links to the kit's fixtures).
struct Copy<'a> {
    to: &'a Path,
    written: &'a mut Vec<PathBuf>,
}

impl Copy<'_> {
    /// Copies `from` (a file, or a folder and everything in it) to `name` in the handout;
    /// nothing when `from` does not exist.
    fn tree(&mut self, from: &Path, name: &Path) -> Result<(), HandoutError> {
        if from.is_dir() {
            let entries = std::fs::read_dir(from).map_err(io(format!("cannot read {}", from.display())))?;
            for entry in entries {
                let entry = entry.map_err(io(format!("cannot read {}", from.display())))?;
                self.tree(&entry.path(), &name.join(entry.file_name()))?;
            }
        } else if from.is_file() {
            let bytes = std::fs::read(from).map_err(io(format!("cannot read {}", from.display())))?;
            self.file(name, &bytes)?;
        }
        Ok(())
    }

    fn file(&mut self, name: &Path, bytes: &[u8]) -> Result<(), HandoutError> {
        let path = self.to.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(io(format!("cannot create {}", parent.display())))?;
        }
        std::fs::write(&path, bytes).map_err(io(format!("cannot write {}", path.display())))?;
        self.written.push(name.to_owned());
        Ok(())
    }
}

/// The handout's `Cargo.toml` for `package`, and the helper crates (beside it in the kit's
/// `starter/`) it depends on, which the handout holds inside: the starter's manifest with
/// their paths moved inside, a workspace of its own and the starter workspace's profile for
/// the package. (The grader accepts these sections in a submission's manifest.)
///
/// # Errors
/// A manifest that cannot be read or depends on something else than a helper crate.
pub fn manifest(kit: &Path, package: &str) -> Result<(String, Vec<String>), HandoutError> {
    let starter = kit.join("starter");
    let manifest_path = starter.join(package).join("Cargo.toml");
    let (manifest, helpers) = self_contained(&read(&manifest_path)?, &manifest_path)?;
    let workspace_path = starter.join("Cargo.toml");
    let workspace = read(&workspace_path)?
        .parse::<toml::Table>()
        .map_err(|error| HandoutError::Manifest { path: workspace_path, reason: error.to_string() })?;
    Ok((manifest + &profile(&workspace, package), helpers))
}

fn read(path: &Path) -> Result<String, HandoutError> {
    std::fs::read_to_string(path).map_err(io(format!("cannot read {}", path.display())))
}

/// The starter's manifest with its path dependencies (`../cin`) moved inside the handout
/// (`cin`), and its own `[workspace]`, so that Cargo never looks above the handout's folder;
/// and the helpers it depends on. Any other path is refused: the handout would not build.
fn self_contained(manifest: &str, path: &Path) -> Result<(String, Vec<String>), HandoutError> {
    let refuse = |reason: String| HandoutError::Manifest { path: path.to_owned(), reason };
    let table: toml::Table = manifest.parse().map_err(|error| refuse(format!("{error}")))?;
    let mut helpers = Vec::new();
    let mut text = manifest.to_owned();
    for section in ["dependencies", "dev-dependencies"] {
        let Some(dependencies) = table.get(section).and_then(toml::Value::as_table) else { continue };
        for (name, dependency) in dependencies {
            let Some(dependency_path) = dependency.get("path").and_then(toml::Value::as_str) else {
                return Err(refuse(format!("{name}: not a crate of the kit's starter/ (a handout builds offline)")));
            };
            let helper = dependency_path
                .strip_prefix("../")
                .filter(|helper| !helper.is_empty() && !helper.contains(['/', '\\', '.']))
                .ok_or_else(|| refuse(format!("{name}: path {dependency_path:?} is not a crate beside it")))?;
            let quoted = format!("path = {dependency_path:?}");
            if !text.contains(&quoted) {
                return Err(refuse(format!("{name}: write its path as {quoted}")));
            }
            text = text.replace(&quoted, &format!("path = {helper:?}"));
            helpers.push(helper.to_owned());
        }
    }
    text += "\n# A workspace of its own: Cargo looks no further up than this folder.\n[workspace]\n";
    Ok((text, helpers))
}

/// The starter workspace's profile for `package`, as the handout's own: connect_n's
/// SmartPlayer and reversi_players' computer are built optimised there.
fn profile(workspace: &toml::Table, package: &str) -> String {
    let profile = ["profile", "dev", "package", package]
        .iter()
        .try_fold(workspace, |table, key| table.get(*key).and_then(toml::Value::as_table));
    let Some(profile) = profile else { return String::new() };
    format!(
        "\n# Built as the course built it: optimised, for the computer player's search.\n\
         [profile.dev.package.{package}]\n{}",
        toml::to_string(profile).unwrap_or_default()
    )
}

/// The README's last section: the rubric's groups and points, and the groups each waits on.
fn grading(rubric: &Rubric) -> String {
    let mut text = format!(
        "\n## How it is graded\n\n\
         `cargo test` runs the public tests above. Your instructor's graded suite runs them and\n\
         many more, in these groups, for {} points; a group's points are shared equally by its\n\
         tests. A group that waits on others is checked on its own once they pass: until then\n\
         its failing tests say so (and score 0), so that one bug is explained once, where it is.\n\n\
         | # | group | points | what it checks | waits on |\n|---|---|---|---|---|\n",
        grade::round(rubric.max_score())
    );
    for (index, group) in rubric.groups.iter().enumerate() {
        let waits: Vec<usize> = rubric.required(index).map(|required| required + 1).collect();
        let _ = writeln!(
            text,
            "| {} | `{}` | {} | {} | {} |",
            index + 1,
            group.prefix,
            grade::round(group.points),
            group.about.replace('|', "\\|").replace('\n', " "),
            ranges(&waits)
        );
    }
    text
}

/// Numbers as ranges: `1–5, 10`.
fn ranges(numbers: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut rest = numbers;
    while let Some((&first, _)) = rest.split_first() {
        let run = rest.iter().zip(first..).take_while(|(number, expected)| **number == *expected).count();
        parts.push(if run > 1 { format!("{first}–{}", first + run - 1) } else { first.to_string() });
        rest = &rest[run..];
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_dependencies_move_inside_and_others_are_refused() {
        let path = Path::new("Cargo.toml");
        let (text, helpers) =
            self_contained("[package]\nname = \"reversi\"\n[dependencies]\ncin = { path = \"../cin\" }\n", path)
                .expect("a starter's manifest");
        assert!(text.contains("cin = { path = \"cin\" }") && text.contains("\n[workspace]\n"), "{text}");
        assert_eq!(helpers, ["cin"]);
        for manifest in [
            "[dependencies]\nrand = \"0.9\"\n",
            "[dependencies]\ncin = { path = \"../../cin\" }\n",
            "[dev-dependencies]\nx = { path = \"/x\" }\n",
            "[dependencies]\ncin = { path = '../cin' }\n",
        ] {
            assert!(self_contained(manifest, path).is_err(), "{manifest}");
        }
    }

    #[test]
    fn ranges_are_compact() {
        assert_eq!(ranges(&[1, 2, 3, 4, 5, 10]), "1–5, 10");
        assert_eq!(ranges(&[2, 4, 5]), "2, 4–5");
        assert_eq!(ranges(&[]), "");
    }

    #[test]
    fn the_package_profile_is_the_handouts() {
        let workspace: toml::Table = "[profile.dev.package.connect_n]\nopt-level = 3\n".parse().expect("a manifest");
        let profile = profile(&workspace, "connect_n");
        assert!(profile.ends_with("\n[profile.dev.package.connect_n]\nopt-level = 3\n"), "{profile}");
        assert_eq!(super::profile(&workspace, "reversi"), "");
    }
}
