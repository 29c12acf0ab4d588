//! Grading one submission: taken in, built, its tests run, scored.

use crate::build::{harness, place};
use crate::intake::locate;
use crate::intake::sources;
use crate::run;
use crate::run::reference;
use crate::sandbox::cgroups;
use crate::sandbox::{self, Isolation};
use crate::shown;
use crate::{GradeError, Report, Rubric, Status, TestResult};
use std::path::{Path, PathBuf};

/// What to grade.
#[derive(Debug, Clone)]
pub struct Options {
    /// The root of the kit: its `tests/`, `fixtures/` and `Cargo.toml`.
    pub kit: PathBuf,
    /// The assignment, e.g. `reversi`.
    pub assignment: String,
    /// The crate to grade; the reference solution when `None`.
    pub submission: Option<PathBuf>,
    /// Seconds every test may run, instead of what the rubric says.
    pub timeout: Option<f64>,
    /// Run only the tests whose names start with this (a rubric group's prefix, or a test's
    /// whole name); the score then counts only their groups.
    pub only: Option<String>,
}

/// What grading is doing, as it goes: for a progress bar.
#[derive(Debug, Clone, Copy)]
pub enum Progress<'a> {
    /// Building the submission and its probe (and, the first time, the suite's judge).
    Building,
    /// Grading the reference solution, to measure its time on each test (once per judge).
    MeasuringReference,
    /// About to run this many tests.
    Testing(usize),
    /// One test's result, as soon as it is known.
    Tested(&'a TestResult),
}

/// The assignments the kit can grade: those with a rubric.
pub fn assignments(kit: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(kit.join("fixtures"))
        .into_iter()
        .flatten()
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.path().join("rubric.toml").is_file())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Whether the kit has an assignment of that name (a rubric).
///
/// # Errors
/// [`GradeError::UnknownAssignment`], naming those it has.
pub fn check_assignment(kit: &Path, name: &str) -> Result<(), GradeError> {
    let known = assignments(kit);
    if known.iter().any(|known| known == name) {
        return Ok(());
    }
    Err(GradeError::UnknownAssignment { name: name.to_owned(), known })
}

/// Removes what grading `submission` left in the kit (its harness and its copy), to free
/// the disk; grading it again builds them again.
pub fn clean(kit: &Path, assignment: &str, submission: &Path) {
    let kit = kit.canonicalize().unwrap_or_else(|_| kit.to_owned());
    let submission = submission.canonicalize().unwrap_or_else(|_| submission.to_owned());
    if let Ok(place) = place::Place::of(&kit, assignment, &submission, Isolation::detect()) {
        for dir in [&place.dir, &place.work] {
            let _ = std::fs::remove_dir_all(dir);
        }
        crate::sandbox::users::forget_harness(&place.dir);
    }
}

/// The crate that grading `upload` grades (the upload itself, or the one found in it), as
/// its harness is named: so that a batch can remove what a grade that failed left.
///
/// # Errors
/// As grading: an unknown assignment, no crate in the upload.
pub fn crate_in_upload(kit: &Path, assignment: &str, upload: &Path) -> Result<PathBuf, GradeError> {
    let kit = kit.canonicalize().map_err(GradeError::io(format!("cannot open the kit at {}", kit.display())))?;
    let rubric = Rubric::load(&kit, assignment)?;
    let found = locate::crate_in(upload, &rubric.package, &locate::unpack_dir(&kit, upload))?;
    found.canonicalize().map_err(GradeError::io(format!("cannot open {}", found.display())))
}

/// Removes what a zip in `upload` was unpacked to for grading, if anything.
pub fn forget_upload(kit: &Path, upload: &Path) {
    let kit = kit.canonicalize().unwrap_or_else(|_| kit.to_owned());
    let _ = std::fs::remove_dir_all(locate::unpack_dir(&kit, upload));
}

