//! Hostile submissions: each tries what a student who wants points without the work might,
//! and must gain nothing (the score it honestly earns: 0, as each implements nothing) and
//! leave nothing (the kit, other submissions and the grader as they were, no process
//! behind).
//!
//! Each is the reversi handout with an attack added, graded as a class would grade it. The
//! attacks at build time need only the grader's own containment; those at run time need the
//! sandbox, so where bubblewrap cannot make namespaces they are ignored, with the reason
//! (CI installs it, and fails without it). The run-time attacks are also made where the
//! grader falls back to users of their own (as root where bubblewrap cannot make
//! namespaces). One check a mode runs in the quick tier, `cargo test --workspace`; the rest
//! in the full one (`-- --include-ignored`).

use gamekit::grade::sandbox::users::SANDBOX_USER_IDS;
use gamekit::grade::sandbox::{Isolation, is_root};
use gamekit::grade::{self, Options, Report, Status};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

const KIT: &str = env!("CARGO_MANIFEST_DIR");

/// One grading at a time: each builds with Cargo and runs a whole suite, and a check that
/// no sandbox's process is left must not see another grading's.
static GRADING: Mutex<()> = Mutex::new(());

fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    GRADING.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A copy of the reversi handout in `target/hostile/<name>/reversi`, with `edits` made to
/// `src/lib.rs` and `files` added (paths relative to the crate; `KIT` in a file's text is
/// the kit's path).
fn hostile(name: &str, edits: &[(&str, &str)], files: &[(&str, &str)]) -> PathBuf {
    let edits: Vec<(&str, &str, &str)> = edits.iter().map(|&(from, to)| ("src/lib.rs", from, to)).collect();
    hostile_handout("reversi", name, &edits, files)
}

/// A copy of `assignment`'s handout in `target/hostile/<name>/<assignment>`, with `edits`
/// (file, from, to) made and `files` added.
fn hostile_handout(assignment: &str, name: &str, edits: &[(&str, &str, &str)], files: &[(&str, &str)]) -> PathBuf {
    let starter = Path::new(KIT).join("starter").join(assignment);
    let copy = Path::new(KIT).join("target").join("hostile").join(name).join(assignment);
    let _ = std::fs::remove_dir_all(&copy);
    let sources = std::fs::read_dir(starter.join("src")).expect("the handout's sources").flatten();
    let sources = sources
        .filter(|entry| entry.path().is_file())
        .map(|entry| format!("src/{}", entry.file_name().to_string_lossy()));
    for file in std::iter::once("Cargo.toml".to_owned()).chain(sources) {
        let mut text = std::fs::read_to_string(starter.join(&file)).expect("the handout's files");
        for (_, from, to) in edits.iter().filter(|(edited, _, _)| *edited == file) {
            assert!(text.contains(from), "{name}: {file} no longer contains {from:?}");
            text = text.replacen(from, to, 1);
        }
        let path = copy.join(&file);
        std::fs::create_dir_all(path.parent().expect("a directory")).expect("a directory");
        std::fs::write(path, text).expect("a copy of a handout file");
    }
    for (path, text) in files {
        let path = copy.join(path);
        std::fs::create_dir_all(path.parent().expect("a directory")).expect("a directory");
        std::fs::write(path, text.replace("KIT", KIT)).expect("a file");
    }
    copy
}

/// Fails a check that needs bubblewrap where it cannot make namespaces: such a check is
/// ignored there (the cfg `no_bubblewrap`), so reaching this means it was asked for anyway.
fn require_bubblewrap() {
    assert_eq!(Isolation::detect(), Isolation::Bubblewrap, "cannot check: bubblewrap cannot make namespaces here");
}

fn grade(submission: &Path) -> Report {
    grade_as("reversi", submission)
}

fn grade_as(assignment: &str, submission: &Path) -> Report {
    let _one_at_a_time = one_at_a_time();
    grade_alone(assignment, submission)
}

/// [`grade_as`], the caller holding [`GRADING`].
fn grade_alone(assignment: &str, submission: &Path) -> Report {
    let options = Options {
        kit: KIT.into(),
        assignment: assignment.into(),
        submission: Some(submission.to_owned()),
        timeout: None,
        only: None,
    };
    grade::grade(&options, |_| {}).unwrap_or_else(|error| panic!("grading {} failed: {error}", submission.display()))
}

/// The isolations the grader can use here: bubblewrap, and as root users of their own.
fn isolations() -> Vec<Isolation> {
    let mut isolations = vec![Isolation::Bubblewrap];
    if is_root() {
        isolations.push(Isolation::Users);
    }
    isolations
}

/// Grades `submission` with `isolation`: bubblewrap in this process, users of their own
/// through the command ([`grade_as_users`]); the caller holds [`GRADING`].
fn grade_with(isolation: Isolation, assignment: &str, submission: &Path) -> Report {
    match isolation {
        Isolation::Users => grade_as_users(assignment, submission),
        _ => grade_alone(assignment, submission),
    }
}

/// Grades through the `gamekit` command with users of their own instead of bubblewrap
/// (`GAMEKIT_ISOLATION=users`), the toolchain where every user can read it
/// ([`readable_toolchain`]), and the kit in a folder no other user may pass through, as a
/// clone in root's home is ([`private_kit`]); the caller holds [`GRADING`].
fn grade_as_users(assignment: &str, submission: &Path) -> Report {
    let json = Path::new(KIT).join("target").join("hostile").join(format!("users-{assignment}.json"));
    gamekit_as_users(&["grade".as_ref(), assignment.as_ref(), submission.as_ref(), "--json".as_ref(), json.as_ref()]);
    serde_json::from_slice(&std::fs::read(&json).expect("the report")).expect("a report")
}

/// Runs the `gamekit` command with `args` as [`grade_as_users`] does, and asserts it
/// succeeded.
fn gamekit_as_users(args: &[&std::ffi::OsStr]) {
    let graded = gamekit_command(Isolation::Users, args).output().expect("gamekit runs");
    assert!(graded.status.success(), "grading failed: {}", String::from_utf8_lossy(&graded.stderr));
}

/// The `gamekit` command with `args`, grading with `isolation`: as users of their own as
/// [`grade_as_users`] says.
fn gamekit_command(isolation: Isolation, args: &[&std::ffi::OsStr]) -> std::process::Command {
    if isolation != Isolation::Users {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_gamekit"));
        command.args(args).env("GAMEKIT_ISOLATION", "bubblewrap");
        return command;
    }
    let path = std::env::join_paths(
        std::iter::once(readable_toolchain().join("bin"))
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .expect("a PATH");
    let mut command = std::process::Command::new("unshare");
    command
        .args(["--mount", "--propagation", "private", "sh", "-c", IN_A_PRIVATE_FOLDER, "sh", KIT])
        .arg(shared_temporary_folder())
        .arg(env!("CARGO_BIN_EXE_gamekit"))
        .args(args)
        .env("GAMEKIT_ISOLATION", "users")
        .env("PATH", path)
        // Cargo's own, which `cargo test` sets: the grader would use them before the PATH, and
        // rustc would load its libraries from rustup's toolchain, and say that is its sysroot.
        .env_remove("CARGO")
        .env_remove("RUSTC")
        .env_remove("LD_LIBRARY_PATH");
    command
}

/// `submission` graded in `isolation` on tictactoe's one test `every_board::computer_move_playing_x`
/// alone, with `timeout` seconds and the environment `env`: its report, kept as
/// `target/hostile/<name>.json`.
fn one_test_graded(isolation: Isolation, submission: &Path, name: &str, timeout: u32, env: &[(&str, &str)]) -> Report {
    let json = Path::new(KIT).join("target").join("hostile").join(format!("{name}.json"));
    let timeout = timeout.to_string();
    let args = [
        "grade".as_ref(),
        "tictactoe".as_ref(),
        submission.as_os_str(),
        "--only".as_ref(),
        "every_board::computer_move_playing_x".as_ref(),
        "--timeout".as_ref(),
        timeout.as_ref(),
        "--json".as_ref(),
        json.as_os_str(),
    ];
    let graded = gamekit_command(isolation, &args).envs(env.iter().copied()).output().expect("gamekit");
    assert!(graded.status.success(), "grading failed: {}", String::from_utf8_lossy(&graded.stderr));
    serde_json::from_slice(&std::fs::read(&json).expect("the report")).expect("a report")
}

/// The shared temporary folder that [`IN_A_PRIVATE_FOLDER`] leaves as it is: `/tmp`, unless
/// the kit is cloned there (then `/tmp` is the kit's private folder, and `/var/tmp` is used).
fn shared_temporary_folder() -> PathBuf {
    let tmp = std::env::temp_dir();
    if Path::new(KIT).parent() == Some(tmp.as_path()) { PathBuf::from("/var/tmp") } else { tmp }
}

/// `sh -c IN_A_PRIVATE_FOLDER sh KIT SHARED COMMAND…` runs COMMAND with the kit at its path
/// in a folder of mode 700, as a clone in root's home is: in a mount namespace of its own,
/// the kit's folder is mounted over by an empty one of mode 700 holding only the kit, which
/// is held meanwhile in SHARED ([`shared_temporary_folder`], outside the folder mounted over).
const IN_A_PRIVATE_FOLDER: &str = r#"set -e
kit=$1; shift
parent=$(dirname "$kit")
stage=$(mktemp -d -p "$1"); shift
mount --bind "$kit" "$stage"
mount -t tmpfs -o mode=0700 gamekit-private "$parent"
mkdir "$kit"
mount --move "$stage" "$kit"
rmdir "$stage" 2>/dev/null || true
exec "$@""#;

/// The Rust toolchain in a place every user can read and only root may change, as an
/// autograder's setup installs it (rustup's default, in root's home, is not readable): a
/// copy of this one's, hard-linked, in `/usr/local/lib`.
fn readable_toolchain() -> PathBuf {
    let printed = std::process::Command::new("rustc").args(["--print", "sysroot"]).output().expect("rustc runs");
    let sysroot = PathBuf::from(String::from_utf8_lossy(&printed.stdout).trim());
    let copy =
        Path::new("/usr/local/lib").join(format!("gamekit-{}", sysroot.file_name().expect("a name").to_string_lossy()));
    if !copy.join("bin").join("cargo").exists() {
        let partial = copy.with_extension(format!("partial-{}", std::process::id()));
        let linked = std::process::Command::new("cp").arg("-al").arg(&sysroot).arg(&partial).status();
        if !linked.is_ok_and(|status| status.success()) {
            let _ = std::fs::remove_dir_all(&partial);
            let copied = std::process::Command::new("cp").arg("-a").arg(&sysroot).arg(&partial).status();
            assert!(copied.is_ok_and(|status| status.success()), "cannot copy the toolchain to {}", partial.display());
        }
        if std::fs::rename(&partial, &copy).is_err() {
            let _ = std::fs::remove_dir_all(&partial);
        }
    }
    copy
}

/// A digest of every file under `dir`, to show that grading changed nothing there.
fn digest(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
                stack.push(path);
            } else if let Ok(bytes) = std::fs::read(&path) {
                files.push((path, bytes));
            }
        }
    }
    files.sort();
    files
}

