//! The harnesses: generated packages that compile the submission's crate into the
//! assignment's probe, in the sandbox (`target/grade/<assignment>-<hash of the submission's
//! path>/`, [`Place`], with its own target directory), and the assignment's suite into its
//! judge, with the engines, the testkit and the suites' own dependencies, outside it
//! (`target/grade/judge-<assignment>/`, once per kit; the judges share one target
//! directory). `fixtures` in the judge's harness links to the kit's, so the suite finds its
//! fixtures where `cargo test` finds them.

use super::cargo::{compile_failure, compiled_libraries, errors, executable};
use super::once::{self, Once};
use super::package::{PROBE, Side, remote_crate, write_harness};
use super::place::Place;
use super::probe_crate::{seed, shared_probe};
use super::toolchain::{Toolchain, cargo_sandbox, fetch, give};
use crate::sandbox::{Isolation, Limits};
use crate::{GradeError, Rubric};
use cargo_metadata::TargetKind;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A suite compiled against a submission.
#[derive(Debug, Clone)]
pub struct Built {
    /// The test executable of the suite: its judge.
    pub test_binary: PathBuf,
    /// Its package's directory (the tests' working directory).
    pub dir: PathBuf,
    /// Where the submission's programs were built.
    pub programs: PathBuf,
    /// The probe linked with the submission.
    pub probe: PathBuf,
    /// The group whose users may read what was built (where sandboxes are users of their own).
    pub group: u32,
    /// The seccomp filter's launcher, which every sandbox runs its program through.
    pub confine: PathBuf,
    /// The grader's own temporary folder (the judge's `TMPDIR`).
    pub tmp: PathBuf,
    /// Where each test's probe gets a temporary folder of its own ([`Place::probes`]).
    pub probes: PathBuf,
    /// The libraries Cargo compiled for the probe (those it found built are not among them):
    /// what shows that the kit's probe crate was not compiled again.
    pub compiled: Vec<String>,
}

/// Builds the submission's probe from the copy in `crate_dir`, and the assignment's judge:
/// `Ok(Ok(built))`, or `Ok(Err(errors))` with the compiler's messages when the submission
/// does not compile.
///
/// The probe (the remote crate's `probe/`, linked with the submission) and the submission's
/// programs are built in the sandbox, `--offline --locked`, seeing the toolchain read-only,
/// the copy (the submission's crate, the handout's `cin`, the probe's crates) and only this
/// harness writable, as the harness's own user when the grader is root. Its lock file is
/// fitted beforehand, outside the sandbox, from the kit's and the handout's manifests only.
/// The judge (the suite, linked with the remote crate, never with the submission) is built
/// outside the sandbox, once per kit.
///
/// # Errors
/// [`GradeError`] when the assignment has no remote crate, the harness cannot be written or
/// Cargo cannot run.
pub fn build(
    kit: &Path,
    rubric: &Rubric,
    crate_dir: &Path,
    place: &Place,
    isolation: Isolation,
) -> Result<Result<Built, String>, GradeError> {
    remote_crate(kit, &rubric.assignment)
        .ok_or_else(|| GradeError::Harness(format!("{} has no judge (crates/remote/{0})", rubric.assignment)))?;
    let toolchain = Toolchain::find()?;
    if isolation == Isolation::Users
        && let Err(why) = crate::sandbox::sysroot()
    {
        return Err(GradeError::Harness(format!(
            "users of their own need a Rust toolchain every user can read and only root can change, and \
             this one is not ({why}; rustup's default, in root's home, is not readable): install it \
             elsewhere, as RUSTUP_HOME=/usr/local/rustup CARGO_HOME=/usr/local/cargo do, and put its bin/ \
             first on the PATH"
        )));
    }
    let scratch = place.dir.parent().unwrap_or(&place.dir);
    let probe = shared_probe(kit, scratch, &toolchain, isolation, &place.tmp)?;
    let side = Side::Probe { submission: crate_dir, work: &place.work, probe: &probe.crate_dir() };
    write_harness(kit, rubric, side, &place.dir, &place.package)?;
    fetch(&toolchain, &place.dir, &place.tmp)?;
    let kit_stamp = once::kit_stamp(kit);
    let confine = build_confine(kit, place, &toolchain, &kit_stamp)?;
    // Built apart, per harness: a program left by another submission must never stand in
    // for a missing one. Only the kit's probe crate comes in already built.
    let programs_target = place.dir.join("target");
    seed(&probe.template(), &programs_target)
        .map_err(GradeError::io(format!("cannot copy the probe crate's build into {}", programs_target.display())))?;
    // In `/`, told its manifest, as the kit's own builds are: so that Cargo reads no
    // configuration from the folders above the harness (the kit's own, when the harness is
    // in its `target/grade/`), and builds the probe crate as its template was built.
    let mut sandbox = cargo_sandbox(isolation, Path::new("/"), &place.dir, &toolchain)
        .confined(&confine)
        .writable(&place.dir)
        .read_only(&place.work)
        .read_only(&probe.kit());
    if crate::sandbox::is_root() {
        // The harness and the copy become its builds' own user's, readable by its tests'
        // group only: a build runs as that user, never as the grader's.
        for dir in [&place.dir, &place.work] {
            give(dir, place.user).map_err(GradeError::io(format!("cannot give {} to its user", dir.display())))?;
        }
        sandbox = sandbox.as_user(place.user).in_group(place.user);
    }
    let mut args: Vec<OsString> =
        ["build", "--bins", "--package", &rubric.package, "--package", &place.package].map(OsString::from).into();
    args.extend(["--manifest-path".into(), place.dir.join("Cargo.toml").into()]);
    args.extend(["--offline", "--locked", "--quiet", "--message-format=json", "--target-dir"].map(OsString::from));
    args.push(programs_target.clone().into());
    let built = sandbox
        .run(&toolchain.cargo_in(isolation), &args, b"", Limits::build())
        .map_err(GradeError::io("cannot run cargo in the sandbox"))?;
    if let Some(errors) = compile_failure(&built)? {
        return Ok(Err(errors));
    }
    let programs = programs_target.join("debug");
    let (test_binary, dir) = build_judge(kit, rubric, place, &toolchain, &kit_stamp)?;
    let compiled = compiled_libraries(&built.stdout);
    let (tmp, probes, group) = (place.tmp.clone(), place.probes.clone(), place.user);
    Ok(Ok(Built { test_binary, dir, probe: programs.join(PROBE), programs, group, confine, tmp, probes, compiled }))
}

