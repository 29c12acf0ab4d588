//! # gamekit-grade
//!
//! gamekit's grader: it scores a submission with an assignment's graded suite, a class at
//! once, and writes what a course deploys. The `gamekit` command is a thin layer over it.
//! Everything a submission brings is hostile (docs/threat-model.md is the threat model).
//!
//! Its folders are its stages, in the order a submission meets them (`grade.rs` drives
//! them):
//!
//! 1. [`intake`]: the submission is found in an upload (`locate.rs`) and taken in
//!    (`sources.rs`): a copy of its `src/` under the handout's `Cargo.toml` and provided
//!    files; what was refused is noted in the report.
//! 2. [`build`]: it is built, sandboxed, into the assignment's probe
//!    (`crates/remote/<assignment>/probe`; `harness.rs`); when that fails, the score is 0
//!    and the report shows the compiler's errors. The suite is built as the assignment's
//!    judge, against `crates/remote/<assignment>`, outside the sandbox, once per kit.
//! 3. [`sandbox`]: where submitted code runs (bubblewrap, or users of their own: `users.rs`,
//!    with `places.rs` where only root may write; a test's memory in all: `cgroups.rs`).
//! 4. [`run`]: every test runs in its own process with limits, several at once: the judge
//!    outside the sandbox, calling the probe inside it; the reference solution's times
//!    (`reference.rs`) set the limits.
//! 5. [`score`]: the rubric (`fixtures/<assignment>/rubric.toml`) shares each group's points
//!    among its tests; the [`Report`] says why every lost point was lost and how the
//!    submission was isolated, as text (`text.rs`) or JSON.
//! 6. [`class`]: a class at once ([`class::batch`]), in shards joined again
//!    ([`class::merge`]), and the class's files: gradebook, similarity, pages.
//! 7. [`deploy`]: what a course deploys: handouts, Gradescope's autograder and results,
//!    GitHub Classroom's workflow and result.
//!
//! Every text a submission brings (its id, names, messages, output) passes one gate,
//! [`shown`], before a report or an error keeps it, at any stage: none acts on a terminal
//! or a sheet.
//!
//! Modules depend on one another one way only (`tests/modules.rs` checks it, folders
//! included): `grade.rs` drives the others, and what writes results (`class`, `deploy`)
//! reads the [`Report`].

// Submitted code is confined with Linux's own means (bubblewrap's namespaces, seccomp, users
// of their own): elsewhere the grader would run it with the grader's every right, so it
// does not build there. The handouts build and test anywhere.
#[cfg(not(target_os = "linux"))]
compile_error!(
    "gamekit's grader runs only on Linux (it confines submitted code with bubblewrap, seccomp \
     and users of their own): grade on a Linux machine, VM or container; the handouts build \
     and test on any system"
);

// The stages (above, in the order a submission meets them); `grade.rs` drives them.
pub mod build;
pub mod class;
pub mod deploy;
pub mod intake;
pub mod run;
pub mod sandbox;
pub mod score;

mod error;
mod grade;
mod hash;
mod output;
pub mod shown;

pub use error::{BatchError, GradeError};
pub use grade::{
    Options, Progress, assignments, check_assignment, clean, crate_in_upload, forget_upload, grade, measure_reference,
};
pub use score::report::{Report, Status, TestResult, round};
pub use score::rubric::{Group, Rubric};
pub use score::text::Style;

/// A folder of a unit test's own under the system's temporary folder, emptied:
/// `gamekit-<name>-<process id>`.
#[cfg(test)]
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gamekit-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}
