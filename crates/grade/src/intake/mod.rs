//! Taking a submission in: finding its crate in an upload (`locate.rs`) and copying its
//! sources under the handout's contract (`sources.rs`; the handout's `Cargo.toml`,
//! [`manifest`]), reading a tree the one way the grader reads one (`walk.rs`).

pub(crate) mod locate;
pub mod manifest;
pub(crate) mod sources;
pub(crate) mod walk;

pub use walk::KIT_PARTS;
