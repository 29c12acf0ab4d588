//! The public transcripts, a test each (`support/transcripts.rs` says how they are run):
//! `cargo test --test transcripts <case>` runs one.

#[path = "support/transcripts.rs"]
mod transcripts;

transcripts::cases!("nim" => positions);
