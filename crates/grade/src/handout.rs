//! `gamekit handout`: what a student receives, made from the kit's `starter/`.
//!
//! A handout is one crate that builds, runs and tests with only Rust installed: the
//! starter's crate (its `Cargo.toml`, `src/`, `README.md` and public `tests/`), the crates it
//! depends on by path (`cin`, the console helper) copied inside it, and nothing else of the
//! kit: no solution, no engine, no graded suite. Its README ends with how it is graded, from
//! the rubric. The kit's checks build each handout alone and run its tests, on the starter
//! and on the reference solution.

use crate::manifest::ManifestError;
use crate::{GradeError, Rubric};
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
    #[error(transparent)]
    Manifest(#[from] ManifestError),
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
    crate::check_assignment(kit, assignment)?;
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
    let (manifest, helpers) = crate::manifest::manifest(kit, &rubric.package)?;
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
    /// Copies `from` (a file, or a folder and its files as the walk gives them,
    /// [`crate::walk`]) to `name` in the handout, a link to a file as that file; nothing
    /// when `from` does not exist.
    fn tree(&mut self, from: &Path, name: &Path) -> Result<(), HandoutError> {
        let read = |path: &Path| std::fs::read(path).map_err(io(format!("cannot read {}", path.display())));
        if from.is_file() {
            return self.file(name, &read(from)?);
        }
        for entry in crate::walk::all(from).filter(|_| from.is_dir()) {
            let entry = entry.map_err(|error| io(format!("cannot read {}", from.display()))(error.into()))?;
            if entry.path().is_file() {
                let inside = entry.path().strip_prefix(from).unwrap_or(entry.path());
                self.file(&name.join(inside), &read(entry.path())?)?;
            }
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

fn read(path: &Path) -> Result<String, HandoutError> {
    std::fs::read_to_string(path).map_err(io(format!("cannot read {}", path.display())))
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
        crate::round(rubric.max_score())
    );
    for (index, group) in rubric.groups.iter().enumerate() {
        let waits: Vec<usize> = rubric.required(index).map(|required| required + 1).collect();
        let _ = writeln!(
            text,
            "| {} | `{}` | {} | {} | {} |",
            index + 1,
            group.prefix,
            crate::round(group.points),
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
    fn ranges_are_compact() {
        assert_eq!(ranges(&[1, 2, 3, 4, 5, 10]), "1–5, 10");
        assert_eq!(ranges(&[2, 4, 5]), "2, 4–5");
        assert_eq!(ranges(&[]), "");
    }
}
