//! The channel between a judge and a probe, both ways: this program is the judge, and with
//! `--probe` the probe it starts. Each check is one behaviour of `gamekit-probe`'s.

use gamekit_probe::wire::{decode, encode};
use gamekit_probe::{call, call_back, objects, release, try_call};
use std::panic::{AssertUnwindSafe, catch_unwind};

fn main() {
    // Miri runs no processes, and each check here is of a channel between two.
    if cfg!(miri) {
        println!("ignored under Miri: the channel's checks start a probe");
        return;
    }
    if std::env::args().any(|arg| arg == "--probe") {
        gamekit_probe::serve(probe);
        return;
    }
    // A check that hangs is a failure too.
    std::thread::spawn(|| {
        std::thread::sleep(std::time::Duration::from_secs(60));
        eprintln!("the channel's checks took over a minute: one hangs");
        std::process::exit(1);
    });
    let command = std::env::temp_dir().join(format!("gamekit-channel-{}", std::process::id()));
    let exe = std::env::current_exe().expect("this program's path");
    std::fs::write(&command, format!("{}\0--probe", exe.display())).expect("the probe's command");
    // SAFETY: set before any other thread reads the environment (the watchdog does not).
    unsafe { std::env::set_var("GAMEKIT_PROBE", &command) };
    gamekit_probe::answer_calls_back(judge);
    std::panic::set_hook(Box::new(|_| {}));
    let checks: [(&str, fn()); 6] = [
        ("a call is answered with what the probe's function returned", a_call_is_answered),
        ("the probe's objects are kept until released", objects_are_kept_until_released),
        ("the probe calls the judge back, and the judge the probe within that", calls_back_nest_both_ways),
        ("a judge's function that panics fails the call, whatever the probe does", a_judges_panic_fails_the_call),
        ("a probe that ends in a nested call is reported, not awaited", an_end_in_a_nested_call_is_reported),
        ("an answer out of step fails its call, and the next call starts afresh", an_answer_out_of_step_restarts),
    ];
    let mut failed = 0;
    for (name, check) in checks {
        let passed = catch_unwind(check).is_ok();
        println!("{} {name}", if passed { "ok    " } else { "FAILED" });
        failed += usize::from(!passed);
    }
    let _ = std::fs::remove_file(&command);
    if failed > 0 {
        std::process::exit(1);
    }
}

/// The probe's functions.
fn probe(function: &str, arguments: &[u8]) -> Option<Vec<u8>> {
    Some(match function {
        "add" => {
            let (a, b) = decode::<(i32, i32)>(arguments)?;
            encode(&(a + b))
        }
        "keep" => encode(&objects::keep(decode::<i32>(arguments)?)),
        "get" => encode(&objects::with(decode(arguments)?, |value: &mut i32| *value)?),
        "double and add one" => encode(&(call_back::<_, i32>("double", &decode::<i32>(arguments)?) + 1)),
        "ask the judge to add" => encode(&call_back::<_, i32>("add in the probe", &decode::<i32>(arguments)?)),
        // The submission's code may catch the panic a failed call back raises.
        "call back, catching" => {
            let caught = catch_unwind(|| call_back::<_, ()>("panic", &()));
            encode(&caught.is_err())
        }
        "call back to end" => encode(&call_back::<_, ()>("end the probe", &())),
        "end" => std::process::exit(3),
        "out of step" => {
            // An answer nobody asked for, straight into the channel (as a submission could).
            use std::io::Write;
            use std::os::fd::FromRawFd;
            let frame = [&9u64.to_le_bytes()[..], &[7; 9]].concat();
            for fd in 3..16 {
                // SAFETY: the descriptor is leaked, never closed twice.
                let mut file = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(fd) });
                let _ = file.write_all(&frame);
            }
            encode(&())
        }
        _ => return None,
    })
}

/// The judge's functions the probe calls back.
fn judge(function: &str, arguments: &[u8]) -> Option<Vec<u8>> {
    Some(match function {
        "double" => encode(&(decode::<i32>(arguments)? * 2)),
        "add in the probe" => encode(&call::<_, i32>("add", &(decode::<i32>(arguments)?, 100))),
        "panic" => panic!("the judge's own check failed"),
        "end the probe" => encode(&call::<_, ()>("end", &())),
        _ => return None,
    })
}

fn panic_message(result: std::thread::Result<impl Sized>) -> String {
    let payload = result.err().expect("a panic");
    payload.downcast_ref::<String>().cloned().unwrap_or_default()
}

fn a_call_is_answered() {
    assert_eq!(call::<_, i32>("add", &(2, 3)), 5);
    let unknown: Result<i32, String> = try_call("subtract", &(2, 3));
    assert!(unknown.is_err_and(|message| message.contains("does not know the function subtract")));
}

fn objects_are_kept_until_released() {
    let id: u64 = call("keep", &41);
    assert_eq!(call::<_, i32>("get", &id), 41);
    release(id);
    assert!(try_call::<_, i32>("get", &id).is_err(), "a released object is gone");
}

fn calls_back_nest_both_ways() {
    assert_eq!(call::<_, i32>("double and add one", &20), 41);
    assert_eq!(call::<_, i32>("ask the judge to add", &5), 105);
}

fn a_judges_panic_fails_the_call() {
    let result = catch_unwind(|| call::<_, bool>("call back, catching", &()));
    assert_eq!(panic_message(result), "the judge's own check failed");
    assert_eq!(call::<_, i32>("add", &(1, 1)), 2, "the failure is the judge's, reported once");
}

fn an_end_in_a_nested_call_is_reported() {
    let result = catch_unwind(AssertUnwindSafe(|| call::<_, ()>("call back to end", &())));
    let message = panic_message(result);
    assert!(gamekit_probe::ended_the_probe(&message), "{message}");
    assert_eq!(call::<_, i32>("add", &(1, 2)), 3, "a new probe answers the next call");
}

fn an_answer_out_of_step_restarts() {
    let result: Result<(), String> = try_call("out of step", &());
    assert!(result.is_err_and(|message| message.contains("is not one")));
    assert_eq!(call::<_, i32>("add", &(2, 2)), 4, "a new probe answers the next call");
}
