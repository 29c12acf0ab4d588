//! The judge's side: one probe per judge process, started on the first call.

use super::wire::{decode, encode};
use super::{Answers, Message, Remote, builtin, name, sys};
use std::io::Read;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The probe's command: a file that `GAMEKIT_PROBE` names, its arguments separated by NULs.
const COMMAND: &str = "GAMEKIT_PROBE";
/// The limits the sandbox sets, for the messages: `<memory MiB> <output MiB>`.
const LIMITS: &str = "GAMEKIT_PROBE_LIMITS";

static PROBE: Mutex<Option<Probe>> = Mutex::new(None);

/// How the judge's message begins when the submission's code ended its probe.
const ENDED: &str = "the submission's code";
/// How it begins when the probe hit a limit.
const STOPPED: &str = "stopped at the";

/// Whether a judge's panic message says that the submission's code ended its probe (a crash
/// or a limit), rather than that an answer was wrong.
pub fn ended_the_probe(message: &str) -> bool {
    message.starts_with(ENDED) || message.starts_with(STOPPED)
}

/// What a signal means, for the signals a crash usually ends with.
pub fn signal_name(signal: i32) -> &'static str {
    match signal {
        4 => "an illegal instruction",
        6 => "an abort",
        7 => "a bus error",
        8 => "an arithmetic error",
        9 => "killed",
        11 => "a segmentation fault: a stack overflow or memory fault",
        _ => "a signal",
    }
}

/// Makes call `C` of the submission's with `arguments` in the probe and returns what it
/// returned.
///
/// # Panics
/// With the submission's own message after `<call's name> panicked: ` when its code panicked
/// (a `todo!()` reads "not yet implemented…"), and with what happened when the probe ended (a
/// limit it hit, a signal).
pub fn call<C: Remote>(arguments: &C::Arguments) -> C::Answer {
    try_call::<C>(arguments).unwrap_or_else(|message| panicked::<C>(&message))
}

/// Fails the test with the panic of the submission's call `C`, said to be the submission's:
/// its text is the submission's to choose, so it must not read as the suite's own assertion
/// (the report calls an assertion's values "actual" and "expected") or as the judge's words
/// on how the probe ended.
pub fn panicked<C: Remote>(message: &str) -> ! {
    panic!("{} panicked: {message}", name::<C>())
}

/// Runs one of the submission's programs in the probe's sandbox: `path`, `args`, `input` on
/// its stdin, for `PROGRAM_SECONDS` at most.
///
/// # Panics
/// When the program cannot run or runs too long.
pub fn run_program(path: &std::path::Path, args: &[String], input: Vec<u8>) -> std::process::Output {
    super::output(path, call::<builtin::Program>(&(path.to_string_lossy().into_owned(), args.to_vec(), input)))
}

/// Like [`call`], but a panic of the submission's code is an `Err` with its message.
///
/// # Panics
/// When the probe ended, or its answer is not one.
pub fn try_call<C: Remote>(arguments: &C::Arguments) -> Result<C::Answer, String> {
    let function = name::<C>();
    let bytes = exchange(&function, encode(arguments))?;
    Ok(decode(&bytes).unwrap_or_else(|| panic!("{}", nonsense(&function))))
}

/// What the judge says of an answer that is not one.
fn nonsense(function: &str) -> String {
    format!("the probe's answer to {function} is not one (did the submission write into the probe's channel?)")
}

/// The judge's answers to the probe's calls back, set by [`answer_calls_back`].
static CALLED_BACK: std::sync::OnceLock<CalledBack> = std::sync::OnceLock::new();

/// The judge's answers to calls back (a call none of them answers is refused).
type CalledBack = for<'a> fn(Answers<'a>) -> Answers<'a>;

/// The message of the judge's own function that panicked when called back: the test has
/// failed with it, whatever the submission's code did with the error it was given.
static FAILED: Mutex<Option<String>> = Mutex::new(None);

/// Sets the judge's answers to the calls back the probe may make while it answers. The
/// first call sets them; later ones change nothing.
pub fn answer_calls_back(answers: CalledBack) {
    let _ = CALLED_BACK.set(answers);
}

