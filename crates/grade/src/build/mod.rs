//! Building: a submission's harness and probe, and the suite's judge (`harness.rs`): where
//! it is built (`place.rs`), with which toolchain (`toolchain.rs`), from which generated
//! files (`package.rs`), starting from the kit's probe crate built once (`probe_crate.rs`),
//! read through Cargo's messages (`cargo.rs`); what of it is the kit's own asked of Cargo
//! once per process (`once.rs`).

mod cargo;
pub(crate) mod harness;
pub(crate) mod once;
mod package;
pub(crate) mod place;
mod probe_crate;
pub(crate) mod toolchain;
