//! The channel between a judge and a probe, both ways: this program is the judge, and with
//! `--probe` the probe it starts. Each check is one behaviour of `gamekit-probe`'s.

use gamekit_probe::{Answers, call, call_back, objects, release, try_call};
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

/// The calls the judge makes.
mod calls {
    gamekit_probe::calls! {
        pub Add = "add"(a: i32, b: i32) -> i32;
        pub Keep = "keep"(value: i32) -> u64;
        pub Get = "get"(id: u64) -> i32;
        pub DoubleAndAddOne = "double and add one"(number: i32) -> i32;
        pub AskTheJudgeToAdd = "ask the judge to add"(number: i32) -> i32;
        /// The submission's code may catch the panic a failed call back raises.
        pub CallBackCatching = "call back, catching"() -> bool;
        pub CallBackToEnd = "call back to end"() -> ();
        pub End = "end"() -> ();
        pub OutOfStep = "out of step"() -> ();
        /// Declared here, answered nowhere.
        pub Subtract = "subtract"(a: i32, b: i32) -> i32;
    }

    /// The calls the probe makes back.
    pub mod back {
        gamekit_probe::calls! {
            pub Double = "double"(number: i32) -> i32;
            pub AddInTheProbe = "add in the probe"(number: i32) -> i32;
            pub Panic = "panic"() -> ();
            pub EndTheProbe = "end the probe"() -> ();
        }
    }
}

/// The probe's answers.
fn probe(answers: Answers) -> Answers {
    answers
        .on::<calls::Add>(|(a, b)| Some(a + b))
        .on::<calls::Keep>(|value| Some(objects::keep(value)))
        .on::<calls::Get>(|id| objects::with(id, |value: &mut i32| *value))
        .on::<calls::DoubleAndAddOne>(|number| Some(call_back::<calls::back::Double>(&number) + 1))
        .on::<calls::AskTheJudgeToAdd>(|number| Some(call_back::<calls::back::AddInTheProbe>(&number)))
        .on::<calls::CallBackCatching>(|()| Some(catch_unwind(|| call_back::<calls::back::Panic>(&())).is_err()))
        .on::<calls::CallBackToEnd>(|()| {
            call_back::<calls::back::EndTheProbe>(&());
            Some(())
        })
        .on::<calls::End>(|()| std::process::exit(3))
        .on::<calls::OutOfStep>(|()| {
            // An answer nobody asked for, straight into the channel (as a submission could).
            use std::io::Write;
            use std::os::fd::FromRawFd;
            let frame = [&9u64.to_le_bytes()[..], &[7; 9]].concat();
            for fd in 3..16 {
                // SAFETY: the descriptor is leaked, never closed twice.
                let mut file = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(fd) });
                let _ = file.write_all(&frame);
            }
            Some(())
        })
}

/// The judge's answers to the probe's calls back.
fn judge(answers: Answers) -> Answers {
    answers
        .on::<calls::back::Double>(|number| Some(number * 2))
        .on::<calls::back::AddInTheProbe>(|number| Some(call::<calls::Add>(&(number, 100))))
        .on::<calls::back::Panic>(|()| panic!("the judge's own check failed"))
        .on::<calls::back::EndTheProbe>(|()| {
            call::<calls::End>(&());
            Some(())
        })
}

fn panic_message(result: std::thread::Result<impl Sized>) -> String {
    let payload = result.err().expect("a panic");
    payload.downcast_ref::<String>().cloned().unwrap_or_default()
}

fn a_call_is_answered() {
    assert_eq!(call::<calls::Add>(&(2, 3)), 5);
    let unknown = try_call::<calls::Subtract>(&(2, 3));
    assert!(unknown.is_err_and(|message| message.contains("does not know the function subtract")));
}

fn objects_are_kept_until_released() {
    let id = call::<calls::Keep>(&41);
    assert_eq!(call::<calls::Get>(&id), 41);
    release(id);
    assert!(try_call::<calls::Get>(&id).is_err(), "a released object is gone");
}

fn calls_back_nest_both_ways() {
    assert_eq!(call::<calls::DoubleAndAddOne>(&20), 41);
    assert_eq!(call::<calls::AskTheJudgeToAdd>(&5), 105);
}

fn a_judges_panic_fails_the_call() {
    let result = catch_unwind(|| call::<calls::CallBackCatching>(&()));
    assert_eq!(panic_message(result), "the judge's own check failed");
    assert_eq!(call::<calls::Add>(&(1, 1)), 2, "the failure is the judge's, reported once");
}

fn an_end_in_a_nested_call_is_reported() {
    let result = catch_unwind(AssertUnwindSafe(|| call::<calls::CallBackToEnd>(&())));
    let message = panic_message(result);
    assert!(gamekit_probe::ended_the_probe(&message), "{message}");
    assert_eq!(call::<calls::Add>(&(1, 2)), 3, "a new probe answers the next call");
}

fn an_answer_out_of_step_restarts() {
    let result = try_call::<calls::OutOfStep>(&());
    assert!(result.is_err_and(|message| message.contains("is not one")));
    assert_eq!(call::<calls::Add>(&(2, 2)), 4, "a new probe answers the next call");
}