/// Lets go of object `id` in the probe: what a proxy does when it is dropped. Never panics
/// (a proxy is dropped while a failed test unwinds too), and starts no probe.
pub fn release(id: u64) {
    let running = PROBE.lock().is_ok_and(|probe| probe.is_some());
    if running && !std::thread::panicking() {
        // A failure met meanwhile (a function of the judge's called back panicked) is kept
        // for the call under way, not lost with this one.
        let function = name::<builtin::Release>();
        if let Err(payload) = std::panic::catch_unwind(|| exchange(&function, encode(&id))) {
            let mut failed = FAILED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            failed.get_or_insert_with(|| super::panic_text(payload.as_ref()));
        }
    }
}

/// Sends a call to the probe and answers its calls back until its answer comes.
///
/// One call at a time: the suites' tests are single-threaded. The lock is held only while
/// a frame crosses, since a function called back may call the probe in turn.
fn exchange(function: &str, arguments: Vec<u8>) -> Result<Vec<u8>, String> {
    let call = Message::Call(function.to_owned(), arguments);
    let mut sent = {
        let mut slot = PROBE.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        call.write(&mut slot.get_or_insert_with(Probe::start).requests)
    };
    while sent.is_ok() {
        match with_probe(|probe| Message::read(&mut probe.answers)) {
            Ok(Some(Message::Answer(answer))) => {
                failed_in_a_call_back();
                if !printed_too_much() {
                    return answer;
                }
                break;
            }
            Ok(Some(Message::Call(called, arguments))) => {
                let answer = answer_call_back(&called, &arguments);
                sent = with_probe(|probe| Message::Answer(answer).write(&mut probe.requests));
            }
            Ok(None) => {
                // The channel is out of step: the next call starts a probe afresh.
                if let Some(probe) = PROBE.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take() {
                    end(&probe.child);
                }
                failed_in_a_call_back();
                return Err(nonsense(function));
            }
            Err(_) => break,
        }
    }
    failed_in_a_call_back();
    let probe = PROBE.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
    match probe {
        Some(probe) => panic!("{}", probe.fate(function)),
        None => panic!("{ENDED} ended the probe while running {function}"),
    }
}

/// Whether the probe has printed past its limit: then its answers no longer count.
fn printed_too_much() -> bool {
    with_probe(|probe| Ok(probe.printed.lock().is_ok_and(|printed| printed.over))).unwrap_or(false)
}

/// Runs `f` with the probe the call under way was sent to; an error when it has ended
/// meanwhile (in a call made by a function called back), rather than a new one.
fn with_probe<T>(f: impl FnOnce(&mut Probe) -> std::io::Result<T>) -> std::io::Result<T> {
    let mut slot = PROBE.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    slot.as_mut().map_or_else(|| Err(std::io::Error::other("the probe has ended")), f)
}

/// Answers a call back of the probe's with the judge's answers.
fn answer_call_back(function: &str, arguments: &[u8]) -> Result<Vec<u8>, String> {
    let Some(answers) = CALLED_BACK.get() else {
        return Err(format!("the judge has no function {function} to call back"));
    };
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| answers(Answers::to(function, arguments)).answer()))
    {
        Ok(Some(bytes)) => Ok(bytes),
        Ok(None) => Err(format!("the judge has no function {function} for those arguments")),
        Err(payload) => {
            let message = super::panic_text(payload.as_ref());
            let mut failed = FAILED.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            failed.get_or_insert_with(|| message.clone());
            Err(message)
        }
    }
}

/// Fails the test with the judge's own message when a function of the judge's panicked
/// during the last call.
fn failed_in_a_call_back() {
    let failed = FAILED.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
    if let Some(message) = failed {
        panic!("{message}");
    }
}

/// The probe started last, for [`reap`].
static RUNNING: Mutex<Option<Arc<Mutex<Child>>>> = Mutex::new(None);

/// Ends the probe `child` when the judge exits (libtest exits without dropping the probe),
/// and waits for it, so that it is neither left running nor left unreaped.
fn reap_at_exit(child: &Arc<Mutex<Child>>) {
    static REGISTERED: std::sync::Once = std::sync::Once::new();
    *RUNNING.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(Arc::clone(child));
    // SAFETY: registers a function that only ends a child process.
    REGISTERED.call_once(|| unsafe {
        sys::atexit(reap);
    });
}

extern "C" fn reap() {
    if let Some(child) = RUNNING.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take() {
        end(&child);
    }
}

/// Kills the probe `child` and waits for it. Through the owned `Child`, never by its number:
/// once it has been waited for, `Child::kill` signals nothing (the number may be another
/// process's by then), and the lock keeps a kill and a wait from crossing.
fn end(child: &Mutex<Child>) {
    let mut child = child.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let _ = child.kill();
    let _ = child.wait();
}