/// Grades a submission, telling `progress` what it is doing and each test's result as soon
/// as it is known.
///
/// # Errors
/// [`GradeError`] when grading cannot run: an unknown assignment, a directory that is not a
/// crate, a broken rubric, or Cargo missing. A submission that does not compile is not an
/// error: it is a report with the score 0 and the compiler's messages.
pub fn grade(options: &Options, mut progress: impl FnMut(Progress)) -> Result<Report, GradeError> {
    grade_telling(options, &mut progress)
}

/// Grades the reference solution of `assignment`, when no times of it are kept on this
/// machine for the kit as it is: its time on each test is what a handout's `tests/rubric.txt`
/// derives each public test's limit from, as the grader derives them.
///
/// # Errors
/// As [`grade`].
pub fn measure_reference(kit: &Path, assignment: &str, progress: impl FnMut(Progress)) -> Result<(), GradeError> {
    check_assignment(kit, assignment)?;
    if !reference::kept_for_this_kit(kit, assignment) {
        let options = Options {
            kit: kit.to_owned(),
            assignment: assignment.to_owned(),
            submission: None,
            timeout: None,
            only: None,
        };
        grade(&options, progress)?;
    }
    Ok(())
}

fn grade_telling(options: &Options, progress: &mut dyn FnMut(Progress)) -> Result<Report, GradeError> {
    let kit = options
        .kit
        .canonicalize()
        .map_err(GradeError::io(format!("cannot open the kit at {}", options.kit.display())))?;
    check_assignment(&kit, &options.assignment)?;
    let rubric = Rubric::load(&kit, &options.assignment)?;
    let upload = options.submission.clone().unwrap_or_else(|| kit.join("solution").join(&options.assignment));
    let submission = crate_in_upload(&kit, &options.assignment, &upload)?;
    harness::check_package(&submission, &rubric.package)?;
    let isolation = Isolation::detect();
    cgroups::prepare();
    let mut report = Report::new(&rubric, &submission, isolation);
    if isolation == Isolation::Users {
        sandbox::protect_kit(&kit).map_err(GradeError::io(format!("cannot make {} private", kit.display())))?;
    }
    let place = place::Place::of(&kit, &rubric.assignment, &submission, isolation)?;
    let intake = sources::take(&kit, &rubric.package, &submission, &place.work)?;
    report.notes = intake.notes.iter().map(|note| shown::line(note)).collect();
    if let Some(found) = locate::where_found(&upload, &submission, &locate::unpack_dir(&kit, &upload)) {
        report.notes.insert(0, shown::line(&format!("graded the crate found in the upload: {found}")));
    }
    progress(Progress::Building);
    let built = harness::build(&kit, &rubric, &intake.crate_dir, &place, isolation)?;
    if isolation == Isolation::Users {
        report.without = sandbox::landlock_missing();
    }
    let built = match built {
        Ok(built) => built,
        Err(compiler_errors) => {
            report.build_errors = Some(shown::lines(&compiler_errors));
            report.memory_per_process = cgroups::per_process();
            return Ok(report);
        }
    };
    let runner = run::runner(&built, isolation);
    let names = run::list(&built, &runner)?;
    let groups: Vec<Option<usize>> = names.iter().map(|name| rubric.group_of(name)).collect();
    let shares = rubric.shares(&groups);
    // A part of the suite: each test keeps its share of its group.
    let chosen = |name: &String| options.only.as_ref().is_none_or(|only| name.starts_with(only.as_str()));
    if let Some(only) = &options.only {
        if !names.iter().any(chosen) {
            return Err(GradeError::NoSuchTests(only.clone()));
        }
        report.only = Some(only.clone());
    }
    let reference_dir = kit.join("solution").join(&rubric.assignment).canonicalize().ok();
    let is_reference = reference_dir.as_deref() == Some(submission.as_path());
    let times = match reference::load(&kit, &rubric.assignment, &built.test_binary) {
        Some(times) => times,
        None if !is_reference && options.timeout.is_none() => {
            progress(Progress::MeasuringReference);
            let reference = Options { submission: None, only: None, ..options.clone() };
            grade_telling(&reference, &mut |_| {})?;
            reference::load(&kit, &rubric.assignment, &built.test_binary).unwrap_or_default()
        }
        None => reference::Times::new(),
    };
    let mut graded = Vec::new();
    for ((name, &group), &share) in names.iter().zip(&groups).zip(&shares).filter(|((name, _), _)| chosen(name)) {
        let reference = times.get(name).copied().filter(|_| !is_reference);
        match group {
            Some(index) => {
                graded.push((name, index, share, rubric.limits(index, options.timeout, reference)?, reference));
            }
            None => report.unweighted.push(name.clone()),
        }
    }
    progress(Progress::Testing(graded.len()));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs_f64(rubric.total);
    let outcomes = run_all(
        &graded,
        |(name, _, _, limits, reference)| {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let Some(cut) = within_total(limits, left) else {
                return Ok(run::Outcome::not_run(rubric.total));
            };
            let outcome = run::one(&built, &runner, name, cut, *reference)?;
            Ok(cut_by_total(outcome, limits, &cut, rubric.total))
        },
        |at, outcome| {
            let (name, index, share, _, _) = graded[at];
            let result = TestResult {
                name: name.clone(),
                group: rubric.groups[index].prefix.clone(),
                max_points: share,
                points: if outcome.status == Status::Passed { share } else { 0.0 },
                status: outcome.status,
                seconds: outcome.seconds,
                unchecked_until: None,
                explanation: shown::lines(&outcome.explanation),
            };
            progress(Progress::Tested(&result));
            result
        },
    )?;
    report.tests = outcomes;
    // After the tests: one whose group could not be made is said too.
    report.memory_per_process = cgroups::per_process();
    mark_unchecked(&rubric, &mut report.tests);
    // The shares are whole hundredths: their sum, rounded, is exact.
    report.score = (report.tests.iter().map(|test| test.points * 100.0).sum::<f64>()).round() / 100.0;
    if report.only.is_some() {
        report.max_score = (report.tests.iter().map(|test| test.max_points * 100.0).sum::<f64>()).round() / 100.0;
    } else if is_reference && options.timeout.is_none() {
        reference::save(&kit, &rubric.assignment, &built.test_binary, &report);
    }
    Ok(report)
}

