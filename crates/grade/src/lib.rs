//! # gamekit-grade
//!
//! gamekit's grader: it scores a submission with an assignment's graded suite, a class at
//! once ([`batch`]), and writes what a course deploys ([`handout`], [`gradescope`],
//! [`classroom`]). The `gamekit` command is a thin layer over it. Everything a submission
//! brings is hostile (docs/threat-model.md is the threat model).
//!
//! 1. The submission is found in an upload (`locate.rs`) and taken in (`intake.rs`): a copy
//!    of its `src/` under the handout's `Cargo.toml` ([`manifest`]) and provided files;
//!    what was refused is noted in the report.
//! 2. It is built in a sandbox (`sandbox.rs`, `harness.rs`) into the assignment's probe
//!    (`crates/remote/<assignment>/probe`); when that fails, the score is 0 and the report
//!    shows the compiler's errors. The suite is built as the assignment's judge, against
//!    `crates/remote/<assignment>`, outside the sandbox, once per kit.
//! 3. Every test runs in its own process with limits, several at once (`run.rs`): the judge
//!    outside the sandbox, calling the probe inside it.
//!    Every text the submission brings (its id, names, messages, output) passes one gate
//!    (`shown.rs`) before a report or an error keeps it: none acts on a terminal or a sheet.
//! 4. The rubric (`fixtures/<assignment>/rubric.toml`) shares each group's points among its
//!    tests; the [`Report`] says why every lost point was lost and how the submission was
//!    isolated, as text (`text.rs`), JSON, Gradescope's `results.json` or Classroom's result.
//!
//! Modules depend on one another one way only (`tests/modules.rs` checks it): `grade.rs`
//! drives the others, and what writes results (`batch`, `gradescope`, `classroom`) reads
//! the [`Report`].

// Submitted code is confined with Linux's own means (bubblewrap's namespaces, seccomp, users
// of their own): elsewhere the grader would run it with the grader's every right, so it
// does not build there. The handouts build and test anywhere.
#[cfg(not(target_os = "linux"))]
compile_error!(
    "gamekit's grader runs only on Linux (it confines submitted code with bubblewrap, seccomp \
     and users of their own): grade on a Linux machine, VM or container; the handouts build \
     and test on any system"
);

pub mod batch;
mod cgroups;
pub mod class;
pub mod classroom;
mod error;
mod grade;
mod graded;
pub mod gradescope;
pub mod handout;
mod harness;
mod hash;
mod intake;
mod locate;
pub mod manifest;
pub mod merge;
mod output;
mod page;
pub mod places;
mod reference;
mod report;
mod rubric;
mod run;
pub mod sandbox;
pub mod shown;
mod similar;
mod tally;
mod text;
pub mod users;
mod walk;

pub use error::{BatchError, GradeError};
pub use grade::{
    Options, Progress, assignments, check_assignment, clean, crate_in_upload, forget_upload, grade, measure_reference,
};
pub use report::{Report, Status, TestResult, round};
pub use rubric::{Group, Rubric};
pub use text::Style;

/// A folder of a unit test's own under the system's temporary folder, emptied:
/// `gamekit-<name>-<process id>`.
#[cfg(test)]
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gamekit-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}
