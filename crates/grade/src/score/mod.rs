//! Scoring: the rubric's groups and points (`rubric.rs`), the report of a grade
//! (`report.rs`) and the report as a person reads it (`text.rs`).

pub(crate) mod report;
pub(crate) mod rubric;
pub(crate) mod text;