/// The processes still running as a sandbox's user, a second after grading at most.
fn sandbox_processes() -> Vec<String> {
    let mut left = running_as_sandbox_users();
    for _ in 0..10 {
        if left.is_empty() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        left = running_as_sandbox_users();
    }
    left
}

/// Those running, that is: a zombie has ended and holds nothing, only its entry until the
/// machine's init collects it (a killed probe's children are init's to collect, as users of
/// their own have no PID namespace of their own).
fn running_as_sandbox_users() -> Vec<String> {
    let mut left = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let status = std::fs::read_to_string(entry.path().join("status")).unwrap_or_default();
        let field = |name: &str| {
            status.lines().find_map(|line| line.strip_prefix(name)).and_then(|value| value.split_whitespace().next())
        };
        let zombie = field("State:") == Some("Z");
        if !zombie
            && field("Uid:").and_then(|uid| uid.parse().ok()).is_some_and(|uid: u32| SANDBOX_USER_IDS.contains(&uid))
        {
            left.push(std::fs::read_to_string(entry.path().join("cmdline")).unwrap_or_default().replace('\0', " "));
        }
    }
    left
}

fn assert_scores_zero(report: &Report) {
    assert_eq!(report.score, 0.0, "a hostile submission scored: {:#?}", failures_or_passes(report));
}

fn failures_or_passes(report: &Report) -> Vec<String> {
    report.tests.iter().map(|test| format!("{} {:?}: {}", test.name, test.status, test.explanation)).collect()
}

/// The code every attack at run time shares: the kit's root (an attacker who knows where
/// the grader keeps it), and a write that may or may not work.
const HELPERS: &str = r#"
pub fn kit() -> std::path::PathBuf {
    std::path::PathBuf::from("KIT")
}

pub fn try_write(path: &std::path::Path) {
    use std::io::Write;
    if let Ok(mut file) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
        let _ = file.write_all(b"forged by a hostile submission\n");
    }
}
"#;

/// At run time: writes into the kit, its fixtures, the other submissions' build directories
/// and the shared target; a connection out; processes left behind (`setsid`, holding the
/// output pipe) that would write later; as many processes as it can make; all memory; an
/// endless flood of output.
const RUN_TIME_ATTACKS: &str = r#"
pub fn everything_at_once() {
    let kit = kit();
    try_write(&kit.join("FORGED"));
    for dir in ["fixtures", "solution"] {
        for entry in std::fs::read_dir(kit.join(dir)).into_iter().flatten().flatten() {
            for file in std::fs::read_dir(entry.path()).into_iter().flatten().flatten() {
                try_write(&file.path());
            }
        }
    }
    let grade = kit.join("target/grade");
    for entry in std::fs::read_dir(&grade).into_iter().flatten().flatten() {
        try_write(&entry.path().join("FORGED"));
        try_write(&entry.path().join("Cargo.toml"));
    }
    // The kit's probe crate, copied once for every harness, and its build (in the kit's
    // target/grade, or in the grader's folder in /var/cache/gamekit for users of their own):
    // where a folder can be listed, and where the probe's harness says it is.
    let scratches = ["/tmp", "/var/tmp", "/dev/shm", "/var/cache/gamekit"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(dir).into_iter().flatten().flatten().map(|entry| entry.path()))
        .chain([grade]);
    let mut probes: Vec<std::path::PathBuf> = scratches
        .flat_map(|scratch| std::fs::read_dir(scratch).into_iter().flatten().flatten().map(|entry| entry.path()))
        .filter(|path| path.file_name().is_some_and(|name| name.to_string_lossy().starts_with("probe-")))
        .collect();
    let exe = std::env::current_exe().unwrap_or_default();
    for manifest in exe.ancestors().filter_map(|dir| std::fs::read_to_string(dir.join("Cargo.toml")).ok()) {
        for line in manifest.lines().filter(|line| line.contains("/kit/crates/probe")) {
            let path = std::path::Path::new(line.split('"').nth(1).unwrap_or_default());
            probes.extend(path.ancestors().nth(3).map(std::path::Path::to_owned));
        }
    }
    for probe in probes {
        try_write(&probe.join("kit/Cargo.toml"));
        try_write(&probe.join("kit/crates/probe/src/lib.rs"));
        for built in std::fs::read_dir(probe.join("template/target/debug/deps")).into_iter().flatten().flatten() {
            try_write(&built.path());
        }
    }
    reach_out();
    let later = format!(
        "sleep 2; echo forged > {kit}/FORGED_LATER; echo forged > {kit}/target/hostile/report.json; sleep 30",
        kit = kit.display()
    );
    let _ = std::process::Command::new("setsid").args(["sh", "-c", &later]).spawn();
    for dir in ["/tmp", "/var/tmp", "/dev/shm"] {
        try_write(&std::path::Path::new(dir).join("gamekit-hostile-left-behind"));
    }
    let mut children = Vec::new();
    for _ in 0..2000 {
        match std::process::Command::new("sleep").arg("30").spawn() {
            Ok(child) => children.push(child),
            Err(_) => break,
        }
    }
    std::mem::forget(children);
}

/// Tells the test's listeners what it was asked, by TCP, UDP and an abstract Unix socket,
/// from this process and from a shell it starts.
pub fn reach_out() {
    use std::io::Write;
    let leak = b"a hidden test's board";
    if let Ok(mut stream) = std::net::TcpStream::connect_timeout(
        &"127.0.0.1:47613".parse().unwrap(),
        std::time::Duration::from_millis(200),
    ) {
        let _ = stream.write_all(leak);
    }
    if let Ok(socket) = std::net::UdpSocket::bind("127.0.0.1:0") {
        let _ = socket.send_to(leak, "127.0.0.1:47613");
    }
    #[cfg(target_os = "linux")]
    {
        use std::os::linux::net::SocketAddrExt;
        if let Ok(address) = std::os::unix::net::SocketAddr::from_abstract_name(b"gamekit-hostile-47613")
            && let Ok(mut stream) = std::os::unix::net::UnixStream::connect_addr(&address)
        {
            let _ = stream.write_all(leak);
        }
    }
    let _ = std::process::Command::new("bash")
        .args(["-c", "echo leaked > /dev/tcp/127.0.0.1/47613; echo leaked > /dev/udp/127.0.0.1/47613"])
        .status();
}

pub fn all_the_memory() -> usize {
    let mut hoard: Vec<Vec<u8>> = Vec::new();
    loop {
        hoard.push(vec![0; 64 << 20]);
        if hoard.len() > 1 << 20 {
            return hoard.len();
        }
    }
}

pub fn a_flood_of_output() -> ! {
    let line = "x".repeat(1 << 16);
    loop {
        println!("{line}");
    }
}
"#;

/// The run-time attacks, from the probe of a judged suite (tictactoe, whose judge the
/// command line's checks build too).
#[test]
#[cfg_attr(no_bubblewrap, ignore = "bubblewrap cannot make namespaces here (seen when the checks were built)")]
fn code_run_by_the_tests_changes_nothing_outside_its_sandbox_and_leaves_nothing_behind() {
    require_bubblewrap();
    let (submission, attacked) = run_time_attacks("tictactoe", "run_time");
    assert_run_time_attacks_fail("tictactoe", &submission, Isolation::Bubblewrap, attacked);
}

/// The same attacks as root where bubblewrap cannot make namespaces: each build and test
/// runs as a user of its own, and the kit is readable by no other user.
#[test]
#[cfg_attr(not_root, ignore = "users of their own need the checks run as root")]
fn code_run_as_a_user_of_its_own_changes_nothing_outside_its_reach_either() {
    let (submission, attacked) = run_time_attacks("tictactoe", "run_time_users");
    assert_run_time_attacks_fail("tictactoe", &submission, Isolation::Users, attacked);
}

/// The same attacks from a probe that answers single calls on a board (reversi).
#[test]
#[cfg_attr(no_bubblewrap, ignore = "bubblewrap cannot make namespaces here (seen when the checks were built)")]
#[cfg_attr(not(no_bubblewrap), ignore = "full tier: cargo test --workspace -- --include-ignored")]
fn code_run_on_a_board_changes_nothing_outside_its_sandbox_either() {
    require_bubblewrap();
    let (submission, attacked) = run_time_attacks("reversi", "run_time_on_a_board");
    assert_run_time_attacks_fail("reversi", &submission, Isolation::Bubblewrap, attacked);
}

/// Users of their own grade as bubblewrap does, from a kit in a folder of mode 700: every
/// reference solution scores full marks (a handout as it is scores 0 there too: the quick
/// tier's attacks are made from tictactoe's, and by hand every starter scored 0).
#[test]
#[cfg_attr(not_root, ignore = "users of their own need the checks run as root")]
#[cfg_attr(not(not_root), ignore = "full tier: cargo test --workspace -- --include-ignored")]
fn as_users_of_their_own_every_solution_scores_full_marks() {
    let _one_at_a_time = one_at_a_time();
    for assignment in &gamekit::grade::assignments(Path::new(KIT)) {
        let solution = grade_as_users(assignment, &Path::new(KIT).join("solution").join(assignment));
        assert_eq!(solution.score, solution.max_score, "{assignment}: {:#?}", failures_or_passes(&solution));
        assert_eq!(solution.isolation, Isolation::Users);
    }
}

