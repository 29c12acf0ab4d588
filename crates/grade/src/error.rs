//! Why grading could not run at all: one submission ([`GradeError`]) or a class
//! ([`BatchError`]). A path or a name in one may be a submission's: each is shown through
//! the one gate ([`crate::shown`]), so that the message is safe to print.

use crate::shown;
use std::path::PathBuf;

/// Why grading could not run at all (the command exits with status 2).
#[derive(Debug, thiserror::Error)]
pub enum GradeError {
    #[error("no assignment named '{}': the kit has {}", shown::line(name), known.join(", "))]
    UnknownAssignment { name: String, known: Vec<String> },
    #[error("{}: there is no Cargo.toml there, so it is not a crate to grade", shown::path(.0))]
    NotACrate(PathBuf),
    #[error(
        "{}: no crate named '{package}' in it (a folder whose Cargo.toml names the package '{package}'), nor in a zip in it",
        shown::path(upload)
    )]
    NoCrateInside { upload: PathBuf, package: String },
    #[error("{}: several crates could be the submission: {}; keep one", shown::path(upload), crates.iter().map(|path| shown::path(path)).collect::<Vec<_>>().join(", "))]
    SeveralCrates { upload: PathBuf, crates: Vec<PathBuf> },
    #[error("{}: cannot unpack it: {}", shown::path(zip), shown::line(reason))]
    BadZip { zip: PathBuf, reason: String },
    #[error("the rubric {}: {}", shown::path(path), shown::lines(reason))]
    Rubric { path: PathBuf, reason: String },
    #[error(
        "{}: the package is named '{}', but the {expected} assignment needs a package named '{expected}'",
        shown::path(path),
        shown::line(found)
    )]
    WrongPackage { path: PathBuf, found: String, expected: String },
    #[error("a time limit of {0} seconds is out of range")]
    Timeout(f64),
    #[error("{}: {source}", shown::line(context))]
    Io { context: String, source: std::io::Error },
    #[error("{}", shown::lines(.0))]
    Harness(String),
    #[error("no test's name starts with '{}' (give a rubric group, as board::, or a test's name)", shown::line(.0))]
    NoSuchTests(String),
}

impl GradeError {
    pub(crate) fn io(context: impl Into<String>) -> impl FnOnce(std::io::Error) -> GradeError {
        let context = context.into();
        move |source| GradeError::Io { context, source }
    }
}

/// Why a batch or a merge could not run (the command exits with status 2). A submission that
/// cannot be graded is not one: its row in the gradebook says why.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    #[error(transparent)]
    Grade(#[from] GradeError),
    #[error("{}: {source}", shown::line(context))]
    Io { context: String, source: std::io::Error },
    #[error("{}: no submission in it (a folder or a .zip each)", shown::path(.0))]
    Empty(PathBuf),
    #[error("cannot write {0}")]
    Csv(#[from] csv::Error),
    #[error("{}", shown::lines(.0))]
    Merge(String),
    #[error(
        "{}: other users may write this folder, or it is another user's, and submissions run as users of \
         their own: one could put files there among the class's. Make it yours and writable by you alone \
         (chmod go-w), or choose another --out",
        shown::path(.0)
    )]
    OpenOut(PathBuf),
}

impl BatchError {
    pub(crate) fn io(context: impl Into<String>) -> impl FnOnce(std::io::Error) -> BatchError {
        let context = context.into();
        move |source| BatchError::Io { context, source }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name or a path a submission chose is shown through the one gate in every message.
    #[test]
    fn what_a_submission_named_is_shown_escaped_in_a_message() {
        let path = PathBuf::from("class/eve\x1b]0;x\x07/Cargo.toml");
        let found = "tictactoe\x1b[2J\r100".to_owned();
        let said = GradeError::WrongPackage { path: path.clone(), found, expected: "tictactoe".into() }.to_string();
        assert_eq!(
            said,
            "class/eve\\e]0;x\\x07/Cargo.toml: the package is named 'tictactoe\\e[2J\\r100', but the tictactoe \
             assignment needs a package named 'tictactoe'"
        );
        let said = GradeError::Io {
            context: format!("cannot open {}", path.display()),
            source: std::io::ErrorKind::NotFound.into(),
        };
        assert!(!said.to_string().contains('\x1b'), "{said}");
        assert!(!GradeError::Harness("a\x1b\nb".into()).to_string().contains('\x1b'));
        assert!(!BatchError::OpenOut(path).to_string().contains('\x1b'));
    }
}
