//! The suite's terminals lent to the submission's code, for the assignments whose games and
//! players read and print on a `cin::Terminal`: the terminal stays in the judge, and the
//! probe reads and prints on it through calls back. Both sides of such a remote crate
//! include this folder (`#[path = "…/terminals/mod.rs"] mod terminals;`), so the two ends
//! cannot disagree; each uses its own half.

/// A terminal as it crosses: its number in the judge, and whether it is interactive.
pub type TerminalRef = (u64, bool);

/// The probe's calls back to a terminal of the suite's, which the judge answers.
pub mod calls {
    gamekit_probe::calls! {
        /// Tells that `consumed` bytes of the input were read, then reads on: what is
        /// available now (64 KiB at most), or the error reading it.
        pub Read = "Terminal::read"(terminal: u64, consumed: usize) -> Result<Vec<u8>, String>;
        /// Tells that `consumed` bytes of the input were read.
        pub Consume = "Terminal::consume"(terminal: u64, consumed: usize) -> ();
        /// Prints `bytes`: the error when the terminal refuses them, or when the
        /// submission has printed too much to it.
        pub Write = "Terminal::write"(terminal: u64, bytes: Vec<u8>) -> Result<(), String>;
    }
}

#[allow(dead_code)]
pub mod judge;
#[allow(dead_code)]
pub mod probe;