/// A running probe.
struct Probe {
    /// Shared with the thread that reads its stderr, which kills it past the output limit.
    child: Arc<Mutex<Child>>,
    requests: ChildStdin,
    answers: std::io::BufReader<ChildStdout>,
    /// The end of what the submission printed, and whether it printed past the limit.
    printed: Arc<Mutex<Printed>>,
    limits: (u64, u64),
}

#[derive(Default)]
struct Printed {
    tail: Vec<u8>,
    over: bool,
}

impl Probe {
    fn start() -> Probe {
        let file = std::env::var_os(COMMAND).unwrap_or_else(|| {
            panic!("{COMMAND} is not set: a judge runs under `gamekit grade`, which starts its probe")
        });
        let command = std::fs::read(&file).unwrap_or_else(|error| panic!("cannot read the probe's command: {error}"));
        let mut words = command.split(|&byte| byte == 0).map(|word| String::from_utf8_lossy(word).into_owned());
        let program = words.next().unwrap_or_default();
        let limits: Vec<u64> = std::env::var(LIMITS)
            .unwrap_or_default()
            .split_whitespace()
            .filter_map(|number| number.parse().ok())
            .collect();
        let limits = (limits.first().copied().unwrap_or(0), limits.get(1).copied().unwrap_or(u64::MAX >> 20));
        let mut child = Command::new(&program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|error| panic!("cannot start the probe {program}: {error}"));
        let (stderr, requests, answers) = (child.stderr.take(), child.stdin.take(), child.stdout.take());
        let child = Arc::new(Mutex::new(child));
        reap_at_exit(&child);
        let printed = Arc::new(Mutex::new(Printed::default()));
        let (keep, killer) = (Arc::clone(&printed), Arc::clone(&child));
        let output_limit = limits.1 << 20;
        std::thread::spawn(move || {
            let (Some(mut stderr), mut total, mut chunk) = (stderr, 0u64, [0; 8192]) else { return };
            while let Ok(read @ 1..) = stderr.read(&mut chunk) {
                total += read as u64;
                let mut printed = keep.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                printed.tail.extend_from_slice(&chunk[..read]);
                if printed.tail.len() > 128 << 10 {
                    let cut = printed.tail.len() - (64 << 10);
                    printed.tail.drain(..cut);
                }
                if total > output_limit && !printed.over {
                    printed.over = true;
                    // Through the owned child: nothing is signalled once it has been waited
                    // for. Reading goes on, so that the probe dies of the kill rather than of
                    // a closed pipe (its code would panic there, and answer with that).
                    let _ = killer.lock().unwrap_or_else(std::sync::PoisonError::into_inner).kill();
                }
            }
        });
        let requests = requests.expect("a piped stdin");
        let answers = std::io::BufReader::new(answers.expect("a piped stdout"));
        Probe { child, requests, answers, printed, limits }
    }

    /// What ended the probe while it answered `function`, in a student's terms.
    fn fate(self, function: &str) -> String {
        drop(self.requests);
        let deadline = Instant::now() + Duration::from_secs(1);
        let status = loop {
            let waited = self.child.lock().unwrap_or_else(std::sync::PoisonError::into_inner).try_wait();
            match waited {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
                _ => {
                    end(&self.child);
                    break None;
                }
            }
        };
        std::thread::sleep(Duration::from_millis(20));
        let printed = self.printed.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let said = String::from_utf8_lossy(&printed.tail);
        let during = format!("while running {function}");
        if printed.over {
            return format!("{STOPPED} output limit of {} MiB {during}", self.limits.1);
        }
        if said.contains("memory allocation of") {
            return format!("{STOPPED} memory limit of {} MiB {during}", self.limits.0);
        }
        let last: Vec<&str> = said.lines().rev().take(10).collect();
        let last: Vec<&str> = last.into_iter().rev().collect();
        let how = match status.and_then(|status| status.code()) {
            Some(code) if code > 128 => format!("was killed by signal {} ({})", code - 128, signal_name(code - 128)),
            Some(code) => format!("ended the process with exit status {code}"),
            None => "stopped answering".to_owned(),
        };
        if last.is_empty() {
            format!("{ENDED} {how} {during}")
        } else {
            format!("{ENDED} {how} {during}; it printed:\n{}", last.join("\n"))
        }
    }
}