/// The handout of `assignment` in `target/hostile/<name>` with the run-time attacks in its
/// functions, and the names of the tests that meet the attacks on the kit.
fn run_time_attacks(assignment: &str, name: &str) -> (PathBuf, &'static str) {
    let flood = "hostile::a_flood_of_output();\n    #[allow(unreachable_code)]\n    ";
    let (edits, attacked) = match assignment {
        "reversi" => (
            [
                ("pub fn valid_move<", "mod hostile;\n\npub fn valid_move<".to_owned()),
                ("    todo!(\"valid_move(", "    hostile::all_the_memory();\n    todo!(\"valid_move(".to_owned()),
                ("    todo!(\"has_valid_moves(", format!("    {flood}todo!(\"has_valid_moves(")),
                (
                    "    todo!(\"has_empty_cells(",
                    "    hostile::everything_at_once();\n    todo!(\"has_empty_cells(".to_owned(),
                ),
            ],
            "has_empty_cells",
        ),
        "tictactoe" => (
            [
                ("mod provided;", "mod provided;\nmod hostile;".to_owned()),
                ("    todo!(\"computer_move(", "    hostile::all_the_memory();\n    todo!(\"computer_move(".to_owned()),
                ("    todo!(\"perfect_move(", format!("    {flood}todo!(\"perfect_move(")),
                ("    todo!(\"play(", "    hostile::everything_at_once();\n    todo!(\"play(".to_owned()),
            ],
            "all_games::",
        ),
        _ => unreachable!("no run-time attacks written for {assignment}"),
    };
    let edits: Vec<(&str, &str, &str)> = edits.iter().map(|(from, to)| ("src/lib.rs", *from, to.as_str())).collect();
    let files = [("src/hostile.rs", format!("{HELPERS}{RUN_TIME_ATTACKS}"))];
    let files: Vec<(&str, &str)> = files.iter().map(|(path, text)| (*path, text.as_str())).collect();
    (hostile_handout(assignment, name, &edits, &files), attacked)
}

/// The same attacks from a probe that keeps the submission's objects and calls the suite's
/// back (reversi_players: its boards, players and games).
#[test]
#[cfg_attr(no_bubblewrap, ignore = "bubblewrap cannot make namespaces here (seen when the checks were built)")]
#[cfg_attr(not(no_bubblewrap), ignore = "full tier: cargo test --workspace -- --include-ignored")]
fn code_run_in_a_probe_that_keeps_objects_changes_nothing_outside_its_sandbox_either() {
    require_bubblewrap();
    let submission = hostile_handout(
        "reversi_players",
        "run_time_objects",
        &[
            ("src/lib.rs", "mod board;", "mod board;\nmod hostile;"),
            (
                "src/board.rs",
                "        todo!(\"Board::new()\")",
                "        crate::hostile::everything_at_once();\n        todo!(\"Board::new()\")",
            ),
            // One case (a corner of the player's own) floods the output, the others take all
            // the memory.
            (
                "src/computer.rs",
                "    todo!(\"corner_value(",
                "    if corner == Some(player) {\n        crate::hostile::a_flood_of_output();\n    }\n    \
                 crate::hostile::all_the_memory();\n    todo!(\"corner_value(",
            ),
        ],
        &[("src/hostile.rs", &format!("{HELPERS}{RUN_TIME_ATTACKS}"))],
    );
    assert_run_time_attacks_fail("reversi_players", &submission, Isolation::Bubblewrap, "board::");
}

/// The test's listeners on the ports the attacks try: TCP and UDP on 127.0.0.1:47613, and
/// the abstract Unix socket `gamekit-hostile-47613`.
struct Listeners {
    tcp: std::net::TcpListener,
    udp: std::net::UdpSocket,
    unix: std::os::unix::net::UnixListener,
}

impl Listeners {
    fn new() -> Listeners {
        use std::os::linux::net::SocketAddrExt;
        let tcp = std::net::TcpListener::bind("127.0.0.1:47613").expect("a TCP port for the network check");
        let udp = std::net::UdpSocket::bind("127.0.0.1:47613").expect("a UDP port for the network check");
        let address = std::os::unix::net::SocketAddr::from_abstract_name(b"gamekit-hostile-47613").expect("a name");
        let unix = std::os::unix::net::UnixListener::bind_addr(&address).expect("an abstract Unix socket");
        tcp.set_nonblocking(true).expect("a non-blocking listener");
        udp.set_nonblocking(true).expect("a non-blocking listener");
        unix.set_nonblocking(true).expect("a non-blocking listener");
        Listeners { tcp, udp, unix }
    }

    /// Those that anything reached.
    fn reached(&self) -> Vec<&'static str> {
        let mut reached = Vec::new();
        if self.tcp.accept().is_ok() {
            reached.push("TCP");
        }
        if self.udp.recv_from(&mut [0; 64]).is_ok() {
            reached.push("UDP");
        }
        if self.unix.accept().is_ok() {
            reached.push("an abstract Unix socket");
        }
        reached
    }
}

/// Grades `submission` with `isolation` and checks that its attacks at run time gained
/// nothing and left nothing: score 0, each limit named, no write into the kit or over a
/// report, no connection (TCP, UDP or an abstract Unix socket), no process left; the tests named
/// like `attacked` ran the attacks and went on.
fn assert_run_time_attacks_fail(assignment: &str, submission: &Path, isolation: Isolation, attacked: &str) {
    // Alone from grading to the last check: another grading's processes, or its listener on
    // the attacks' port, would be taken for this one's.
    let _one_at_a_time = one_at_a_time();
    let listeners = Listeners::new();
    let kit = Path::new(KIT);
    let watched = [kit.join("fixtures").join(assignment), kit.join("solution").join(assignment)];
    let before: Vec<_> = watched.iter().map(|dir| digest(dir)).collect();
    let left_behind = ["/tmp", "/var/tmp", "/dev/shm"].map(|dir| Path::new(dir).join("gamekit-hostile-left-behind"));
    for file in &left_behind {
        let _ = std::fs::remove_file(file);
    }
    let report = grade_with(isolation, assignment, submission);
    assert_eq!(report.build_errors, None, "the hostile submission must compile");
    assert_eq!(report.isolation, isolation);
    let shown = report.text(gamekit::grade::Style { width: 1000, verbose: false, colour: false });
    assert!(shown.contains("no network"), "the report says the network was closed:\n{shown}");
    assert_scores_zero(&report);
    let said = |text: &str| report.tests.iter().any(|test| test.explanation.contains(text));
    assert!(said("stopped at the memory limit of 1024 MiB"), "{:#?}", failures_or_passes(&report));
    assert!(said("stopped at the output limit of 16 MiB"), "{:#?}", failures_or_passes(&report));
    assert!(
        report.tests.iter().any(|test| test.name.contains(attacked) && test.status == Status::NotImplemented),
        "the attacks on the kit ran and the tests went on: {:#?}",
        failures_or_passes(&report)
    );
    assert!(report.tests.iter().all(|test| test.seconds < 9.0), "a test waited on a process left behind");
    assert_eq!(sandbox_processes(), Vec::<String>::new(), "processes were left behind");
    for file in &left_behind {
        assert!(!file.exists(), "the submission left {} behind", file.display());
    }
    assert_eq!(listeners.reached(), Vec::<&str>::new(), "the submission reached the network ({isolation:?})");
    // The report written where the daemon expects it, as `--json` would write it.
    let report_path = kit.join("target/hostile/report.json");
    let report_json = serde_json::to_vec_pretty(&report).expect("the report as JSON");
    std::fs::write(&report_path, &report_json).expect("the report");
    std::thread::sleep(std::time::Duration::from_millis(2500));
    assert_eq!(std::fs::read(&report_path).ok(), Some(report_json), "the report changed after grading");
    assert!(!kit.join("FORGED").exists() && !kit.join("FORGED_LATER").exists(), "the submission wrote into the kit");
    let after: Vec<_> = watched.iter().map(|dir| digest(dir)).collect();
    assert!(before == after, "the submission changed the kit's fixtures or solution");
    for entry in std::fs::read_dir(kit.join("target/grade")).expect("the grader's directory").flatten() {
        assert!(!entry.path().join("FORGED").exists(), "the submission wrote into {}", entry.path().display());
    }
    let shared_probes: Vec<PathBuf> = ["/tmp", "/var/tmp", "/dev/shm", "/var/cache/gamekit"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(dir).into_iter().flatten().flatten().map(|entry| entry.path()))
        .chain([kit.join("target/grade")])
        .flat_map(|scratch| std::fs::read_dir(scratch).into_iter().flatten().flatten().map(|entry| entry.path()))
        .filter(|path| path.file_name().is_some_and(|name| name.to_string_lossy().starts_with("probe-")))
        .collect();
    assert!(!shared_probes.is_empty(), "no copy of the kit's probe crate was found");
    for probe in shared_probes {
        for (path, bytes) in digest(&probe) {
            let forged = bytes.windows(FORGED.len()).any(|window| window == FORGED);
            assert!(!forged, "the submission changed the kit's probe crate or its build: {}", path.display());
        }
    }
}

/// What [`HELPERS`]'s `try_write` writes.
const FORGED: &[u8] = b"forged by a hostile submission";

