//! # gamekit-probe
//!
//! The channel between a graded suite's *judge* and a submission's *probe*. The judge is
//! the suite, compiled once per kit with the kit's code only and run outside the sandbox:
//! it holds the oracles and the expected outputs and decides every verdict. The probe is a
//! small program of the kit's linked with the submission and run in the sandbox: it only
//! calls the submission's code as the judge asks and answers with what it returned (or the
//! message it panicked with). So no output, exit status or file of a process that contains
//! submitted code decides a verdict, and nothing secret is where that code runs.
//!
//! - Each call is declared once ([`Remote`], with [`calls!`]), in a file both sides
//!   include: its name and the types of its arguments and answer, so that the two sides
//!   cannot disagree on them and still compile.
//! - In the probe, [`serve`] answers calls until its input ends, with its [`Answers`].
//! - In the judge, [`call`] asks the probe (started on first use from the command that
//!   `GAMEKIT_PROBE` names) and returns its answer, or panics with the submission's own
//!   panic message, or with what ended the probe (a limit, a signal).
//! - Objects of the submission's (a scaffold, a player, a game) stay in the probe, in
//!   [`objects`]; the judge holds their numbers and [`release`]s them.
//! - While the probe answers, the submission's code may call the judge back
//!   ([`call_back`]): a player of the suite's asked for a move by the submission's game, a
//!   terminal of the suite's read or written. The judge answers with the [`Answers`] it
//!   gave [`answer_calls_back`].
//!
//! Frames are a length (8 bytes, little-endian) and that many bytes: a call (the function's
//! name and its arguments) or an answer (`Ok(result)` or `Err(panic message)`).

pub mod objects;
pub mod proxy;
mod remote;
mod sys;
pub mod wire;

pub use remote::{Answers, Remote, assert_answers_exactly, name};
use std::io::{self, Read, Write};
use wire::{Wire, decode, encode};

/// The largest frame either side accepts: past it the other side is talking nonsense.
const MAX_FRAME: u64 = 256 << 20;

/// The message a panic was raised with.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|text| (*text).to_owned()))
        .unwrap_or_else(|| "a panic without a message".to_owned())
}

/// A frame's first byte: what follows is a call (the function's name and its arguments)…
const CALL: u8 = 0;
/// … or the answer to the last call: `Ok(result)` or `Err(panic message)`.
const ANSWER: u8 = 1;

/// What crosses the channel, either way.
enum Message {
    Call(String, Vec<u8>),
    Answer(Result<Vec<u8>, String>),
}

impl Message {
    /// Writes the message as one frame, in one write: a call is a round trip, and the
    /// suites make hundreds of thousands.
    fn write(&self, out: &mut impl Write) -> io::Result<()> {
        let mut frame = vec![0; 8];
        match self {
            Message::Call(function, arguments) => {
                frame.push(CALL);
                function.put(&mut frame);
                arguments.put(&mut frame);
            }
            Message::Answer(answer) => {
                frame.push(ANSWER);
                answer.put(&mut frame);
            }
        }
        let length = (frame.len() - 8) as u64;
        frame[..8].copy_from_slice(&length.to_le_bytes());
        out.write_all(&frame)?;
        out.flush()
    }

    /// Reads the next frame: `Ok(None)` when it is not a message.
    fn read(input: &mut impl Read) -> io::Result<Option<Message>> {
        let mut length = [0; 8];
        input.read_exact(&mut length)?;
        let length = u64::from_le_bytes(length);
        if length > MAX_FRAME {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "a frame too long"));
        }
        let mut frame = vec![0; length as usize];
        input.read_exact(&mut frame)?;
        Ok(match frame.split_first() {
            Some((&CALL, rest)) => {
                decode::<(String, Vec<u8>)>(rest).map(|(function, arguments)| Message::Call(function, arguments))
            }
            Some((&ANSWER, rest)) => decode(rest).map(Message::Answer),
            _ => None,
        })
    }
}

/// The probe's answers, as it gives them to [`serve`].
type Answering = dyn for<'a> Fn(Answers<'a>) -> Answers<'a>;

/// The probe's end of the channel, while it serves.
struct Channel {
    calls: io::BufReader<std::fs::File>,
    answers: std::fs::File,
    answering: std::rc::Rc<Answering>,
}

thread_local! {
    static CHANNEL: std::cell::RefCell<Option<Channel>> = const { std::cell::RefCell::new(None) };
}

