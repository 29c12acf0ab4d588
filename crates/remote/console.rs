//! The handout's console (`cin`) across the channel: its error, for every assignment, and a
//! console program (`run(args, input, output)`, reading as C++'s `cin` does) for those whose
//! program takes its input whole. Both sides of each remote crate include this file, naming
//! the console's error (`cin::Error`) `ConsoleError` at their root (the probe takes it from
//! the submission's crate, the judge from the kit's `cin`).

use crate::ConsoleError;
use std::io::{BufRead, Write};

gamekit_probe::calls! {
    /// A console program's `run` on `args` and its whole input: what it printed, and what
    /// it returned.
    #[allow(dead_code)]
    pub Run = "run"(args: Vec<String>, input: Vec<u8>) -> (Vec<u8>, Result<(), Wire>);
}

/// The error as it crosses: its kind (0 the end of the input, 1 a usage error, 2 an I/O
/// error) and its message.
pub type Wire = (u8, String);

/// The console's `error` as it crosses.
#[allow(dead_code)]
pub fn wire(error: ConsoleError) -> Wire {
    match error {
        ConsoleError::EndOfInput => (0, String::new()),
        ConsoleError::Usage(message) => (1, message),
        ConsoleError::Io(error) => (2, error.to_string()),
    }
}

/// The console's error that crossed as `wire`; one of another kind is told as an I/O error.
#[allow(dead_code)]
pub fn unwire((kind, message): Wire) -> ConsoleError {
    match kind {
        0 => ConsoleError::EndOfInput,
        1 => ConsoleError::Usage(message),
        2 => ConsoleError::Io(std::io::Error::other(message)),
        _ => ConsoleError::Io(std::io::Error::other(format!("an error of unknown kind {kind}: {message}"))),
    }
}

/// The console's error as a field of the handout's own error crosses (`wire!`): its
/// [`Wire`] as a value, which each side [converts](gamekit_probe::wire::Convert) to and from
/// its `ConsoleError`.
#[allow(dead_code)]
pub struct WireError(Wire);

impl gamekit_probe::wire::Wire for WireError {
    fn put(&self, out: &mut Vec<u8>) {
        self.0.put(out);
    }
    fn take(input: &mut &[u8]) -> Option<Self> {
        Wire::take(input).map(WireError)
    }
}

impl gamekit_probe::wire::Convert<ConsoleError> for WireError {
    fn convert(self) -> ConsoleError {
        unwire(self.0)
    }
}

impl gamekit_probe::wire::Convert<WireError> for ConsoleError {
    fn convert(self) -> WireError {
        WireError(wire(self))
    }
}

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
    let (printed, result) = gamekit_probe::call::<Run>(&(args, bytes));
    output.write_all(&printed).map_err(ConsoleError::Io)?;
    result.map_err(unwire)
}

/// The probe's side: answers [`Run`] with the submission's `run`, its output in memory as
/// the suite's is (`Capped`).
#[allow(dead_code)]
pub fn answer_run(
    (args, input): (Vec<String>, Vec<u8>),
    run: impl FnOnce(&[String], &[u8], &mut gamekit_probe::Capped) -> Result<(), ConsoleError>,
) -> (Vec<u8>, Result<(), Wire>) {
    let mut output = gamekit_probe::Capped::new();
    let result = run(&args, &input, &mut output).map_err(wire);
    (output.bytes, result)
}