#[test]
#[cfg_attr(no_bubblewrap, ignore = "bubblewrap cannot make namespaces here (seen when the checks were built)")]
#[cfg_attr(not(no_bubblewrap), ignore = "full tier: cargo test --workspace -- --include-ignored")]
fn sources_that_read_the_solution_a_fixture_or_an_oracle_when_they_compile_do_not_compile() {
    require_bubblewrap();
    for isolation in isolations() {
        let submission = hostile(
            &format!("read_the_kit_at_build_time_{isolation:?}"),
            &[(
                "pub fn valid_move<",
                "pub const SOLUTION: &str = include_str!(\"KIT/solution/reversi/src/lib.rs\");\n\
                 pub const OTHER_FIXTURE: &[u8] = include_bytes!(\"KIT/fixtures/tictactoe/human_first_tie.out\");\n\
                 pub const ORACLE: &str = include_str!(\"KIT/crates/engines/src/reversi/program.rs\");\n\n\
                 pub fn valid_move<",
            )],
            &[],
        );
        let lib = submission.join("src/lib.rs");
        std::fs::write(&lib, std::fs::read_to_string(&lib).expect("lib.rs").replace("KIT", KIT)).expect("lib.rs");
        let report = {
            let _one_at_a_time = one_at_a_time();
            grade_with(isolation, "reversi", &submission)
        };
        let errors = report.build_errors.as_deref().expect("reading the kit must not compile");
        assert!(errors.contains("solution/reversi/src/lib.rs"), "{isolation:?}: {errors}");
        assert!(errors.contains("fixtures/tictactoe/human_first_tie.out"), "{isolation:?}: {errors}");
        assert!(errors.contains("crates/engines/src/reversi/program.rs"), "{isolation:?}: {errors}");
        assert_scores_zero(&report);
    }
}

/// A crate whose `src` is a link to the reference solution's: the grader copies only a
/// crate's own folder, so nothing is copied, and nothing compiles.
#[test]
#[cfg(unix)]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn sources_that_are_a_link_to_the_solution_score_nothing() {
    let submission = hostile_handout("tictactoe", "linked_sources", &[], &[]);
    std::fs::remove_dir_all(submission.join("src")).expect("the handout's sources removed");
    std::os::unix::fs::symlink(Path::new(KIT).join("solution/tictactoe/src"), submission.join("src"))
        .expect("a symbolic link");
    let report = grade_as("tictactoe", &submission);
    assert!(report.build_errors.is_some(), "nothing was copied, so nothing compiles");
    assert_scores_zero(&report);
    assert!(report.notes.iter().any(|note| note.starts_with("src: a symbolic link")), "{:?}", report.notes);
}

#[test]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn a_build_script_cargo_configuration_extra_dependency_link_and_changed_provided_file_are_refused() {
    let forged = Path::new(KIT).join("target").join("FORGED_AT_BUILD_TIME");
    let _ = std::fs::remove_file(&forged);
    let write_forged = "fn main() { std::fs::write(\"KIT/target/FORGED_AT_BUILD_TIME\", \"forged\").unwrap(); }\n";
    let submission = hostile(
        "contract",
        &[],
        &[
            ("build.rs", write_forged),
            (".cargo/config.toml", "[build]\ntarget-dir = \"KIT/target/FORGED_TARGET\"\n"),
            ("src/provided.rs", "// A provided file the student changed.\n"),
        ],
    );
    let manifest = submission.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).expect("Cargo.toml");
    let text = text.replacen("publish = false", "publish = false\nbuild = \"build.rs\"", 1);
    std::fs::write(&manifest, text.replacen("[dependencies]", "[dependencies]\nrand = \"0.10\"", 1))
        .expect("Cargo.toml");
    #[cfg(unix)]
    std::os::unix::fs::symlink(Path::new(KIT).join("solution/reversi/src/lib.rs"), submission.join("src/solution.rs"))
        .expect("a symbolic link");
    let report = grade(&submission);
    assert_eq!(report.build_errors, None, "graded as the handout: it compiles");
    assert_scores_zero(&report);
    let notes = report.notes.join("\n");
    for expected in [
        "build.rs: refused",
        ".cargo: refused",
        "a build script is refused",
        "graded without rand",
        "src/provided.rs: differs from the handout's",
        "src/solution.rs: a symbolic link",
    ] {
        assert!(notes.contains(expected), "no note says {expected:?}:\n{notes}");
    }
    assert!(!forged.exists(), "the build script ran");
    assert!(!Path::new(KIT).join("target").join("FORGED_TARGET").exists(), "the Cargo configuration was obeyed");
}

/// What a forged verdict prints: libtest's own summary of a passing test.
const FORGED_VERDICT: &str = r#"
pub fn forge() -> ! {
    for _ in 0..3 {
        println!("test result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out");
        eprintln!("test result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out");
    }
    std::process::exit(0)
}
"#;

/// Bytes written straight into every descriptor the probe may hold, its channel to the
/// judge among them: a forged answer, then nonsense.
const FORGED_ANSWERS: &str = r#"
pub fn forge() -> bool {
    use std::io::Write;
    use std::os::fd::FromRawFd;
    let mut frame = 9u64.to_le_bytes().to_vec();
    frame.extend_from_slice(&[1, 1, 0, 0, 0, 0, 0, 0, 0]);
    frame.extend_from_slice(&[0xff; 64]);
    for fd in 0..64 {
        // SAFETY (of the attack): the descriptor is leaked, never closed twice.
        let mut file = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(fd) });
        let _ = file.write_all(&frame);
    }
    true
}
"#;

/// A verdict is the judge's: a submission that prints a passing test's summary and exits
/// with status 0, from each function or before `main` (a start-up constructor), or writes
/// forged answers into the probe's channel, passes nothing.
#[test]
#[cfg_attr(no_bubblewrap, ignore = "bubblewrap cannot make namespaces here (seen when the checks were built)")]
#[cfg_attr(not(no_bubblewrap), ignore = "full tier: cargo test --workspace -- --include-ignored")]
fn a_forged_verdict_passes_nothing() {
    let before_main = "#[used]\n#[unsafe(link_section = \".init_array\")]\nstatic FORGE: extern \"C\" fn() = forge_at_start;\n\
                       extern \"C\" fn forge_at_start() {\n    hostile::forge();\n}\n";
    let submissions = [
        hostile(
            "forged_verdict_in_each_function",
            &[
                ("pub fn valid_move<", "mod hostile;\n\npub fn valid_move<"),
                (
                    "    todo!(\"valid_move(",
                    "    hostile::forge();\n    #[allow(unreachable_code)]\n    todo!(\"valid_move(",
                ),
                (
                    "    todo!(\"has_valid_moves(",
                    "    hostile::forge();\n    #[allow(unreachable_code)]\n    todo!(\"has_valid_moves(",
                ),
                (
                    "    todo!(\"has_empty_cells(",
                    "    hostile::forge();\n    #[allow(unreachable_code)]\n    todo!(\"has_empty_cells(",
                ),
                ("    todo!(\"play::", "    hostile::forge();\n    #[allow(unreachable_code)]\n    todo!(\"play::"),
            ],
            &[("src/hostile.rs", FORGED_VERDICT)],
        ),
        hostile(
            "forged_verdict_before_main",
            &[("pub fn valid_move<", &format!("mod hostile;\n\n{before_main}\npub fn valid_move<"))],
            &[("src/hostile.rs", FORGED_VERDICT)],
        ),
        hostile(
            "forged_answers_in_the_channel",
            &[
                ("pub fn valid_move<", "mod hostile;\n\npub fn valid_move<"),
                (
                    "    todo!(\"valid_move(",
                    "    return hostile::forge();\n    #[allow(unreachable_code)]\n    todo!(\"valid_move(",
                ),
                (
                    "    todo!(\"has_valid_moves(",
                    "    return hostile::forge();\n    #[allow(unreachable_code)]\n    todo!(\"has_valid_moves(",
                ),
                (
                    "    todo!(\"has_empty_cells(",
                    "    return hostile::forge();\n    #[allow(unreachable_code)]\n    todo!(\"has_empty_cells(",
                ),
            ],
            &[("src/hostile.rs", FORGED_ANSWERS)],
        ),
    ];
    for submission in &submissions {
        let report = grade(submission);
        assert_eq!(report.build_errors, None, "{}: it compiles", submission.display());
        assert_scores_zero(&report);
        // Each call of a function ends the probe or garbles its answer; a program's forged
        // output is only output.
        for test in report.tests.iter().filter(|test| test.name.starts_with("functions::")) {
            assert!(
                ["ended the process with exit status 0", "is not one", "stopped answering", "cannot read"]
                    .iter()
                    .any(|said| test.explanation.contains(said)),
                "{}: {} says {:?}",
                submission.display(),
                test.name,
                test.explanation
            );
        }
    }
}

/// A panic is the submission's to word: worded as the judge's on how the probe ended, or as
/// a suite's failed assertion, it is still told as the submission's panic, a wrong answer.
#[test]
#[cfg_attr(no_bubblewrap, ignore = "bubblewrap cannot make namespaces here (seen when the checks were built)")]
#[cfg_attr(not(no_bubblewrap), ignore = "full tier: cargo test --workspace -- --include-ignored")]
fn a_panic_worded_as_the_judges_is_told_as_the_submissions() {
    let submission = hostile(
        "a_panic_worded_as_the_judges",
        &[
            (
                "    todo!(\"valid_move(",
                "    panic!(\"stopped at the time limit of 2 seconds: too slow\");\n    #[allow(unreachable_code)]\n    todo!(\"valid_move(",
            ),
            (
                "    todo!(\"has_empty_cells(",
                "    panic!(\"assertion `left == right` failed: the suite's\\n  left: 1\\n right: 1\");\n    #[allow(unreachable_code)]\n    todo!(\"has_empty_cells(",
            ),
        ],
        &[],
    );
    let report = grade(&submission);
    assert_scores_zero(&report);
    for (prefix, said) in
        [("functions::valid_move_checks::", "valid_move"), ("functions::has_empty_cells::", "has_empty_cells")]
    {
        for test in report.tests.iter().filter(|test| test.name.starts_with(prefix)) {
            assert_eq!(test.status, Status::Failed, "{}: {}", test.name, test.explanation);
            assert!(test.explanation.starts_with(&format!("{said} panicked: ")), "{}: {}", test.name, test.explanation);
            assert!(!test.explanation.contains("actual:"), "{}: {}", test.name, test.explanation);
        }
    }
}