/// The probe's side: answers the judge's calls with `answers` until the judge closes the
/// channel (a call none of them answers is refused). While it answers, the submission's
/// code may call the judge back ([`call_back`]).
///
/// The channel is the process's stdin and stdout as they were at the start; then stdin is
/// emptied and stdout sent to stderr, so that what the submission prints never mixes with
/// the answers.
pub fn serve(answers: impl for<'a> Fn(Answers<'a>) -> Answers<'a> + 'static) {
    let (calls, out) = take_channel();
    let channel = Channel { calls: io::BufReader::new(calls), answers: out, answering: std::rc::Rc::new(answers) };
    CHANNEL.with_borrow_mut(|slot| *slot = Some(channel));
    while let Some(Message::Call(function, arguments)) = next_message() {
        answer(&function, &arguments);
    }
}

/// The next message from the judge; `None` when the judge has closed the channel (or says
/// nonsense, which only the kit's own judge could, and does not).
fn next_message() -> Option<Message> {
    CHANNEL.with_borrow_mut(|channel| Message::read(&mut channel.as_mut()?.calls).ok()?)
}

fn send(message: &Message) -> io::Result<()> {
    CHANNEL.with_borrow_mut(|channel| match channel {
        Some(channel) => message.write(&mut channel.answers),
        None => Err(io::Error::other("the probe is not serving")),
    })
}

/// Answers one call of the judge's: with the probe's own calls, else (and only then, so
/// that what a probe does around its answers is done around the submission's only) the
/// answers it serves; what they returned, or the message they panicked with.
fn answer(function: &str, arguments: &[u8]) {
    let answering =
        CHANNEL.with_borrow(|channel| channel.as_ref().map(|channel| std::rc::Rc::clone(&channel.answering)));
    let Some(answering) = answering else { return };
    let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let own = Answers::to(function, arguments)
            .on::<builtin::Program>(|(path, args, input)| Some(run_locally(&path, &args, input)))
            .on::<builtin::Release>(|id| {
                objects::release(id);
                Some(())
            });
        if own.answered() { own.answer() } else { answering(own).answer() }
    }));
    let answer = match answer {
        Ok(Some(bytes)) => Ok(bytes),
        Ok(None) => Err(format!("the probe does not know the function {function}, or its arguments")),
        Err(payload) => Err(panic_text(payload.as_ref())),
    };
    if send(&Message::Answer(answer)).is_err() {
        std::process::exit(0);
    }
}

/// Calls the judge back while answering one of its calls: call `C` of the judge's (a
/// player of the suite's, say, that the submission's game asks for a move) with `arguments`;
/// the judge's own calls made meanwhile are answered as they come.
///
/// # Panics
/// With the judge's message when its function failed (the test has then failed).
pub fn call_back<C: Remote>(arguments: &C::Arguments) -> C::Answer {
    if send(&Message::Call(name::<C>().into_owned(), encode(arguments))).is_err() {
        std::process::exit(0);
    }
    loop {
        match next_message() {
            Some(Message::Call(function, arguments)) => answer(&function, &arguments),
            Some(Message::Answer(Ok(bytes))) => {
                return decode(&bytes).unwrap_or_else(|| panic!("the judge's answer to {} is not one", name::<C>()));
            }
            Some(Message::Answer(Err(message))) => panic!("{message}"),
            // The judge has gone: nobody waits for this probe any more.
            None => std::process::exit(0),
        }
    }
}

/// The channel's two ends, taken from stdin and stdout, which now lead nowhere and to stderr.
fn take_channel() -> (std::fs::File, std::fs::File) {
    use std::os::fd::AsFd;
    let requests = io::stdin().as_fd().try_clone_to_owned().expect("the probe's stdin");
    let answers = io::stdout().as_fd().try_clone_to_owned().expect("the probe's stdout");
    let nothing = std::fs::File::open("/dev/null").expect("/dev/null");
    // SAFETY: dup2 on descriptors this process owns (0, 1, 2 and one just opened); no Rust
    // object owns descriptors 0 and 1, which now refer to other files.
    let replaced = unsafe {
        use std::os::fd::AsRawFd;
        sys::dup2(nothing.as_raw_fd(), 0) != -1 && sys::dup2(2, 1) != -1
    };
    assert!(replaced, "the probe could not set its stdin and stdout aside");
    (requests.into(), answers.into())
}

/// The probe's own calls, which every probe answers.
mod builtin {
    crate::calls! {
        /// Runs one of the submission's programs in the probe's sandbox: `path` with `args`
        /// and `input` on its stdin, for `PROGRAM_SECONDS`(crate::PROGRAM_SECONDS) at most.
        pub Program = "gamekit-probe:program"(path: String, args: Vec<String>, input: Vec<u8>) -> crate::ProgramRun;
        /// Lets go of one of the probe's [`objects`](crate::objects).
        pub Release = "gamekit-probe:release"(id: u64) -> ();
    }
}

