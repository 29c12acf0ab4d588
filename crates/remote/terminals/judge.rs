//! The judge's side: a terminal lent keeps its number for the test's life; the probe reads
//! and prints on it through calls back ([`answer`]), at most 32 MiB to each.

use std::cell::RefCell;
use std::io::{BufRead, Write};

use super::{TerminalRef, calls};
use cin::Terminal;
use gamekit_probe::Answers;

/// A terminal of the suite's that the submission's code reads and prints to, through the
/// probe's calls back, and how much was printed to it that way.
struct LentTerminal {
    terminal: Terminal,
    printed: usize,
}

thread_local! {
    /// Every terminal lent (clones share one console, so they are one terminal), kept for the
    /// test's life.
    static TERMINALS: RefCell<Vec<LentTerminal>> = const { RefCell::new(Vec::new()) };
}

/// `terminal` as the probe takes it. Its console is not borrowed: the suite may be printing
/// to it (the handout's `run` lends its terminal to a player while it asks which one).
pub fn lend(terminal: &Terminal) -> TerminalRef {
    let id = TERMINALS.with_borrow_mut(|terminals| {
        terminals.iter().position(|lent| lent.terminal.shares_console_with(terminal)).unwrap_or_else(|| {
            terminals.push(LentTerminal { terminal: terminal.clone(), printed: 0 });
            terminals.len() - 1
        })
    });
    (id as u64, terminal.is_interactive())
}

/// The most the submission may print to one of the suite's terminals.
const PRINTED: usize = gamekit_probe::Capped::LIMIT;

/// Answers the probe's calls back to a terminal (`Terminal::read`, `consume` and `write`),
/// on a terminal lent (`None` for one never lent).
pub fn answers(answers: Answers) -> Answers {
    answers
        .on::<calls::Read>(|(terminal, consumed)| {
            on_terminal(terminal, |lent| {
                let mut console = lent.terminal.console();
                console.consume(consumed);
                let available = console.fill_buf().map_err(|error| error.to_string())?;
                Ok(available[..available.len().min(64 << 10)].to_vec())
            })
        })
        .on::<calls::Consume>(|(terminal, consumed)| {
            on_terminal(terminal, |lent| lent.terminal.console().consume(consumed))
        })
        .on::<calls::Write>(|(terminal, bytes)| {
            on_terminal(terminal, |lent| {
                lent.printed += bytes.len();
                if lent.printed > PRINTED {
                    return Err(format!(
                        "the game printed over {} MiB: it keeps printing (an endless loop?)",
                        PRINTED >> 20
                    ));
                }
                lent.terminal.write_all(&bytes).map_err(|error| error.to_string())
            })
        })
}

fn on_terminal<R>(terminal: u64, f: impl FnOnce(&mut LentTerminal) -> R) -> Option<R> {
    TERMINALS.with_borrow_mut(|terminals| terminals.get_mut(usize::try_from(terminal).ok()?).map(f))
}