/// Calls the judge never made, written into every descriptor the probe may hold past the
/// standard three: the judge's functions that the probe may call back (a suite's player, a
/// suite's terminal), with numbers that are not lent, a consumption past the input's end
/// and 40 MiB to print, and a function the judge does not have.
const FORGED_CALLS_BACK: &str = r#"
fn frame(function: &str, arguments: &[u8]) -> Vec<u8> {
    let mut body = vec![0u8];
    body.extend_from_slice(&(function.len() as u64).to_le_bytes());
    body.extend_from_slice(function.as_bytes());
    body.extend_from_slice(&(arguments.len() as u64).to_le_bytes());
    body.extend_from_slice(arguments);
    let mut frame = (body.len() as u64).to_le_bytes().to_vec();
    frame.extend_from_slice(&body);
    frame
}

fn numbers(numbers: &[u64]) -> Vec<u8> {
    numbers.iter().flat_map(|number| number.to_le_bytes()).collect()
}

pub fn call_back() {
    use std::io::Write;
    use std::os::fd::FromRawFd;
    let mut frames = Vec::new();
    for player in 0..8 {
        frames.extend(frame("Player::choose_move", &numbers(&[player, 1, 3, 0])));
    }
    frames.extend(frame("Terminal::consume", &numbers(&[0, u64::MAX >> 1])));
    let mut flood = numbers(&[0, 40 << 20]);
    flood.resize(flood.len() + (40 << 20), b'x');
    frames.extend(frame("Terminal::write", &flood));
    frames.extend(frame("Verdict::pass", &[]));
    // Past stdin, stdout and stderr: the channel, not the output the limit counts.
    for fd in 3..64 {
        // SAFETY (of the attack): the descriptor is leaked, never closed twice.
        let mut file = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(fd) });
        let _ = file.write_all(&frames);
    }
}
"#;

/// A submission's code that calls the judge back as it was never asked to (players and
/// terminals it was not lent, functions the judge does not have) gains nothing: the judge
/// answers only what it lends, within its limits, and the verdicts stay its own.
#[test]
#[cfg_attr(no_bubblewrap, ignore = "bubblewrap cannot make namespaces here (seen when the checks were built)")]
#[cfg_attr(not(no_bubblewrap), ignore = "full tier: cargo test --workspace -- --include-ignored")]
fn calls_back_the_judge_never_asked_for_gain_nothing() {
    let submission = hostile_handout(
        "connect_n",
        "forged_calls_back",
        &[
            ("src/lib.rs", "mod game;", "mod game;\nmod hostile;"),
            (
                "src/scaffold.rs",
                "        todo!(\"Scaffold::new(",
                "        crate::hostile::call_back();\n        todo!(\"Scaffold::new(",
            ),
            (
                "src/game.rs",
                "        todo!(\"Game::take_turn(",
                "        crate::hostile::call_back();\n        todo!(\"Game::take_turn(",
            ),
            // A suite's terminal is lent here: the calls back find it.
            (
                "src/player.rs",
                "        todo!(\"HumanPlayer::new(",
                "        crate::hostile::call_back();\n        todo!(\"HumanPlayer::new(",
            ),
        ],
        &[("src/hostile.rs", FORGED_CALLS_BACK)],
    );
    let report = grade_as("connect_n", &submission);
    assert_eq!(report.build_errors, None, "it compiles");
    assert_scores_zero(&report);
}

/// In a class graded with `--batch`, a submission knows where the reports go (the worst
/// case: their paths written into its code) and reads them and writes forged ones there, now
/// and from a process it leaves running; its classmate's report and kept sources and the
/// class's files (the gradebook, the summary, the page, the similarity) stay the grader's and
/// unread: in bubblewrap, and (as root) as users of their own, through the command from a kit
/// in a private folder, the class's folder in `/tmp` and Landlock off, so that only that
/// folder's mode keeps the submission out (left open, it read 25,759 bytes of the class's).
#[test]
#[cfg_attr(no_bubblewrap, ignore = "bubblewrap cannot make namespaces here (seen when the checks were built)")]
#[cfg_attr(not(no_bubblewrap), ignore = "full tier: cargo test --workspace -- --include-ignored")]
fn a_submission_graded_in_a_batch_cannot_touch_the_classs_reports() {
    require_bubblewrap();
    let _one = one_at_a_time();
    for isolation in isolations() {
        let root = Path::new(KIT).join("target").join("hostile").join(format!("batch-{isolation:?}"));
        let _ = std::fs::remove_dir_all(&root);
        let class = root.join("class");
        // As users of their own, the class's files outside the kit (whose folder no other user
        // may pass), where only their own folder's mode keeps a submission out.
        let out = match isolation {
            Isolation::Users => shared_temporary_folder().join(format!("gamekit-hostile-out-{}", std::process::id())),
            _ => root.join("graded"),
        };
        let _ = std::fs::remove_dir_all(&out);
        let targets = class_with_a_forger(&class, &out);
        if isolation == Isolation::Users {
            let args = ["grade", "tictactoe", "--batch"].map(std::ffi::OsStr::new);
            let args =
                [&args[..], &[class.as_os_str(), "--out".as_ref(), out.as_os_str(), "--jobs".as_ref(), "2".as_ref()]];
            // Without Landlock, which would keep it out of /tmp anyway: the folder's mode alone.
            let graded = gamekit_command(isolation, &args.concat()).env("GAMEKIT_LANDLOCK", "off").output();
            let graded = graded.expect("gamekit runs");
            assert!(graded.status.success(), "grading failed: {}", String::from_utf8_lossy(&graded.stderr));
        } else {
            let batch = gamekit::grade::class::batch::Batch {
                kit: KIT.into(),
                assignment: "tictactoe".into(),
                submissions: class.clone(),
                out: out.clone(),
                jobs: 2,
                timeout: None,
                shard: None,
            };
            gamekit::grade::class::batch::run(&batch, |_| {}).expect("the class graded");
        }
        let gradebook = std::fs::read_to_string(out.join("gradebook.csv")).expect("the gradebook");
        let scores: Vec<Vec<&str>> = gradebook.lines().skip(1).map(|row| row.split(',').take(2).collect()).collect();
        assert_eq!(scores, [["alice", "100.00"], ["mallory", "0.00"]], "{isolation:?}:\n{gradebook}");
        std::thread::sleep(std::time::Duration::from_secs(5));
        // The grader's, and still its own: a file its sandbox made there first, which the grader
        // then wrote, would stay the sandbox's to change.
        use std::os::unix::fs::MetadataExt;
        let grader = std::fs::metadata(&root).expect("the folder of this check").uid();
        for target in targets {
            let text = std::fs::read_to_string(out.join(target)).expect("a report of the class");
            assert!(!text.contains("forged"), "{isolation:?}: {target} was forged:\n{text}");
            let owner = std::fs::metadata(out.join(target)).expect("a report of the class").uid();
            assert_eq!(owner, grader, "{isolation:?}: {target} belongs to another user than the grader");
        }
        assert!(
            std::fs::read_to_string(out.join("submissions/alice/report.txt"))
                .is_ok_and(|text| text.starts_with("tictactoe: 100 out of 100 points")),
            "{isolation:?}: alice's report is no longer the grader's"
        );
        // Nor did mallory read any of them (alice's kept sources and report among them) while
        // its tests ran; as users of their own the class's folder is closed to every other user.
        let mallory = std::fs::read(out.join("submissions/mallory/report.json")).expect("mallory's report");
        let mallory: Report = serde_json::from_slice(&mallory).expect("a report");
        let read: Vec<&str> = mallory
            .tests
            .iter()
            .filter_map(|test| test.explanation.split_once("having read ").map(|(_, read)| read))
            .filter(|read| !read.starts_with("0 bytes"))
            .collect();
        assert!(read.is_empty(), "{isolation:?}: mallory read the class's files: {read:?}");
        if isolation == Isolation::Users {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&out).expect("the class's folder").permissions().mode();
            assert_eq!(mode & 0o077, 0, "{isolation:?}: the class's folder is open to other users");
        }
        let _ = std::fs::remove_dir_all(&out);
        let _ = std::fs::remove_dir_all(&root);
    }
}

/// A class in `class` of two: alice (the reference solution) and mallory, whose code writes
/// forged reports into `out`, at once and from a process it leaves running. The class's
/// files it aims at, relative to `out`.
fn class_with_a_forger(class: &Path, out: &Path) -> [&'static str; 8] {
    let alice = class.join("alice");
    std::fs::create_dir_all(alice.join("src")).expect("alice's folder");
    let solution = Path::new(KIT).join("solution").join("tictactoe");
    for file in ["Cargo.toml", "src/lib.rs"] {
        std::fs::copy(solution.join(file), alice.join(file)).expect("alice's files");
    }
    let targets = [
        "submissions/alice/report.txt",
        "submissions/alice/report.json",
        "submissions/alice/sources/src/lib.rs",
        "gradebook.csv",
        "summary.txt",
        "index.html",
        "similarity.csv",
        "class.json",
    ];
    let paths: Vec<String> = targets.iter().map(|target| format!("{:?}", out.join(target))).collect();
    let attack = format!(
        "let mut stolen = 0;\n    \
         for path in [{}] {{\n        \
             stolen += std::fs::read(path).map_or(0, |bytes| bytes.len());\n        \
             let _ = std::fs::write(path, \"forged\");\n        \
             let _ = std::process::Command::new(\"sh\").args([\"-c\", \"sleep 3; echo forged > \\\"$0\\\"\", path]).spawn();\n    \
         }}\n    \
         todo!(\"computer_move, having read {{stolen}} bytes of the class's\")",
        paths.join(", ")
    );
    let mallory = hostile_handout(
        "tictactoe",
        "batch_mallory",
        &[("src/lib.rs", "todo!(\"computer_move(board = {board:?}, computer = {computer:?})\")", &attack)],
        &[],
    );
    std::fs::rename(&mallory, class.join("mallory")).expect("mallory in the class");
    targets
}

