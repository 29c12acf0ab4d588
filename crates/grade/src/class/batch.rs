//! `gamekit grade <assignment> --batch SUBMISSIONS`: a whole class at once.
//!
//! Every folder or zip in `SUBMISSIONS` is a submission, its name (less `.zip`) its id. They
//! are graded several at once: their builds run side by side, their tests one submission at
//! a time, each on every core (other submissions' builds may run meanwhile: a test's limit
//! is at least 2 s and ten times the reference's time). The reference solution is graded
//! first, alone: that builds the suite's judge and times the reference once for all. Each
//! submission's build output is removed once it is graded.
//!
//! The results go to an output folder ([`crate::class`] says what it holds). Grading again
//! skips a submission whose fingerprint (a SHA-256 of its files, of every part of the kit
//! that decides a grade, of the grader's executable and of `--timeout`) is unchanged and
//! which was graded, and keeps its report: an interrupted batch resumes, and a batch run
//! after the kit changed grades everyone again. With a [`Shard`], only the submissions of
//! that part of the class are graded; `gamekit merge` joins the parts ([`crate::class::merge`]).

use crate::class::graded::Timing;
use crate::class::{self, Class, Graded, Manifest, Shard};
use crate::{BatchError, Options};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// What to grade, and where the results go.
#[derive(Debug, Clone)]
pub struct Batch {
    pub kit: PathBuf,
    pub assignment: String,
    pub submissions: PathBuf,
    pub out: PathBuf,
    /// How many submissions are graded at once.
    pub jobs: usize,
    pub timeout: Option<f64>,
    /// Grade only this part of the class.
    pub shard: Option<Shard>,
}

/// What the batch tells as it goes.
pub enum Event<'a> {
    /// How many submissions there are.
    Started(usize),
    /// One is done.
    Done(&'a Graded),
}

/// The submissions in `dir`: its folders and zips (not hidden ones), by name, with their ids:
/// each its name as the one gate shows it ([`crate::shown::line`]: a student may choose it),
/// one that is still another's given a number after it.
pub fn submissions(dir: &Path) -> Result<Vec<(String, PathBuf)>, BatchError> {
    let entries = std::fs::read_dir(dir).map_err(BatchError::io(format!("cannot read {}", dir.display())))?;
    let mut found: Vec<(String, PathBuf)> = entries
        .flatten()
        .filter(|entry| !entry.file_name().to_string_lossy().starts_with('.'))
        .filter_map(|entry| {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            let zip = path.is_file() && name.to_ascii_lowercase().ends_with(".zip");
            let kept = (path.is_dir() && name != "__MACOSX") || zip;
            kept.then(|| (id(if zip { &name[..name.len() - 4] } else { &name }), path))
        })
        .collect();
    found.sort();
    // `alice` and `alice.zip` both: each keeps its full name.
    let ids: Vec<String> = found.iter().map(|(id, _)| id.clone()).collect();
    for (id, path) in &mut found {
        if ids.iter().filter(|other| *other == id).count() > 1 {
            *id = path.file_name().map(|name| self::id(&name.to_string_lossy())).unwrap_or_default();
        }
    }
    // Names alike once shown (or once not UTF-8): `x` and `x~2`.
    let mut taken = std::collections::BTreeSet::new();
    for (id, _) in &mut found {
        let mut number = 1;
        let name = id.clone();
        while !taken.insert(id.clone()) {
            number += 1;
            *id = format!("{name}~{number}");
        }
    }
    if found.is_empty() {
        return Err(BatchError::Empty(dir.to_owned()));
    }
    Ok(found)
}

/// The id of a submission named `name`: its name as the one gate shows it, cut to at most
/// [`ID_BYTES`] bytes (an escape takes several), so that it always names a folder.
fn id(name: &str) -> String {
    let shown = crate::shown::line(name);
    if shown.len() <= ID_BYTES {
        return shown;
    }
    // Whole escapes only, and `…` after them.
    let mut cut = String::new();
    for c in name.chars() {
        let one = crate::shown::line(c.encode_utf8(&mut [0; 4]));
        if cut.len() + one.len() > ID_BYTES - '…'.len_utf8() {
            break;
        }
        cut.push_str(&one);
    }
    cut + "…"
}

/// The most bytes of an id: a file name may have 255, and the id may gain a number (`~2`).
const ID_BYTES: usize = 200;

