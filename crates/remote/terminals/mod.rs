//! The suite's terminals lent to the submission's code, for the assignments whose games and
//! players read and print on a `cin::Terminal`: the terminal stays in the judge, and the
//! probe reads and prints on it through calls back. Both sides of such a remote crate
//! include this folder (`#[path = "…/terminals/mod.rs"] mod terminals;`), so the two ends
//! cannot disagree; each uses its own half.

/// A terminal as it crosses: its number in the judge, and whether it is interactive.
pub type TerminalRef = (u64, bool);

#[allow(dead_code)]
pub mod judge;
#[allow(dead_code)]
pub mod probe;