/// Marks the failures of tests whose group requires tests that failed too: not checked on
/// their own (a whole game cannot be right while the rule it plays by is wrong), and says
/// which groups they wait on: those among the required (directly or through others) whose
/// failures are their own, so that a bug is named where it is.
fn mark_unchecked(rubric: &Rubric, tests: &mut [TestResult]) {
    let failing: Vec<bool> = (rubric.groups.iter())
        .map(|group| tests.iter().any(|test| test.group == group.prefix && test.status != Status::Passed))
        .collect();
    // The rubric refuses a group that requires itself, so this ends.
    fn causes(rubric: &Rubric, failing: &[bool], group: usize) -> Vec<usize> {
        let mut found = Vec::new();
        for required in rubric.required(group).filter(|&required| failing[required]) {
            let theirs = causes(rubric, failing, required);
            for cause in if theirs.is_empty() { vec![required] } else { theirs } {
                if !found.contains(&cause) {
                    found.push(cause);
                }
            }
        }
        found
    }
    let waits_on: Vec<Option<String>> = (0..rubric.groups.len())
        .map(|group| {
            let causes: Vec<&str> =
                causes(rubric, &failing, group).into_iter().map(|cause| rubric.groups[cause].prefix.as_str()).collect();
            (!causes.is_empty()).then(|| causes.join(", "))
        })
        .collect();
    for test in tests.iter_mut().filter(|test| test.status != Status::Passed) {
        let group = rubric.groups.iter().position(|group| group.prefix == test.group);
        test.unchecked_until = group.and_then(|group| waits_on[group].clone());
    }
}