/// Where submissions run as users of their own (in bubblewrap they see nothing of it), closes
/// the `out` folder to every other user (chmod go-rwx), so that no submission reads another's
/// kept sources or report, even knowing the path (`/proc/*/cmdline` shows it); and refuses
/// one that another user owns or may write: they could put files or links there, among the
/// class's, before the grader writes them.
fn closed_to_submissions(out: &Path, isolation: crate::sandbox::Isolation) -> Result<(), BatchError> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    if isolation != crate::sandbox::Isolation::Users {
        return Ok(());
    }
    let metadata = std::fs::metadata(out).map_err(BatchError::io(format!("cannot open {}", out.display())))?;
    let mode = metadata.permissions().mode();
    if mode & 0o022 != 0 || metadata.uid() != nix::unistd::geteuid().as_raw() {
        return Err(BatchError::OpenOut(out.to_owned()));
    }
    std::fs::set_permissions(out, std::fs::Permissions::from_mode(mode & !0o077))
        .map_err(BatchError::io(format!("cannot close {} to other users", out.display())))
}

/// Grades every submission of `batch` (of its shard), writes their reports and the class's
/// files ([`crate::class`]), and returns them, in the order of their ids.
///
/// # Errors
/// When the submissions cannot be listed, the assignment is unknown, or the output cannot
/// be written. A submission that cannot be graded is not an error: its row says why.
pub fn run(batch: &Batch, event: impl Fn(Event) + Sync) -> Result<Class, BatchError> {
    let rubric = crate::Rubric::load(&batch.kit, &batch.assignment)?;
    let mut submissions = submissions(&batch.submissions)?;
    if let Some(shard) = batch.shard {
        submissions.retain(|(id, _)| shard.holds(id));
    }
    std::fs::create_dir_all(&batch.out).map_err(BatchError::io(format!("cannot create {}", batch.out.display())))?;
    closed_to_submissions(&batch.out, crate::sandbox::Isolation::detect())?;
    crate::sandbox::cgroups::prepare();
    let suite = suite_fingerprint(batch);
    event(Event::Started(submissions.len()));
    // The reference alone first: the judge built and the reference timed, once for all.
    let reference = Options {
        kit: batch.kit.clone(),
        assignment: batch.assignment.clone(),
        submission: None,
        timeout: batch.timeout,
        only: None,
    };
    crate::grade(&reference, |_| {})?;
    let grade_one = |(id, path): &(String, PathBuf), testing: &Mutex<()>| -> Result<Graded, BatchError> {
        let started = std::time::Instant::now();
        let run = std::panic::AssertUnwindSafe(|| grade_or_reuse(batch, id, path, &suite, testing));
        let graded = std::panic::catch_unwind(run).unwrap_or_else(|panic| {
            let why = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()));
            let why = crate::shown::lines(&format!("the grader failed on it: {}", why.unwrap_or_default()));
            let seconds = started.elapsed().as_secs_f64();
            Ok(Graded { id: id.clone(), report: Err(why), reused: false, seconds, timing: None })
        })?;
        event(Event::Done(&graded));
        Ok(graded)
    };
    let testing = Mutex::new(());
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..batch.jobs.max(1) {
            scope.spawn(|| {
                while let Some(submission) = submissions.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let result = grade_one(submission, &testing);
                    results.lock().unwrap_or_else(PoisonError::into_inner).push(result);
                }
            });
        }
    });
    let graded: Vec<Graded> =
        results.into_inner().unwrap_or_else(PoisonError::into_inner).into_iter().collect::<Result<_, _>>()?;
    let manifest = Manifest {
        assignment: batch.assignment.clone(),
        shard: batch.shard,
        ids: submissions.into_iter().map(|(id, _)| id).collect(),
        suite: hex(&suite),
    };
    class::write(&batch.out, &batch.kit, &rubric, &manifest, graded)
}

/// One submission: its earlier report when its fingerprint is unchanged, else graded now
/// (its tests waiting for `testing`), its reports and sources written and its build output
/// removed.
fn grade_or_reuse(
    batch: &Batch,
    id: &str,
    path: &Path,
    suite: &[u8],
    testing: &Mutex<()>,
) -> Result<Graded, BatchError> {
    let dir = crate::class::graded::submission_dir(&batch.out, id);
    let fingerprint = format!("{}\n", fingerprint(path, suite));
    if std::fs::read_to_string(dir.join("fingerprint")).is_ok_and(|old| old == fingerprint)
        && let Some(graded) = Graded::read(&dir, id).filter(|graded| graded.report.is_ok())
    {
        return Ok(graded);
    }
    let started = std::time::Instant::now();
    let options = Options {
        kit: batch.kit.clone(),
        assignment: batch.assignment.clone(),
        submission: Some(path.to_owned()),
        timeout: batch.timeout,
        only: None,
    };
    let (mut turn, mut built, mut waited) = (None, None, None);
    let report = crate::grade(&options, |progress| {
        if let crate::Progress::Testing(_) = progress {
            built = Some(started.elapsed().as_secs_f64());
            turn = Some(testing.lock().unwrap_or_else(PoisonError::into_inner));
            waited = Some(started.elapsed().as_secs_f64());
        }
    });
    drop(turn);
    let seconds = started.elapsed().as_secs_f64();
    let (build, tested) = (built.unwrap_or(seconds), waited.unwrap_or(seconds));
    let timing = Timing { build, waiting: tested - build, tests: seconds - tested };
    let graded_crate = match &report {
        Ok(report) => Some(report.submission.clone()),
        Err(_) => crate::crate_in_upload(&batch.kit, &batch.assignment, path).ok(),
    };
    let graded = Graded {
        id: id.to_owned(),
        report: report.map_err(|error| error.to_string()),
        reused: false,
        seconds,
        timing: Some(timing),
    };
    graded.write(&dir, &fingerprint)?;
    // Its build output goes, whether it was graded or not, so that the disk used does not
    // grow with the class; what the similarity needs stays.
    if let Some(graded_crate) = graded_crate {
        crate::class::graded::keep_sources(&graded_crate, &dir)?;
        crate::clean(&batch.kit, &batch.assignment, &graded_crate);
    }
    crate::forget_upload(&batch.kit, path);
    Ok(graded)
}