/// What a submission plants, from every test that calls it, in every folder others may write
/// that a program of the grader's might read (the shared temporary folders, its `HOME` and
/// `TMPDIR`, and every folder above its working folder and its program): a Cargo
/// configuration naming a `rustc` and a `rustc-wrapper` of its own, a `rust-toolchain.toml` naming a
/// toolchain of its own (rustup's proxy would run its `cargo`), and programs named as those
/// the grader runs (`cargo`, `rustc`, `cc`, `bwrap`, `setpriv`, `env`, `true`), for a `PATH`
/// that lists the folder. Each program, if ever run, writes who ran it into the kit
/// (`target/hostile/planted-ran`), then runs what it stands in for. It lingers a while, so
/// that the other builds of a batch and of another grader start meanwhile, and its panic
/// says where it planted.
const PLANTS: &str = r##"
pub fn plant() -> String {
    use std::os::unix::fs::PermissionsExt;
    let ran = kit().join("target/hostile/planted-ran");
    let program = format!(
        "#!/bin/sh\necho \"$(id -u) $0\" >> '{}'\ncase \"$1\" in -*) exec rustc \"$@\";; esac\nexec \"$@\"\n",
        ran.display()
    );
    let mut folders: Vec<std::path::PathBuf> =
        ["/tmp", "/var/tmp", "/dev/shm", "/run/lock", "/var/lock"].map(std::path::PathBuf::from).into();
    folders.extend(["HOME", "TMPDIR"].iter().filter_map(|name| std::env::var_os(name)).map(std::path::PathBuf::from));
    for start in [std::env::current_dir().ok(), std::env::current_exe().ok()].into_iter().flatten() {
        folders.extend(start.ancestors().map(std::path::Path::to_owned));
    }
    let mut planted = Vec::new();
    for folder in folders {
        let wrapper = folder.join("gamekit-hostile-wrapper");
        let toolchain = folder.join("gamekit-hostile-toolchain");
        let config = format!("[build]\nrustc = {0:?}\nrustc-wrapper = {0:?}\n", wrapper.display().to_string());
        let pinned = format!("[toolchain]\npath = {:?}\n", toolchain.display().to_string());
        let mut files = vec![
            (wrapper.clone(), program.clone()),
            (folder.join(".cargo/config.toml"), config),
            (folder.join("rust-toolchain.toml"), pinned),
        ];
        for name in ["cargo", "rustc", "cc", "bwrap", "setpriv", "env", "true"] {
            files.push((folder.join(name), program.clone()));
            files.push((toolchain.join("bin").join(name), program.clone()));
        }
        let mut any = false;
        for (path, text) in files {
            let _ = std::fs::create_dir_all(path.parent().unwrap());
            let written = std::fs::write(&path, text)
                .and_then(|()| std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)));
            any |= written.is_ok();
        }
        if any {
            planted.push(folder.display().to_string());
        }
    }
    std::thread::sleep(std::time::Duration::from_millis(200));
    planted.join(" ")
}
"##;

/// While its tests run, a submission plants a Cargo configuration, a toolchain file and
/// programs named as the grader's in every folder a program the grader runs outside a
/// sandbox could read ([`PLANTS`]), while a batch grades the rest of its class two at a
/// time and a second grader grades another submission at once: none of them is ever run,
/// in bubblewrap and as users of their own, and every honest submission scores full marks.
#[test]
#[cfg_attr(no_bubblewrap, ignore = "bubblewrap cannot make namespaces here (seen when the checks were built)")]
#[cfg_attr(not(no_bubblewrap), ignore = "full tier: cargo test --workspace -- --include-ignored")]
fn nothing_a_submission_plants_is_run_by_the_grader() {
    require_bubblewrap();
    let _one = one_at_a_time();
    let ran = Path::new(KIT).join("target").join("hostile").join("planted-ran");
    for isolation in isolations() {
        let _ = std::fs::remove_file(&ran);
        let planted_first = plant_as_another_user(&ran);
        let root = Path::new(KIT).join("target").join("hostile").join(format!("planted-{isolation:?}"));
        let _ = std::fs::remove_dir_all(&root);
        let (class, out) = (root.join("class"), root.join("graded"));
        let solution = Path::new(KIT).join("solution").join("tictactoe");
        // Mallory first, so that the others are built while mallory's tests run.
        for student in ["nina", "oscar", "other"] {
            let dir = if student == "other" { root.join(student) } else { class.join(student) };
            std::fs::create_dir_all(dir.join("src")).expect("a student's folder");
            for file in ["Cargo.toml", "src/lib.rs"] {
                std::fs::copy(solution.join(file), dir.join(file)).expect("a student's files");
            }
        }
        let plant = "let planted = hostile::plant();\n    todo!(\"planted in {planted}\")";
        let mallory = hostile_handout(
            "tictactoe",
            &format!("planted_{isolation:?}"),
            &[
                ("src/lib.rs", "mod provided;", "mod provided;\nmod hostile;"),
                ("src/lib.rs", "todo!(\"computer_move(board = {board:?}, computer = {computer:?})\")", plant),
                ("src/lib.rs", "todo!(\"perfect_move(board = {board:?}, computer = {computer:?})\")", plant),
            ],
            &[("src/hostile.rs", &format!("{HELPERS}{PLANTS}"))],
        );
        std::fs::rename(&mallory, class.join("mallory")).expect("mallory in the class");
        let batch = ["grade", "tictactoe", "--batch"].map(std::ffi::OsStr::new);
        let batch =
            [&batch[..], &[class.as_os_str(), "--out".as_ref(), out.as_os_str(), "--jobs".as_ref(), "2".as_ref()]]
                .concat();
        let mut batch = gamekit_command(isolation, &batch);
        let batch = std::thread::spawn(move || batch.output());
        // The other grader starts once mallory's tests have begun.
        std::thread::sleep(std::time::Duration::from_secs(5));
        let json = root.join("other.json");
        let other = root.join("other");
        let args = ["grade".as_ref(), "tictactoe".as_ref(), other.as_os_str(), "--json".as_ref(), json.as_os_str()];
        let second = gamekit_command(isolation, &args).output().expect("the second grader runs");
        let batch = batch.join().expect("the batch's thread").expect("the batch runs");
        for (ran_ok, stderr) in [(batch.status.success(), &batch.stderr), (second.status.success(), &second.stderr)] {
            assert!(ran_ok, "{isolation:?}: grading failed: {}", String::from_utf8_lossy(stderr));
        }
        let gradebook = std::fs::read_to_string(out.join("gradebook.csv")).expect("the gradebook");
        let scores: Vec<Vec<&str>> = gradebook.lines().skip(1).map(|row| row.split(',').take(2).collect()).collect();
        let expected = [["mallory", "0.00"], ["nina", "100.00"], ["oscar", "100.00"]];
        assert_eq!(scores, expected, "{isolation:?}:\n{gradebook}");
        let other: Report = serde_json::from_slice(&std::fs::read(&json).expect("the report")).expect("a report");
        assert_eq!(other.score, other.max_score, "{isolation:?}: {:#?}", failures_or_passes(&other));
        let report = std::fs::read(out.join("submissions/mallory/report.json")).expect("mallory's report");
        let report: Report = serde_json::from_slice(&report).expect("a report");
        let planted: std::collections::BTreeSet<&str> = report
            .tests
            .iter()
            .filter_map(|test| test.explanation.split_once("planted in ").map(|(_, folders)| folders))
            .flat_map(|folders| folders.lines().next().unwrap_or_default().split(' '))
            .collect();
        eprintln!("{isolation:?}: mallory planted in {planted:?}");
        let ran_by = std::fs::read_to_string(&ran).unwrap_or_default();
        drop(planted_first);
        assert_eq!(ran_by, "", "{isolation:?}: a program planted was run (mallory planted in {planted:?})");
        let _ = std::fs::remove_dir_all(&root);
    }
}

/// What [`PLANTS`] plants, planted before grading begins and left there throughout by
/// another user (`nobody`), as a submission's code graded earlier could have: in the
/// shared temporary folders, and in every folder above the kit, the grader's scratch folder
/// and its `HOME` that other users may write. What it planted, removed when dropped.
fn plant_as_another_user(ran: &Path) -> Planted {
    use std::os::unix::fs::PermissionsExt;
    if !is_root() {
        // Another user's files need root to make; the submission's own plants remain.
        return Planted(Vec::new());
    }
    let open = |dir: &Path| std::fs::metadata(dir).is_ok_and(|metadata| metadata.permissions().mode() & 0o002 != 0);
    let mut folders: Vec<PathBuf> = ["/tmp", "/var/tmp", "/dev/shm", "/run/lock"].map(PathBuf::from).into();
    let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_default();
    for start in [Path::new(KIT), Path::new(gamekit::grade::sandbox::places::SCRATCH), &home] {
        folders.extend(start.ancestors().filter(|dir| open(dir)).map(Path::to_owned));
    }
    folders.sort();
    folders.dedup();
    let names = [".cargo", "rust-toolchain.toml", "gamekit-hostile-wrapper", "gamekit-hostile-toolchain"];
    let names: Vec<&str> = names.into_iter().chain(PLANTED_PROGRAMS).collect();
    let script = r#"set -e
ran=$1; shift
for folder in "$@"; do
    wrapper=$folder/gamekit-hostile-wrapper
    toolchain=$folder/gamekit-hostile-toolchain
    printf '#!/bin/sh\necho "$(id -u) $0" >> %s\ncase "$1" in -*) exec rustc "$@";; esac\nexec "$@"\n' "$ran" > "$wrapper"
    chmod 755 "$wrapper"
    mkdir -p "$folder/.cargo" "$toolchain/bin"
    printf '[build]\nrustc = "%s"\nrustc-wrapper = "%s"\n' "$wrapper" "$wrapper" > "$folder/.cargo/config.toml"
    printf '[toolchain]\npath = "%s"\n' "$toolchain" > "$folder/rust-toolchain.toml"
    for program in cargo rustc cc bwrap setpriv env true; do
        # A name some other user holds there already (a folder of someone's named cc) stays.
        [ -e "$folder/$program" ] || cp "$wrapper" "$folder/$program"
        cp "$wrapper" "$toolchain/bin/$program"
    done
done"#;
    let planted = std::process::Command::new("setpriv")
        .args(["--reuid", "65534", "--regid", "65534", "--clear-groups", "sh", "-c", script, "sh"])
        .arg(ran)
        .args(&folders)
        .status();
    assert!(planted.is_ok_and(|status| status.success()), "nobody could not plant in {folders:?}");
    Planted(folders.into_iter().map(|folder| (folder, names.clone())).collect())
}