/// How long a program may run: less than any rubric's time limit.
const PROGRAM_SECONDS: u64 = 8;

/// What a program run gives: its stdout, its stderr, and its wait status.
pub type ProgramRun = (Vec<u8>, Vec<u8>, Option<i32>);

/// A program's run as an [`std::process::Output`].
///
/// # Panics
/// When the program was stopped after `PROGRAM_SECONDS`.
pub fn output(path: &std::path::Path, (stdout, stderr, status): ProgramRun) -> std::process::Output {
    let name = path.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
    let Some(status) = status else {
        panic!(
            "the {name} program was stopped after {PROGRAM_SECONDS} seconds: it took too long (waiting for input it never gets?)"
        );
    };
    use std::os::unix::process::ExitStatusExt;
    std::process::Output { status: std::process::ExitStatus::from_raw(status), stdout, stderr }
}

/// Runs a program on `input` for `PROGRAM_SECONDS` at most: its stdout, its stderr and its
/// wait status (`None` when it was stopped). Once it has ended, what it printed is taken
/// after a moment even if a process it started still holds its output open (a daemon that
/// left its group would otherwise keep the caller waiting).
///
/// # Panics
/// When the program cannot be started.
pub fn run_locally(path: &str, args: &[String], input: Vec<u8>) -> ProgramRun {
    use std::process::{Command, Stdio};
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};
    let mut child =
        match Command::new(path).args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()
        {
            Ok(child) => child,
            Err(error) => panic!("cannot run {path}: {error}"),
        };
    let mut stdin = child.stdin.take().expect("a piped stdin");
    std::thread::spawn(move || stdin.write_all(&input));
    let read = |mut pipe: Option<Box<dyn Read + Send>>| {
        let kept = Arc::new(Mutex::new(Vec::new()));
        let (into, done) = (Arc::clone(&kept), Arc::new(std::sync::atomic::AtomicBool::new(false)));
        let finished = Arc::clone(&done);
        std::thread::spawn(move || {
            let mut chunk = [0; 8192];
            while let Some(Ok(read @ 1..)) = pipe.as_mut().map(|pipe| pipe.read(&mut chunk)) {
                let mut kept = into.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                if kept.len() < 64 << 20 {
                    kept.extend_from_slice(&chunk[..read]);
                }
            }
            finished.store(true, std::sync::atomic::Ordering::SeqCst);
        });
        (kept, done)
    };
    let stdout = read(child.stdout.take().map(|pipe| Box::new(pipe) as Box<dyn Read + Send>));
    let stderr = read(child.stderr.take().map(|pipe| Box::new(pipe) as Box<dyn Read + Send>));
    let deadline = Instant::now() + Duration::from_secs(PROGRAM_SECONDS);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(2)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    let grace = Instant::now() + Duration::from_millis(200);
    let taken = |(kept, done): (Arc<Mutex<Vec<u8>>>, Arc<std::sync::atomic::AtomicBool>)| {
        while !done.load(std::sync::atomic::Ordering::SeqCst) && Instant::now() < grace {
            std::thread::sleep(Duration::from_millis(1));
        }
        std::mem::take(&mut *kept.lock().unwrap_or_else(std::sync::PoisonError::into_inner))
    };
    let wait_status = status.map(|status| {
        use std::os::unix::process::ExitStatusExt;
        status.into_raw()
    });
    (taken(stdout), taken(stderr), wait_status)
}

/// An output for a program run in memory that holds at most `limit` bytes: past that, a
/// write fails, so that a program that prints forever (a loop re-prompting at the end of
/// the input, say) fails its test instead of filling the memory.
#[derive(Debug)]
pub struct Capped {
    /// What was printed.
    pub bytes: Vec<u8>,
    limit: usize,
}

impl Capped {
    /// The most a suite lets a program print in memory: 32 MiB.
    pub const LIMIT: usize = 32 << 20;

    /// An empty output that takes at most [`Capped::LIMIT`] bytes.
    pub fn new() -> Capped {
        Capped::with_limit(Capped::LIMIT)
    }

    /// An empty output that takes at most `limit` bytes.
    pub fn with_limit(limit: usize) -> Capped {
        Capped { bytes: Vec::new(), limit }
    }
}

impl Default for Capped {
    fn default() -> Capped {
        Capped::new()
    }
}

impl std::io::Write for Capped {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if self.bytes.len() + bytes.len() > self.limit {
            let message =
                format!("the program printed over {} MiB: it keeps printing (an endless loop?)", self.limit >> 20);
            return Err(std::io::Error::other(message));
        }
        self.bytes.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

mod judge;
pub use judge::{answer_calls_back, call, ended_the_probe, panicked, release, run_program, signal_name, try_call};
