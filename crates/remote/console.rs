//! A console program (`run(args, input, output)`, reading as C++'s `cin` does) across the
//! channel, for the assignments that have one: both sides of each include this file, naming
//! the console's error (`cin::Error`) `ConsoleError` at their root (the probe takes it from
//! the submission's crate, the judge from the kit's `cin`).

use crate::ConsoleError;
use gamekit_probe::wire::{decode, encode};
use std::io::{BufRead, Write};

/// The error as it crosses: a kind, and its message.
type Wire = (u8, String);

/// The judge's side: the submission's `run`, made in the probe on the whole input; what it
/// printed comes back into `output`.
///
/// # Errors
/// What the submission's `run` returned; `Io` when `output` refuses what it printed.
#[allow(dead_code)]
pub fn run<I, S>(args: I, mut input: impl BufRead, mut output: impl Write) -> Result<(), ConsoleError>
where
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let args: Vec<String> = args.into_iter().map(|arg| arg.as_ref().to_owned()).collect();
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes).map_err(ConsoleError::Io)?;
    let (printed, result): (Vec<u8>, Result<(), Wire>) = gamekit_probe::call("run", &(args, bytes));
    output.write_all(&printed).map_err(ConsoleError::Io)?;
    result.map_err(|(kind, message)| match kind {
        0 => ConsoleError::EndOfInput,
        1 => ConsoleError::Usage(message),
        _ => ConsoleError::Io(std::io::Error::other(message)),
    })
}

/// The probe's side: answers a call of `run` with the submission's, its output in memory
/// as the suite's is (`Capped`).
#[allow(dead_code)]
pub fn answer_run(
    arguments: &[u8],
    run: impl FnOnce(&[String], &[u8], &mut gamekit_probe::Capped) -> Result<(), ConsoleError>,
) -> Option<Vec<u8>> {
    let (args, input) = decode::<(Vec<String>, Vec<u8>)>(arguments)?;
    let mut output = gamekit_probe::Capped::new();
    let result: Result<(), Wire> = run(&args, &input, &mut output).map_err(|error| match error {
        ConsoleError::EndOfInput => (0, String::new()),
        ConsoleError::Usage(message) => (1, message),
        ConsoleError::Io(error) => (2, error.to_string()),
    });
    Some(encode(&(output.bytes, result)))
}
