//! `gamekit-confine PROGRAM [ARGS…]` installs gamekit's seccomp filter (the crate's docs say
//! what it refuses), then runs PROGRAM with ARGS in its place, with the same environment,
//! working directory and open files. It exits with status 125 when the filter cannot be
//! installed and 127 when PROGRAM cannot be run, and never runs PROGRAM unconfined.

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let Some(program) = args.next() else {
        eprintln!("usage: gamekit-confine PROGRAM [ARGS…]");
        return ExitCode::from(2);
    };
    if let Err(error) = gamekit_confine::confine() {
        eprintln!("gamekit-confine: cannot install the seccomp filter: {error}");
        return ExitCode::from(125);
    }
    #[cfg(unix)]
    let error = std::os::unix::process::CommandExt::exec(std::process::Command::new(&program).args(args));
    #[cfg(not(unix))]
    let error = std::io::Error::from(std::io::ErrorKind::Unsupported);
    eprintln!("gamekit-confine: cannot run {}: {error}", program.to_string_lossy());
    ExitCode::from(127)
}