/// The seccomp filter's launcher (`crates/confine`), built outside the sandbox (it is the
/// kit's code only) into the judges' target directory, once per kit, and tried once: a
/// kernel that refuses the filter is an error here, not a crash in every test. Once per
/// process for the kit as it is (`kit_stamp`, [`once`]).
fn build_confine(kit: &Path, place: &Place, toolchain: &Toolchain, kit_stamp: &[u8]) -> Result<PathBuf, GradeError> {
    static BUILT: Once<PathBuf> = Once::new();
    let target = place.shared_target.as_os_str().as_encoded_bytes();
    let inputs = once::inputs([kit_stamp, target, toolchain.cargo_id()]);
    BUILT.get_or_run(inputs, |launcher| launcher.is_file(), || build_confine_now(kit, place, toolchain))
}

fn build_confine_now(kit: &Path, place: &Place, toolchain: &Toolchain) -> Result<PathBuf, GradeError> {
    const NAME: &str = "gamekit-confine";
    let output = toolchain
        .outside(&place.tmp)
        .args(["build", "--quiet", "--locked", "--message-format=json", "--package", NAME, "--manifest-path"])
        .arg(kit.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&place.shared_target)
        .output()
        .map_err(GradeError::io("cannot run cargo (is Rust installed?)"))?;
    let Some(launcher) = executable(&output.stdout, NAME, TargetKind::Bin).filter(|_| output.status.success()) else {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(GradeError::Harness(format!("the kit's {NAME} does not build:\n{stderr}")));
    };
    static TRIED: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    let tried = TRIED.get_or_init(|| {
        let ran = Command::new(&launcher)
            .arg(crate::sandbox::system_program("true"))
            .current_dir("/")
            .output()
            .map_err(|error| error.to_string())?;
        ran.status.success().then_some(()).ok_or_else(|| String::from_utf8_lossy(&ran.stderr).trim().to_owned())
    });
    match tried {
        Ok(()) => Ok(launcher),
        Err(why) => Err(GradeError::Harness(format!(
            "submitted code cannot be confined here ({why}): gamekit needs Linux with seccomp filters"
        ))),
    }
}

