//! `gamekit-confine [--read PATH]… [--write PATH]… [--] PROGRAM [ARGS…]` installs gamekit's
//! seccomp filter (the crate's docs say what it refuses) and, given any `--read` or
//! `--write`, keeps the process to those paths with Landlock; then runs PROGRAM with ARGS in
//! its place, with the same environment, working directory and open files. It exits with
//! status 125 when the filter or the reach cannot be installed and 127 when PROGRAM cannot
//! be run, and never runs PROGRAM less confined than asked.
//!
//! `gamekit-confine --landlock` says whether this kernel (and container) keeps a reach, and
//! exits 0 when it does, 1 when it does not.
#![forbid(unsafe_code)]

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1).peekable();
    let mut reach = gamekit_confine::Reach::default();
    while let Some(option) = args.peek().and_then(|arg| arg.to_str()) {
        match option {
            "--landlock" => return landlock(),
            "--read" | "--write" => {
                let option = args.next();
                let Some(path) = args.next() else { return usage() };
                let paths =
                    if option.is_some_and(|option| option == "--read") { &mut reach.read } else { &mut reach.write };
                paths.push(path.into());
            }
            "--" => {
                args.next();
                break;
            }
            _ => break,
        }
    }
    let Some(program) = args.next() else { return usage() };
    // First in line for the kernel's OOM killer where a cgroup's memory runs out: before the
    // suite's judge that started it. Raising one's own score needs no privilege; lowering it
    // again needs a capability no process of this one's has.
    let _ = std::fs::write("/proc/self/oom_score_adj", "1000");
    if let Err(error) = gamekit_confine::confine() {
        eprintln!("gamekit-confine: cannot install the seccomp filter: {error}");
        return ExitCode::from(125);
    }
    if reach != gamekit_confine::Reach::default()
        && let Err(error) = reach.keep()
    {
        eprintln!("gamekit-confine: cannot keep the process to its files: {error}");
        return ExitCode::from(125);
    }
    #[cfg(unix)]
    let error = std::os::unix::process::CommandExt::exec(std::process::Command::new(&program).args(args));
    #[cfg(not(unix))]
    let error = std::io::Error::from(std::io::ErrorKind::Unsupported);
    eprintln!("gamekit-confine: cannot run {}: {error}", program.to_string_lossy());
    ExitCode::from(127)
}

fn usage() -> ExitCode {
    eprintln!("usage: gamekit-confine [--read PATH]… [--write PATH]… [--] PROGRAM [ARGS…]");
    ExitCode::from(2)
}

/// Keeps this process to `/` read-only, and says how that went.
fn landlock() -> ExitCode {
    let reach = gamekit_confine::Reach { read: vec!["/".into()], write: Vec::new() };
    match reach.keep() {
        Ok(enforced) => {
            println!("{enforced:?}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            println!("{error}");
            ExitCode::from(1)
        }
    }
}
