//! The public transcripts, a test each (`support/transcripts.rs` says how they are run):
//! `cargo test --test transcripts <case>` runs one.

#[path = "support/transcripts.rs"]
mod transcripts;

transcripts::cases!("reversi-players" => black_person_first_valid_move_after_invalid_tries, computer_against_computer);