/// The folders [`plant_as_another_user`] planted in and the names in each: removed when
/// dropped, a test that fails included (left in `/tmp`, they would take over every Cargo
/// run below it: rustup reads the `rust-toolchain.toml` of every folder above).
struct Planted(Vec<(PathBuf, Vec<&'static str>)>);

impl Drop for Planted {
    fn drop(&mut self) {
        for (folder, names) in &self.0 {
            for name in names {
                let _ = std::fs::remove_dir_all(folder.join(name)).or_else(|_| std::fs::remove_file(folder.join(name)));
            }
        }
    }
}

/// The programs [`PLANTS`] names as the grader's.
const PLANTED_PROGRAMS: [&str; 7] = ["cargo", "rustc", "cc", "bwrap", "setpriv", "env", "true"];

/// What a probe tries to open beyond its own files, from every test that calls it: the
/// shared temporary folders (to write), and the system's users, its harness's manifest and
/// the kit's probe crate copied for every harness (to read). Its panic says what opened.
const REACHES: &str = r#"
pub fn reach() -> String {
    let mut opened = Vec::new();
    for dir in ["/tmp", "/var/tmp", "/dev/shm", "/run/lock"] {
        let path = std::path::Path::new(dir).join("gamekit-hostile-reach");
        if std::fs::write(&path, "left").is_ok() {
            opened.push(format!("wrote {}", path.display()));
            let _ = std::fs::remove_file(&path);
        }
    }
    let mut read = vec![std::path::PathBuf::from("/etc/passwd")];
    // The grader's scratch folder cannot be listed; the harness's manifest says where the
    // copy of the kit's probe crate is.
    let exe = std::env::current_exe().unwrap_or_default();
    for manifest in exe.ancestors().map(|dir| dir.join("Cargo.toml")) {
        for line in std::fs::read_to_string(&manifest).unwrap_or_default().lines() {
            if line.contains("/kit/crates/probe") {
                read.push(std::path::Path::new(line.split('"').nth(1).unwrap_or_default()).join("Cargo.toml"));
            }
        }
        read.push(manifest);
    }
    for path in read {
        if std::fs::read(&path).is_ok() {
            opened.push(format!("read {}", path.display()));
        }
    }
    opened.join(", ")
}
"#;

/// As users of their own, Landlock keeps a test's probe to its programs and a temporary
/// folder of its own: it writes in no shared temporary folder and reads no harness, no copy
/// of the kit's probe crate and not even what every user may read (`/etc/passwd`). Where
/// Landlock is missing (forced here with `GAMEKIT_LANDLOCK=off`), grading goes on, the same
/// probe opens them, and the report says what was missing.
#[test]
#[cfg_attr(not_root, ignore = "users of their own need the checks run as root")]
#[cfg_attr(not(not_root), ignore = "full tier: cargo test --workspace -- --include-ignored")]
fn as_users_of_their_own_a_probe_opens_only_its_own_files() {
    let _one = one_at_a_time();
    let reach = "let opened = hostile::reach();\n    todo!(\"opened: {opened};\")";
    let submission = hostile_handout(
        "tictactoe",
        "reach",
        &[
            ("src/lib.rs", "mod provided;", "mod provided;\nmod hostile;"),
            ("src/lib.rs", "todo!(\"computer_move(board = {board:?}, computer = {computer:?})\")", reach),
        ],
        &[("src/hostile.rs", REACHES)],
    );
    let opened = |report: &Report| -> std::collections::BTreeSet<String> {
        let said = report.tests.iter().filter_map(|test| test.explanation.split_once("opened: "));
        // Up to its end, or where the report cut a long explanation.
        let said = said.map(|(_, opened)| opened.lines().next().unwrap_or_default().trim_end_matches(';').to_owned());
        said.flat_map(|opened| opened.split(", ").map(str::to_owned).collect::<Vec<_>>())
            .filter(|o| !o.is_empty())
            .collect()
    };
    let kept = grade_as_users("tictactoe", &submission);
    assert_eq!(kept.without, None, "Landlock was missing");
    assert_eq!(opened(&kept), Default::default(), "with Landlock");
    let text = kept.text(gamekit::grade::Style { width: 1000, verbose: false, colour: false });
    assert!(text.contains("only its own files (Landlock)"), "{text}");
    let json = Path::new(KIT).join("target").join("hostile").join("reach-without-landlock.json");
    let args = ["grade".as_ref(), "tictactoe".as_ref(), submission.as_os_str(), "--json".as_ref(), json.as_os_str()];
    let graded = gamekit_command(Isolation::Users, &args).env("GAMEKIT_LANDLOCK", "off").output().expect("gamekit");
    assert!(graded.status.success(), "grading failed: {}", String::from_utf8_lossy(&graded.stderr));
    let open: Report = serde_json::from_slice(&std::fs::read(&json).expect("the report")).expect("a report");
    assert_eq!(open.without.as_deref(), Some("turned off by GAMEKIT_LANDLOCK=off"));
    let text = open.text(gamekit::grade::Style { width: 1000, verbose: false, colour: false });
    assert!(text.contains("without Landlock (turned off by GAMEKIT_LANDLOCK=off)"), "{text}");
    let opened = opened(&open);
    // A shared temporary folder written ("/tmp", unless a kit cloned there has it mounted over).
    for what in ["wrote /", "read /etc/passwd", "/kit/crates/probe/Cargo.toml"] {
        assert!(opened.iter().any(|opened| opened.contains(what)), "without Landlock, {what}: {opened:?}");
    }
    assert_eq!(open.score, 0.0);
}

/// What of `text` acts rather than shows ([`gamekit::testkit::acts`]), but a line break or a
/// tab.
fn acts(text: &str) -> Vec<char> {
    text.chars().filter(|&c| gamekit::testkit::acts(c) && c != '\n' && c != '\t').collect()
}

/// The strings of a JSON value, all of them.
fn json_strings(value: &serde_json::Value, found: &mut Vec<String>) {
    match value {
        serde_json::Value::String(text) => found.push(text.clone()),
        serde_json::Value::Array(values) => values.iter().for_each(|value| json_strings(value, found)),
        serde_json::Value::Object(map) => {
            for (key, value) in map {
                found.push(key.clone());
                json_strings(value, found);
            }
        }
        _ => {}
    }
}

/// Asserts that nothing in the files under `dir` (their names included; the submissions'
/// kept sources, their own code, left out) acts: text as it is, JSON as its strings read.
fn assert_nothing_acts_in(dir: &Path, isolation: Isolation) {
    for entry in std::fs::read_dir(dir).expect("a folder of the class").flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        assert_eq!(acts(&name), [], "{isolation:?}: the name {path:?}");
        if path.is_dir() {
            if name != "sources" {
                assert_nothing_acts_in(&path, isolation);
            }
            continue;
        }
        let text = String::from_utf8_lossy(&std::fs::read(&path).expect("a file of the class")).into_owned();
        let mut strings = vec![text.clone()];
        if name.ends_with(".json") {
            json_strings(&serde_json::from_str(&text).expect("JSON"), &mut strings);
        }
        for text in strings {
            assert_eq!(acts(&text), [], "{isolation:?}: {path:?} holds {text:?}");
        }
    }
}

/// A submission whose folder's name, package name, panic messages and program output hold
/// every character that acts ([`acting`]): graded alone and in a batch, in bubblewrap and
/// as users of their own, none of them reaches the terminal (the command's output), a
/// report, the gradebook, the summary, the class page, a similar pair's page, or the
/// Gradescope and Classroom results as itself, only as an escape (`\e`): the one gate.
#[test]
#[cfg_attr(no_bubblewrap, ignore = "bubblewrap cannot make namespaces here (seen when the checks were built)")]
#[cfg_attr(not(no_bubblewrap), ignore = "full tier: cargo test --workspace -- --include-ignored")]
fn no_byte_a_submission_brings_reaches_a_terminal_a_report_or_a_sheet_as_itself() {
    require_bubblewrap();
    let _one = one_at_a_time();
    let all: String = gamekit::testkit::acting().collect();
    let in_source: String = gamekit::testkit::acting().map(|c| format!("\\u{{{:x}}}", c as u32)).collect();
    let spoken = format!(
        "{{\n        let all = \"{in_source}\";\n        print!(\"{{all}}\");\n        eprint!(\"{{all}}\");\n        \
         panic!(\"{{all}}\")\n    }}"
    );
    // Code of its own, long enough to be a similar pair's with a copy, a comment of it raw.
    let own = "pub fn tangle(seed: u64) -> u64 {\n    let (mut x, mut total) = (seed, 0u64);\n    \
               for round in 0..17 {\n        x ^= x << 13;\n        x ^= x >> 7;\n        x ^= x << 17; \
               // \u{1b}]0;retitled\u{7}\u{1b}[2J\n        total = total.wrapping_add(x.rotate_left(round) ^ 0x9e37);\n        \
               if total % 3 == 0 { total /= 3 } else { total = total.wrapping_mul(5) }\n    }\n    total\n}\n";
    let eve = hostile_handout(
        "tictactoe",
        "acting",
        &[
            ("src/lib.rs", "mod provided;", "mod provided;\npub mod own;"),
            ("src/lib.rs", "todo!(\"computer_move(board = {board:?}, computer = {computer:?})\")", &spoken),
            ("src/lib.rs", "todo!(\"play(console = {console:?}, computer = {computer:?})\")", &spoken),
        ],
        &[("src/own.rs", own)],
    );
    let plain = hostile_handout("tictactoe", "acting-plain", &[], &[]);
    // Every byte a file's name may hold (not NUL, not `/`).
    let named = |name: &str| format!("{name}{}", all.replace('\0', ""));
    for isolation in isolations() {
        let root = Path::new(KIT).join("target").join("hostile").join(format!("acting-{isolation:?}"));
        let _ = std::fs::remove_dir_all(&root);
        let (class, out) = (root.join("class"), root.join("graded"));
        std::fs::create_dir_all(&class).expect("a class");
        let copy = |from: &Path, to: &Path| {
            let status = std::process::Command::new("cp").arg("-r").arg(from).arg(to).status().expect("cp");
            assert!(status.success(), "copied");
        };
        let (one, two) = (class.join(named("eve")), class.join(named("eve two")));
        copy(&eve, &one);
        copy(&eve, &two);
        // A package named with them, in TOML's escapes; and one raw, which is not TOML.
        let (named_so, raw) = (class.join(named("frank")), class.join(named("grace")));
        // The handout itself: its code shared by four of four would be the class's own.
        copy(&plain, &named_so);
        copy(&plain, &raw);
        let manifest = std::fs::read_to_string(eve.join("Cargo.toml")).expect("a manifest");
        let escaped: String = all.chars().map(|c| format!("\\U{:08X}", c as u32)).collect();
        let names = |name: &str| manifest.replacen("name = \"tictactoe\"", &format!("name = \"{name}\""), 1);
        std::fs::write(named_so.join("Cargo.toml"), names(&format!("tictactoe{escaped}"))).expect("a manifest");
        std::fs::write(raw.join("Cargo.toml"), names(&format!("tictactoe{all}"))).expect("a manifest");

        let mut said = Vec::new();
        let run = |args: &[&std::ffi::OsStr], said: &mut Vec<String>| {
            let ran = gamekit_command(isolation, args).output().expect("gamekit runs");
            said.push(String::from_utf8_lossy(&ran.stdout).into_owned() + &String::from_utf8_lossy(&ran.stderr));
            ran.status.code()
        };
        let results = ["report.json", "gradescope.json", "classroom.json"].map(|name| root.join(name));
        let alone = |submission: &Path, said: &mut Vec<String>| {
            let args = [
                "grade".as_ref(),
                "tictactoe".as_ref(),
                submission.as_os_str(),
                "--json".as_ref(),
                results[0].as_os_str(),
                "--gradescope".as_ref(),
                results[1].as_os_str(),
                "--classroom".as_ref(),
                results[2].as_os_str(),
            ];
            let code = run(&args, said);
            let mut strings = Vec::new();
            for result in results.iter().filter(|result| result.exists()) {
                let value = serde_json::from_slice(&std::fs::read(result).expect("a result")).expect("JSON");
                json_strings(&value, &mut strings);
                std::fs::remove_file(result).expect("removed");
            }
            (code, strings)
        };
        let (code, strings) = alone(&one, &mut said);
        assert_eq!(code, Some(0), "{isolation:?}: graded: {said:?}");
        assert!(strings.len() > 20, "{isolation:?}: the results: {strings:?}");
        for text in strings.iter().chain(&said) {
            assert_eq!(acts(text), [], "{isolation:?}: alone, {text:?}");
        }
        assert!(said[0].contains("\\x1a\\e\\x1c"), "{isolation:?}: the panic is shown, escaped: {}", said[0]);
        for wrong in [&named_so, &raw] {
            let (code, strings) = alone(wrong, &mut said);
            assert_eq!(code, Some(2), "{isolation:?}: not graded: {said:?}");
            for text in strings.iter().chain(said.last()) {
                assert_eq!(acts(text), [], "{isolation:?}: alone, {text:?}");
            }
        }
        assert!(said[1].contains("tictactoe\\0\\x01"), "{isolation:?}: the package is named, escaped: {}", said[1]);

        said.clear();
        let args = ["grade".as_ref(), "tictactoe".as_ref(), "--batch".as_ref(), class.as_os_str(), "--out".as_ref()];
        let code = run(&[&args[..], &[out.as_os_str(), "-j".as_ref(), "2".as_ref()]].concat(), &mut said);
        assert_eq!(code, Some(0), "{isolation:?}: the batch said {said:?}");
        assert_eq!(acts(&said[0]), [], "{isolation:?}: the batch said {:?}", said[0]);
        assert_nothing_acts_in(&out, isolation);
        let gradebook = std::fs::read_to_string(out.join("gradebook.csv")).expect("the gradebook");
        assert!(gradebook.contains("eve\\x01\\x02"), "{isolation:?}: the ids are shown, escaped:\n{gradebook}");
        assert_eq!(gradebook.matches("not graded: ").count(), 2, "{isolation:?}: frank and grace:\n{gradebook}");
        let pages = std::fs::read_dir(out.join("similarity")).map_or(0, |pages| pages.count());
        assert!(pages > 0, "{isolation:?}: eve and eve two are a similar pair, with a page");
        let _ = std::fs::remove_dir_all(&root);
    }
}

/// Processes of a probe's own: four copies of the probe program, each holding 400 MiB (under
/// the limit of 1 GiB each process has), at once.
const HOGS: &str = r#"
#[used]
#[unsafe(link_section = ".init_array")]
static HOG: extern "C" fn() = hog_at_start;

extern "C" fn hog_at_start() {
    if std::env::var_os("GAMEKIT_HOSTILE_HOG").is_some() {
        let hoard = std::hint::black_box(vec![1u8; 400 << 20]);
        std::thread::sleep(std::time::Duration::from_millis(200));
        drop(hoard);
        std::process::exit(0);
    }
}

/// How each of the four ended.
pub fn hogs() -> String {
    let exe = std::env::current_exe().unwrap_or_default();
    let started: Vec<_> = (0..4)
        .filter_map(|_| std::process::Command::new(&exe).env("GAMEKIT_HOSTILE_HOG", "1").spawn().ok())
        .collect();
    let ended = started.into_iter().map(|mut hog| hog.wait().map_or_else(|error| error.to_string(), |status| status.to_string()));
    ended.collect::<Vec<_>>().join(", ")
}
"#;

/// A test's memory is limited in all of its processes together where the grader can make
/// cgroups (root, with the memory controller), in both modes: a probe whose four processes
/// hold 1.6 GiB in all, each under the limit of 1 GiB a process, is stopped at the memory
/// limit (1 GiB, and the judge's share of 256 MiB), and the report says memory was limited in
/// all. With `GAMEKIT_CGROUP=off` (the check without its fix) all four run to their end, and
/// the report says per process.
#[test]
#[cfg_attr(not_root, ignore = "cgroups need the checks run as root")]
#[cfg_attr(not(not_root), ignore = "full tier: cargo test --workspace -- --include-ignored")]
fn a_tests_processes_share_one_memory_limit() {
    let _one = one_at_a_time();
    let submission = hostile_handout(
        "tictactoe",
        "hogs",
        &[
            ("src/lib.rs", "mod provided;", "mod provided;\nmod hostile;"),
            (
                "src/lib.rs",
                "todo!(\"computer_move(board = {board:?}, computer = {computer:?})\")",
                "let ended = hostile::hogs();\n    todo!(\"hogs ended: {ended};\")",
            ),
        ],
        &[("src/hostile.rs", HOGS)],
    );
    for isolation in isolations() {
        let graded = |cgroup: &str| {
            // Ten seconds rather than the rubric's two: the four fill their memory on the
            // test's one core, which on a loaded machine took longer than two seconds to
            // reach the limit, and this checks the memory limit, not the time limit.
            one_test_graded(
                isolation,
                &submission,
                &format!("hogs-{isolation:?}-{cgroup}"),
                10,
                &[("GAMEKIT_CGROUP", cgroup)],
            )
        };
        let limited = graded("on");
        assert_eq!(limited.memory_per_process, None, "{isolation:?}: no cgroup was made");
        assert_eq!(limited.tests.len(), 1);
        for test in &limited.tests {
            assert_eq!(test.explanation, "stopped at the memory limit of 1024 MiB", "{isolation:?}");
        }
        let apart = graded("off");
        assert_eq!(apart.memory_per_process.as_deref(), Some("turned off by GAMEKIT_CGROUP=off"));
        let text = apart.text(gamekit::grade::Style { width: 1000, verbose: false, colour: false });
        assert!(text.contains("Memory was limited per process only (turned off by GAMEKIT_CGROUP=off)."), "{text}");
        let ran_to_the_end =
            "not implemented yet: hogs ended: exit status: 0, exit status: 0, exit status: 0, exit status: 0;";
        for test in &apart.tests {
            assert_eq!(test.explanation, ran_to_the_end, "{isolation:?}: per process");
        }
        assert_eq!(sandbox_processes(), Vec::<String>::new(), "{isolation:?}: processes were left behind");
    }
}

/// A probe whose threads spin without end, as many as it can start: each test's judge and
/// probe are kept to one core, the grader's thread that watches the test with them, and
/// the spinning threads must not keep it from stopping the test at its limit.
const SPINNERS: &str = r#"
/// Starts 64 threads that spin for ever (with small stacks, under the address space's
/// limit), then spins too.
pub fn spin() -> ! {
    for _ in 0..64 {
        let _ = std::thread::Builder::new().stack_size(64 << 10).spawn(|| loop {
            std::hint::spin_loop();
        });
    }
    loop {
        std::hint::spin_loop();
    }
}
"#;

/// Threads that take all of a test's core are stopped at the test's limit all the same, in
/// both modes, and leave no process behind.
#[test]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn threads_spinning_on_the_tests_core_are_stopped_at_its_limit() {
    let _one = one_at_a_time();
    let submission = hostile_handout(
        "tictactoe",
        "spinners",
        &[
            ("src/lib.rs", "mod provided;", "mod provided;\nmod hostile;"),
            ("src/lib.rs", "todo!(\"computer_move(board = {board:?}, computer = {computer:?})\")", "hostile::spin()"),
        ],
        &[("src/hostile.rs", SPINNERS)],
    );
    for isolation in isolations() {
        let report = one_test_graded(isolation, &submission, &format!("spinners-{isolation:?}"), 2, &[]);
        assert_eq!(report.tests.len(), 1, "{isolation:?}");
        for test in &report.tests {
            assert_eq!(test.status, Status::TimedOut, "{isolation:?}: {}", test.explanation);
            assert!(test.seconds < 3.0, "{isolation:?}: stopped after {:.2} s, its limit 2 s", test.seconds);
        }
        assert_eq!(sandbox_processes(), Vec::<String>::new(), "{isolation:?}: processes were left behind");
    }
}