/// The submission's fingerprint: SHA-256 of the suite's and of its files, in hexadecimal.
fn fingerprint(path: &Path, suite: &[u8]) -> String {
    let mut hasher = Sha256::new();
    hasher.update(suite);
    hash_tree(&mut hasher, path);
    hex(&hasher.finalize())
}

/// What grades a submission besides its files, hashed: every part of the kit that decides a
/// grade (its manifest and `Cargo.lock`, the grader's sources, the engines and the oracles,
/// the testkit, the probe and remote crates, the suites, the fixtures and rubrics, the
/// handouts, the reference solutions, whose times set the limits), the grader's own
/// executable, the time limits given and gamekit's version. A change to any grades everyone
/// again. SHA-256 is the same on every machine and with every Rust, so a batch resumes
/// wherever it is run again.
fn suite_fingerprint(batch: &Batch) -> Vec<u8> {
    let mut hasher = Sha256::new();
    for part in crate::intake::walk::KIT_PARTS {
        hash_tree(&mut hasher, &batch.kit.join(part));
    }
    if let Ok(grader) = std::env::current_exe().and_then(std::fs::read) {
        hash_bytes(&mut hasher, &grader);
    }
    hash_bytes(&mut hasher, &batch.timeout.map_or(0, f64::to_bits).to_le_bytes());
    hash_bytes(&mut hasher, env!("CARGO_PKG_VERSION").as_bytes());
    hasher.finalize().to_vec()
}

/// Feeds `hasher` the file or tree at `path`: each entry's path relative to it, its kind,
/// and a file's bytes or a link's target, as the walk gives them ([`crate::intake::walk`]: links not
/// followed; hidden entries and `target/` left out, as they are out of what is graded).
fn hash_tree(hasher: &mut Sha256, path: &Path) {
    if std::fs::symlink_metadata(path).is_ok_and(|metadata| metadata.is_file()) {
        hasher.update(b"f");
        hash_bytes(hasher, &std::fs::read(path).unwrap_or_default());
        return;
    }
    for entry in crate::intake::walk::all(path).flatten() {
        let relative = entry.path().strip_prefix(path).unwrap_or(entry.path());
        hash_bytes(hasher, relative.as_os_str().as_encoded_bytes());
        let kind = entry.file_type();
        if kind.is_file() {
            hasher.update(b"f");
            hash_bytes(hasher, &std::fs::read(entry.path()).unwrap_or_default());
        } else if kind.is_symlink() {
            hasher.update(b"l");
            let target = std::fs::read_link(entry.path()).unwrap_or_default();
            hash_bytes(hasher, target.as_os_str().as_encoded_bytes());
        } else {
            hasher.update(b"d");
        }
    }
}

