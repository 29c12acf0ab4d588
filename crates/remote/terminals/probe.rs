//! The probe's side: the suite's terminals as the submission's code sees them, each a
//! `cin::Terminal` whose input and output are the judge's, read and written through calls
//! back.
//!
//! So that a read is not a round trip a byte, the input is fetched a buffer at a time and
//! what was consumed is told to the judge at the next fetch, or when the probe answers or
//! calls back (the judge may read the terminal itself then); the output is sent then too.

use super::{TerminalRef, calls};
use gamekit_probe::Answers;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::io::{self, BufRead, Read, Write};
use std::rc::Rc;

/// What the probe's side of a terminal owes the judge's.
#[derive(Default)]
struct Owed {
    /// Bytes consumed and not yet told.
    consumed: Cell<usize>,
    /// Whether the buffer fetched may be out of date (the judge has run since).
    stale: Cell<bool>,
    /// Bytes printed and not yet sent.
    printed: RefCell<Vec<u8>>,
}

thread_local! {
    static TERMINALS: RefCell<HashMap<u64, (cin::Terminal, Rc<Owed>)>> = RefCell::new(HashMap::new());
}

/// The judge's terminal `id`, one `cin::Terminal` for each (its clones share its console).
pub fn lent((id, interactive): TerminalRef) -> cin::Terminal {
    TERMINALS.with_borrow_mut(|terminals| {
        let (terminal, _) = terminals.entry(id).or_insert_with(|| {
            let owed = Rc::new(Owed::default());
            let input = Input { id, buffer: Vec::new(), at: 0, owed: Rc::clone(&owed) };
            let output = Output { id, owed: Rc::clone(&owed) };
            let terminal =
                if interactive { cin::Terminal::interactive(input, output) } else { cin::Terminal::new(input, output) };
            (terminal, owed)
        });
        terminal.clone()
    })
}

/// Sends the judge what it is owed: the output, and how much input was consumed.
pub fn sync() {
    let owed: Vec<(u64, Rc<Owed>)> =
        TERMINALS.with_borrow(|terminals| terminals.iter().map(|(&id, (_, owed))| (id, Rc::clone(owed))).collect());
    for (id, owed) in owed {
        let _ = send(id, &owed);
        let consumed = owed.consumed.take();
        if consumed > 0 {
            gamekit_probe::call_back::<calls::Consume>(&(id, consumed));
        }
        owed.stale.set(true);
    }
}

/// The probe's `serve` for an assignment that lends terminals: what the submission printed
/// and read reaches the suite's terminals before each answer.
pub fn serve(answers: fn(Answers) -> Answers) {
    gamekit_probe::serve(move |call| {
        let _synced = Synced;
        answers(call)
    });
}

/// Syncs when dropped: at the end of each answer, unless a panic is unwinding (a call back
/// then could panic in turn; what is owed is sent at the next answer).
struct Synced;

impl Drop for Synced {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            sync();
        }
    }
}

fn send(id: u64, owed: &Owed) -> io::Result<()> {
    let printed = std::mem::take(&mut *owed.printed.borrow_mut());
    if printed.is_empty() {
        return Ok(());
    }
    gamekit_probe::call_back::<calls::Write>(&(id, printed)).map_err(io::Error::other)
}

struct Input {
    id: u64,
    buffer: Vec<u8>,
    at: usize,
    owed: Rc<Owed>,
}

impl Read for Input {
    fn read(&mut self, into: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let count = available.len().min(into.len());
        into[..count].copy_from_slice(&available[..count]);
        self.consume(count);
        Ok(count)
    }
}

impl BufRead for Input {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.owed.stale.take() {
            self.buffer.clear();
            self.at = 0;
        }
        if self.at == self.buffer.len() {
            let consumed = self.owed.consumed.take();
            self.buffer = gamekit_probe::call_back::<calls::Read>(&(self.id, consumed)).map_err(io::Error::other)?;
            self.at = 0;
        }
        Ok(&self.buffer[self.at..])
    }

    fn consume(&mut self, amount: usize) {
        let amount = amount.min(self.buffer.len() - self.at);
        self.at += amount;
        self.owed.consumed.set(self.owed.consumed.get() + amount);
    }
}

struct Output {
    id: u64,
    owed: Rc<Owed>,
}

/// The most printed that is kept before it is sent.
const KEPT: usize = 64 << 10;

impl Write for Output {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.owed.printed.borrow_mut().extend_from_slice(bytes);
        if self.owed.printed.borrow().len() > KEPT {
            send(self.id, &self.owed)?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
