//! Why grading could not run at all: one submission ([`GradeError`]) or a class
//! ([`BatchError`]).

use std::path::PathBuf;

/// Why grading could not run at all (the command exits with status 2).
#[derive(Debug, thiserror::Error)]
pub enum GradeError {
    #[error("no assignment named '{name}': the kit has {}", known.join(", "))]
    UnknownAssignment { name: String, known: Vec<String> },
    #[error("{}: there is no Cargo.toml there, so it is not a crate to grade", .0.display())]
    NotACrate(PathBuf),
    #[error("{}: no crate named '{package}' in it (a folder whose Cargo.toml names the package '{package}'), nor in a zip in it", upload.display())]
    NoCrateInside { upload: PathBuf, package: String },
    #[error("{}: several crates could be the submission: {}; keep one", upload.display(), crates.iter().map(|path| path.display().to_string()).collect::<Vec<_>>().join(", "))]
    SeveralCrates { upload: PathBuf, crates: Vec<PathBuf> },
    #[error("{}: cannot unpack it: {reason}", zip.display())]
    BadZip { zip: PathBuf, reason: String },
    #[error("the rubric {}: {reason}", path.display())]
    Rubric { path: PathBuf, reason: String },
    #[error("{}: the package is named '{found}', but the {expected} assignment needs a package named '{expected}'", path.display())]
    WrongPackage { path: PathBuf, found: String, expected: String },
    #[error("a time limit of {0} seconds is out of range")]
    Timeout(f64),
    #[error("{context}: {source}")]
    Io { context: String, source: std::io::Error },
    #[error("{0}")]
    Harness(String),
    #[error("no test's name starts with '{0}' (give a rubric group, as board::, or a test's name)")]
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
    #[error("{context}: {source}")]
    Io { context: String, source: std::io::Error },
    #[error("{}: no submission in it (a folder or a .zip each)", .0.display())]
    Empty(PathBuf),
    #[error("cannot write {0}")]
    Csv(#[from] csv::Error),
    #[error("{0}")]
    Merge(String),
    #[error(
        "{}: other users may write this folder, or it is another user's, and submissions run as users of \
         their own: one could put files there among the class's. Make it yours and writable by you alone \
         (chmod go-w), or choose another --out",
        .0.display()
    )]
    OpenOut(PathBuf),
}

impl BatchError {
    pub(crate) fn io(context: impl Into<String>) -> impl FnOnce(std::io::Error) -> BatchError {
        let context = context.into();
        move |source| BatchError::Io { context, source }
    }
}