/// Feeds `hasher` `bytes` with their length first, so that no two sequences run together.
fn hash_bytes(hasher: &mut Sha256, bytes: &[u8]) {
    hasher.update((bytes.len() as u64).to_le_bytes());
    hasher.update(bytes);
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// As users of their own, an out folder is closed to other users, and one others may write
    /// is refused (with what to do); in bubblewrap, where submissions see nothing of it, it is
    /// taken as it is.
    #[test]
    fn an_out_folder_is_closed_to_others_or_refused_when_submissions_run_as_users() {
        use crate::sandbox::Isolation;
        use std::os::unix::fs::PermissionsExt;
        let out = crate::scratch("batch-open-out");
        std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o755)).expect("closed");
        assert!(closed_to_submissions(&out, Isolation::Bubblewrap).is_ok());
        let mode = || std::fs::metadata(&out).expect("the folder").permissions().mode() & 0o777;
        assert_eq!(mode(), 0o755, "in bubblewrap, left as it is");
        assert!(closed_to_submissions(&out, Isolation::Users).is_ok());
        assert_eq!(mode(), 0o700, "as users of their own, closed to others");
        std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o777)).expect("opened");
        let refused = closed_to_submissions(&out, Isolation::Users).expect_err("open to others").to_string();
        assert!(refused.contains("other users may write this folder") && refused.contains("chmod go-w"), "{refused}");
        assert!(closed_to_submissions(&out, Isolation::Bubblewrap).is_ok());
        std::fs::remove_dir_all(out).expect("removed");
    }

    /// A submission's id is its name as the one gate shows it, and each is its own: one
    /// shown alike to another's (a `\e` typed, an ESC) gets a number.
    #[test]
    fn ids_are_names_shown_and_never_alike() {
        let class = crate::scratch("batch-ids");
        let long = "\x1b".repeat(250);
        for name in ["alice", "alice.zip", "a\x1b[2Jb", "a\\e[2Jb", "c\nd", ".hidden", &long, &format!("{long}x")] {
            let path = class.join(name);
            if name.ends_with(".zip") { std::fs::write(path, "") } else { std::fs::create_dir(path) }.expect("made");
        }
        let ids: Vec<String> = submissions(&class).expect("a class").into_iter().map(|(id, _)| id).collect();
        let cut = format!("{}…", "\\e".repeat(98));
        assert_eq!(ids, [&cut, &format!("{cut}~2"), "a\\e[2Jb", "a\\e[2Jb~2", "alice", "alice.zip", "c\\nd"]);
        let refused = submissions(&class.join("c\nd")).expect_err("empty").to_string();
        assert!(refused.contains("c\\nd: no submission"), "{refused}");
        std::fs::remove_dir_all(class).expect("removed");
    }

    fn tree_digest(dir: &Path) -> String {
        let mut hasher = Sha256::new();
        hash_tree(&mut hasher, dir);
        hex(&hasher.finalize())
    }

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("a folder");
        std::fs::write(path, text).expect("a file");
    }

    #[test]
    fn a_tree_digest_sees_every_byte_and_name_but_not_where_the_tree_is_or_its_build_output() {
        let [one, two] = ["one", "two"].map(|name| crate::scratch(&format!("batch-{name}")));
        for dir in [&one, &two] {
            write(&dir.join("src/lib.rs"), "pub fn f() {}\n");
            write(&dir.join("Cargo.toml"), "[package]\n");
        }
        let digest = tree_digest(&one);
        assert_eq!(digest, tree_digest(&two), "the same files in another place");
        write(&two.join("target/debug/built"), "anything");
        write(&two.join(".git/HEAD"), "anything");
        assert_eq!(digest, tree_digest(&two), "build output and history do not count");
        write(&two.join("src/lib.rs"), "pub fn f() { }\n");
        assert_ne!(digest, tree_digest(&two), "a byte changed");
        write(&two.join("src/lib.rs"), "pub fn f() {}\n");
        std::fs::rename(two.join("src/lib.rs"), two.join("src/main.rs")).expect("a rename");
        assert_ne!(digest, tree_digest(&two), "a file renamed");
        for dir in [one, two] {
            let _ = std::fs::remove_dir_all(dir);
        }
    }

    #[test]
    fn the_suites_fingerprint_changes_with_an_oracle_the_lock_file_or_the_time_limit_and_not_with_the_docs() {
        let kit = crate::scratch("batch-kit");
        write(&kit.join("crates/engines/src/tictactoe.rs"), "// the oracle\n");
        write(&kit.join("Cargo.lock"), "# locked\n");
        let mut batch = Batch {
            kit: kit.clone(),
            assignment: "tictactoe".into(),
            submissions: kit.join("class"),
            out: kit.join("class.graded"),
            timeout: None,
            jobs: 1,
            shard: None,
        };
        let before = suite_fingerprint(&batch);
        write(&kit.join("README.md"), "docs\n");
        write(&kit.join("class.graded/gradebook.csv"), "id,score\n");
        assert_eq!(before, suite_fingerprint(&batch), "the docs and the batch's own output do not grade");
        write(&kit.join("crates/engines/src/tictactoe.rs"), "// the oracle, changed\n");
        let changed = suite_fingerprint(&batch);
        assert_ne!(before, changed, "an oracle changed");
        write(&kit.join("Cargo.lock"), "# locked, another version\n");
        assert_ne!(changed, suite_fingerprint(&batch), "the lock file changed");
        let locked = suite_fingerprint(&batch);
        batch.timeout = Some(5.0);
        assert_ne!(locked, suite_fingerprint(&batch), "a time limit given");
        let _ = std::fs::remove_dir_all(kit);
    }
}