/// Runs `work` on every item, as many at once as there are cores, and `done` on each
/// result (on this thread, as results come); returns `done`'s values in the items' order.
///
/// Each worker keeps to a core of its own (see [`pin_to_core`]).
fn run_all<T: Sync, O: Send, R>(
    items: &[T],
    work: impl Fn(&T) -> Result<O, GradeError> + Sync,
    mut done: impl FnMut(usize, O) -> R,
) -> Result<Vec<R>, GradeError> {
    let workers = std::thread::available_parallelism().map_or(1, usize::from).min(items.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        for worker in 0..workers {
            let sender = sender.clone();
            let (next, work) = (&next, &work);
            scope.spawn(move || {
                pin_to_core(worker);
                loop {
                    let at = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(item) = items.get(at) else { break };
                    let result = work(item);
                    let failed = result.is_err();
                    if sender.send((at, result)).is_err() || failed {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut results: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
        for (at, result) in receiver {
            results[at] = Some(done(at, result?));
        }
        Ok(results.into_iter().flatten().collect())
    })
}

/// Keeps this thread, and so every process it starts from now on (a test's judge and the
/// judge's probe), to the `worker`-th of the cores it may use, round the cores.
///
/// A judge and its probe take turns: one waits while the other works, for hundreds of
/// thousands of calls in some tests. Left to the scheduler on a machine otherwise idle,
/// they sit on two cores and each call waits for a sleeping core to wake (about 25 µs a
/// round trip here, against 3 µs on one core). A test then took five to seven times
/// longer alone (`--only`) than among others, and its limit, ten times the reference's
/// time, depended on how busy the machine was when the reference ran. On one core the
/// calls cost the same either way, and one test's pair never needs two cores. (It also
/// keeps a submission's own threads to one core, as the reference's single thread is.)
///
/// Best effort: where the cores cannot be set, the tests run as before.
fn pin_to_core(worker: usize) {
    let cores = cores_of(0);
    let Some(&core) = cores.get(worker % cores.len().max(1)) else { return };
    let mut one = nix::sched::CpuSet::new();
    if one.set(core).is_ok() {
        let _ = nix::sched::sched_setaffinity(nix::unistd::Pid::from_raw(0), &one);
    }
}

/// The cores process (or thread) `pid` may run on (`0`: this thread); none when unknown.
fn cores_of(pid: i32) -> Vec<usize> {
    use nix::sched::{CpuSet, sched_getaffinity};
    let Ok(allowed) = sched_getaffinity(nix::unistd::Pid::from_raw(pid)) else { return Vec::new() };
    (0..CpuSet::count()).filter(|&core| allowed.is_set(core).unwrap_or(false)).collect()
}

/// A test's limits within the `left` of the whole submission's time: `None` when too little
/// is left to start it.
fn within_total(limits: &sandbox::Limits, left: std::time::Duration) -> Option<sandbox::Limits> {
    (left >= std::time::Duration::from_millis(500)).then(|| sandbox::Limits { time: limits.time.min(left), ..*limits })
}

/// A test stopped by the end of the whole submission's `total` seconds (its own limit `cut`
/// shorter than `limits`) was not run to its end: not run, rather than too slow.
fn cut_by_total(outcome: run::Outcome, limits: &sandbox::Limits, cut: &sandbox::Limits, total: f64) -> run::Outcome {
    if outcome.status == Status::TimedOut && cut.time < limits.time {
        run::Outcome { seconds: outcome.seconds, ..run::Outcome::not_run(total) }
    } else {
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(name: &str, group: &str, status: Status) -> TestResult {
        let (points, max_points, seconds) = (0.0, 1.0, 0.0);
        let (name, group, explanation) = (name.to_owned(), group.to_owned(), String::new());
        TestResult { name, group, points, max_points, status, seconds, unchecked_until: None, explanation }
    }

    #[test]
    fn each_worker_and_what_it_starts_keep_to_one_core_of_those_allowed() {
        let allowed = cores_of(0);
        assert!(!allowed.is_empty(), "the cores this thread may use are known");
        for worker in 0..allowed.len() + 1 {
            let (mine, child) = std::thread::spawn(move || {
                pin_to_core(worker);
                let child = std::process::Command::new("sleep").arg("1").spawn().expect("sleep starts");
                let child_cores = cores_of(i32::try_from(child.id()).expect("a pid"));
                let mut child = child;
                let _ = child.kill();
                let _ = child.wait();
                (cores_of(0), child_cores)
            })
            .join()
            .expect("the worker");
            assert_eq!(mine, [allowed[worker % allowed.len()]], "worker {worker}");
            assert_eq!(child, mine, "a process the worker starts runs where it does");
        }
        assert_eq!(cores_of(0), allowed, "the thread that runs the workers is left as it was");
    }

    #[test]
    fn a_failure_waits_on_the_failing_groups_it_requires_and_only_on_those() {
        let rubric: Rubric = toml::from_str(
            "assignment = 'a'\npackage = 'a'\n\
             [[group]]\nprefix = 'f::one::'\npoints = 1\n[[group]]\nprefix = 'f::two::'\npoints = 1\n\
             [[group]]\nprefix = 'games::'\npoints = 1\nrequires = ['f::']\n",
        )
        .expect("a rubric");
        let mut tests = vec![
            test("f::one::a", "f::one::", Status::Failed),
            test("f::two::a", "f::two::", Status::Passed),
            test("games::a", "games::", Status::Failed),
            test("games::b", "games::", Status::Passed),
        ];
        mark_unchecked(&rubric, &mut tests);
        let waits: Vec<Option<&str>> = tests.iter().map(|test| test.unchecked_until.as_deref()).collect();
        assert_eq!(waits, [None, None, Some("f::one::"), None]);
        tests[0].status = Status::Passed;
        mark_unchecked(&rubric, &mut tests);
        assert!(tests.iter().all(|test| test.unchecked_until.is_none()), "nothing it requires fails");
    }

    #[test]
    fn a_failure_waits_on_the_cause_of_a_failure_it_requires_not_on_that_failure() {
        let rubric: Rubric = toml::from_str(
            "assignment = 'a'\npackage = 'a'\n\
             [[group]]\nprefix = 'programs::'\npoints = 1\nrequires = ['games::']\n\
             [[group]]\nprefix = 'f::'\npoints = 1\n\
             [[group]]\nprefix = 'games::'\npoints = 1\nrequires = ['f::']\n",
        )
        .expect("a rubric");
        let mut tests = vec![
            test("programs::a", "programs::", Status::Failed),
            test("f::a", "f::", Status::Failed),
            test("games::a", "games::", Status::Failed),
        ];
        mark_unchecked(&rubric, &mut tests);
        let waits: Vec<Option<&str>> = tests.iter().map(|test| test.unchecked_until.as_deref()).collect();
        assert_eq!(waits, [Some("f::"), None, Some("f::")], "through games::, programs:: waits on f::");
        tests[1].status = Status::Passed;
        mark_unchecked(&rubric, &mut tests);
        let waits: Vec<Option<&str>> = tests.iter().map(|test| test.unchecked_until.as_deref()).collect();
        assert_eq!(waits, [Some("games::"), None, None], "games:: fails on its own");
    }
    #[test]
    fn a_test_gets_what_is_left_of_the_total_and_none_starts_with_too_little() {
        use std::time::Duration;
        let limits = sandbox::Limits::test(Duration::from_secs(10));
        let cut = within_total(&limits, Duration::from_secs(3)).expect("3 s left: the test starts");
        assert_eq!(cut.time, Duration::from_secs(3));
        assert_eq!(within_total(&limits, Duration::from_secs(60)).map(|cut| cut.time), Some(limits.time));
        assert!(within_total(&limits, Duration::from_millis(499)).is_none(), "too little left to start");

        let timed_out = run::Outcome { status: Status::TimedOut, seconds: 3.0, explanation: "too slow".into() };
        let not_run = cut_by_total(timed_out.clone(), &limits, &cut, 300.0);
        assert_eq!((not_run.status, not_run.seconds), (Status::NotRun, 3.0));
        assert!(not_run.explanation.contains("300 seconds were used up"), "{}", not_run.explanation);
        let own_limit = cut_by_total(timed_out, &limits, &limits, 300.0);
        assert_eq!(own_limit.status, Status::TimedOut, "stopped at its own limit: too slow");
    }
}