/// The assignment's judge: its suite linked with its remote crate, built outside the
/// sandbox (it is the kit's code only) in `target/grade/judge-<assignment>/`, once per kit.
/// Its test executable, and that directory (the tests' working directory). Once per process
/// for the kit as it is (`kit_stamp`, [`once`]).
fn build_judge(
    kit: &Path,
    rubric: &Rubric,
    place: &Place,
    toolchain: &Toolchain,
    kit_stamp: &[u8],
) -> Result<(PathBuf, PathBuf), GradeError> {
    static BUILT: Once<(PathBuf, PathBuf)> = Once::new();
    let target = place.shared_target.as_os_str().as_encoded_bytes();
    let inputs = once::inputs([kit_stamp, rubric.assignment.as_bytes(), target, toolchain.cargo_id()]);
    BUILT.get_or_run(inputs, |(judge, _)| judge.is_file(), || build_judge_now(kit, rubric, place, toolchain))
}

fn build_judge_now(
    kit: &Path,
    rubric: &Rubric,
    place: &Place,
    toolchain: &Toolchain,
) -> Result<(PathBuf, PathBuf), GradeError> {
    let dir = place.shared_target.with_file_name(format!("judge-{}", rubric.assignment));
    write_harness(kit, rubric, Side::Judge, &dir, &format!("gamekit-judge-{}", rubric.assignment))?;
    let output = toolchain
        .outside(&place.tmp)
        .args(["test", "--no-run", "--quiet", "--message-format=json", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&place.shared_target)
        .output()
        .map_err(GradeError::io("cannot run cargo (is Rust installed?)"))?;
    if !output.status.success() {
        let errors = errors(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(GradeError::Harness(format!("the kit's judge does not build:\n{}{stderr}", errors.concat())));
    }
    let test_binary = executable(&output.stdout, &rubric.assignment, TargetKind::Test)
        .ok_or_else(|| GradeError::Harness(format!("cargo built no judge named '{}'", rubric.assignment)))?;
    Ok((test_binary, dir))
}

/// Checks that the crate in `submission` is a package named `package`.
///
/// # Errors
/// [`GradeError::WrongPackage`] when it has another name, or none.
pub fn check_package(submission: &Path, package: &str) -> Result<(), GradeError> {
    let path = submission.join("Cargo.toml");
    let text = crate::intake::locate::read_manifest(&path)
        .map_err(GradeError::io(format!("cannot read {}", path.display())))?;
    let manifest: toml::Table =
        text.parse().map_err(|error| GradeError::Harness(format!("{}: {error}", path.display())))?;
    let name = manifest.get("package").and_then(|package| package.get("name")).and_then(toml::Value::as_str);
    match name {
        Some(name) if name == package => Ok(()),
        name => Err(GradeError::WrongPackage {
            path,
            found: name.unwrap_or("(no package)").to_owned(),
            expected: package.to_owned(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new harness compiles the submission (and the handout's console), never the kit's
    /// probe crate: that was built once, and its build copied in is found fresh.
    #[test]
    fn a_new_harness_compiles_the_submission_but_not_the_kits_probe_crate() {
        let kit = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("the kit");
        let rubric = Rubric::load(&kit, "tictactoe").expect("tictactoe's rubric");
        let upload = crate::scratch("harness-shared-probe");
        let submission = upload.join("tictactoe");
        let copied =
            std::process::Command::new("cp").arg("-r").arg(kit.join("solution/tictactoe")).arg(&upload).status();
        assert!(copied.is_ok_and(|status| status.success()), "the solution copied");
        let isolation = Isolation::detect();
        let place = Place::of(&kit, "tictactoe", &submission, isolation).expect("its place");
        let intake = crate::intake::sources::take(&kit, &rubric.package, &submission, &place.work).expect("taken in");
        let built = build(&kit, &rubric, &intake.crate_dir, &place, isolation).expect("built").expect("compiled");
        for dir in [&place.dir, &place.work, &upload] {
            let _ = std::fs::remove_dir_all(dir);
        }
        assert!(built.compiled.contains(&"tictactoe".to_owned()), "compiled: {:?}", built.compiled);
        assert!(!built.compiled.contains(&"gamekit_probe".to_owned()), "compiled: {:?}", built.compiled);
    }
}
