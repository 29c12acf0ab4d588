//! The handout's console (`cin`) across the channel: its error, for every assignment, and a
//! console program (`run(args, input, output)`, reading as C++'s `cin` does) for those whose
//! program takes its input whole. Both sides of each remote crate include this file, naming
//! the console's error (`cin::Error`) `ConsoleError` at their root (the probe takes it from
//! the submission's crate, the judge from the kit's `cin`).

use crate::ConsoleError;
use gamekit_probe::wire::Wire;
use std::io::{BufRead, Write};

gamekit_probe::calls! {
    /// A console program's `run` on `args` and its whole input: what it printed, and what
    /// it returned.
    #[allow(dead_code)]
    pub Run = "run"(args: Vec<String>, input: Vec<u8>) -> (Vec<u8>, Result<(), WireError>);
}

/// The console's error as it crosses, alone or as a field of the handout's own error
/// (`wire!`): its kind (0 the end of the input, 1 a usage error, 2 an I/O error) and its
/// message, which each side [converts](gamekit_probe::wire::Convert) to and from its
/// `ConsoleError`.
#[allow(dead_code)]
pub struct WireError(u8, String);

impl Wire for WireError {
    fn put(&self, out: &mut Vec<u8>) {
        self.0.put(out);
        self.1.put(out);
    }
    fn take(input: &mut &[u8]) -> Option<Self> {
        Some(WireError(u8::take(input)?, String::take(input)?))
    }
}

/// The console's error that crossed; one of another kind is told as an I/O error.
impl gamekit_probe::wire::Convert<ConsoleError> for WireError {
    fn convert(self) -> ConsoleError {
        match self {
            WireError(0, _) => ConsoleError::EndOfInput,
            WireError(1, message) => ConsoleError::Usage(message),
            WireError(2, message) => ConsoleError::Io(std::io::Error::other(message)),
            WireError(kind, message) => {
                ConsoleError::Io(std::io::Error::other(format!("an error of unknown kind {kind}: {message}")))
            }
        }
    }
}

impl gamekit_probe::wire::Convert<WireError> for ConsoleError {
    fn convert(self) -> WireError {
        match self {
            ConsoleError::EndOfInput => WireError(0, String::new()),
            ConsoleError::Usage(message) => WireError(1, message),
            ConsoleError::Io(error) => WireError(2, error.to_string()),
        }
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
    result.map_err(gamekit_probe::wire::Convert::convert)
}

/// The probe's side: answers [`Run`] with the submission's `run`, its output in memory as
/// the suite's is (`Capped`).
#[allow(dead_code)]
pub fn answer_run(
    (args, input): (Vec<String>, Vec<u8>),
    run: impl FnOnce(&[String], &[u8], &mut gamekit_probe::Capped) -> Result<(), ConsoleError>,
) -> (Vec<u8>, Result<(), WireError>) {
    let mut output = gamekit_probe::Capped::new();
    let result = run(&args, &input, &mut output).map_err(gamekit_probe::wire::Convert::convert);
    (output.bytes, result)
}
