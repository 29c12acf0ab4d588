//! The code the assignment provides: the program, [`run`]. Do not change it: the grader
//! grades with this file as the handout has it.

use std::io::{BufRead, Write};

pub use cin::{Console, Error};

/// The `nim` program: asks `Three heaps? ` until the input ends, and prints the
/// [`winning_move`](crate::winning_move) of each position, heaps numbered from 1.
///
/// # Errors
/// [`Error::Usage`] for any argument (nothing is printed to `output` then); [`Error::Io`]
/// when the console fails.
pub fn run<I, S>(args: I, input: impl BufRead, output: impl Write) -> Result<(), Error>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    if let Some(arg) = args.into_iter().next() {
        return Err(Error::Usage(format!("unexpected argument '{}'\nusage: nim", arg.as_ref())));
    }
    let console = &mut Console::new(input, output);
    loop {
        write!(console, "Three heaps? ")?;
        let mut heaps = Vec::new();
        while heaps.len() < 3 {
            match console.read_int() {
                Ok(Some(size)) if size >= 0 => heaps.push(size.unsigned_abs()),
                Ok(_) => break,
                Err(Error::EndOfInput) => return Ok(console.flush()?),
                Err(error) => return Err(error),
            }
        }
        let answer = (heaps.len() == 3).then(|| crate::winning_move(heaps));
        match answer {
            Some(Some((heap, count))) => writeln!(console, "Take {count} from heap {}.", heap + 1)?,
            Some(None) => writeln!(console, "No winning move.")?,
            None => writeln!(console, "That is not a heap.")?,
        }
    }
}
