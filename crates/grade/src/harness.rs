//! The harnesses: generated packages that compile the submission's crate into the
//! assignment's probe, in the sandbox (`target/grade/<assignment>-<hash of the submission's
//! path>/`, [`Place`], with its own target directory), and the assignment's suite into its
//! judge, with the engines, the testkit and the suites' own dependencies, outside it
//! (`target/grade/judge-<assignment>/`, once per kit; the judges share one target
//! directory). `fixtures` in the judge's harness links to the kit's, so the suite finds its
//! fixtures where `cargo test` finds them.

use crate::sandbox::{Isolation, Limits, Ran, Sandbox};
use crate::{GradeError, Rubric};
use serde::Serialize;
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
    #[cfg_attr(not(test), expect(dead_code, reason = "read by the check that the probe crate is built once"))]
    pub compiled: Vec<String>,
}

/// Where a submission is graded: its harness package (its directory and name), the copy of
/// its crate, and the target directory the judges share.
///
/// Cargo names what it builds from a package's name and its path relative to its
/// workspace: so each harness has a name of its own, and each copy a path of its own
/// outside its harness, or one submission's build could stand in for another's.
#[derive(Debug, Clone)]
pub struct Place {
    pub dir: PathBuf,
    pub package: String,
    pub work: PathBuf,
    pub shared_target: PathBuf,
    /// The user (and group) its builds run as where sandboxes are users of their own; its
    /// tests' users are in that group, to read what it built.
    pub user: u32,
    /// The grader's own temporary folder (`TMPDIR` of every program it runs outside a
    /// sandbox), which no other user may enter.
    pub tmp: PathBuf,
    /// Where each test's probe, as a user of its own, gets a temporary folder of its own.
    pub probes: PathBuf,
}

impl Place {
    /// `<assignment>-<hash of the submission's path>/` in the [`scratch`] folder, and the
    /// copy in `work/<the same>/` there; the judges' target directory in the kit's
    /// `target/grade/`.
    ///
    /// # Errors
    /// When the scratch folder cannot be made safely.
    pub fn of(kit: &Path, assignment: &str, submission: &Path, isolation: Isolation) -> Result<Place, GradeError> {
        let scratch = scratch(kit, isolation)?;
        let tmp = grader_tmp(&scratch)?;
        let probes = scratch.join("probes");
        use std::os::unix::fs::DirBuilderExt;
        let made = std::fs::DirBuilder::new().recursive(true).mode(0o711).create(&probes);
        made.map_err(GradeError::io(format!("cannot make {}", probes.display())))?;
        let hash = crate::hash::stable(submission.as_os_str().as_encoded_bytes());
        let id = format!("{assignment}-{hash:016x}");
        Ok(Place {
            dir: scratch.join(&id),
            package: format!("gamekit-grade-{id}"),
            work: scratch.join("work").join(&id),
            shared_target: kit.join("target").join("grade").join("target"),
            user: crate::users::harness_user(&scratch.join(&id)),
            tmp,
            probes,
        })
    }
}

/// Where harnesses and copies of submissions go: the kit's `target/grade/`, or, where
/// sandboxes are users of their own, a folder of the grader's in
/// [`SCRATCH`](crate::places::SCRATCH) (or the folder
/// `GAMEKIT_SCRATCH` names): `gamekit-<hash of the kit's path>/`. Those users must reach
/// their harness, and nothing of the kit: the kit may lie where they cannot pass (a home of
/// mode 700), and is made so ([`protect_kit`](crate::sandbox::protect_kit)).
///
/// Never under a folder that others may write (`/tmp` is one): root runs Cargo on the
/// harnesses, and Cargo, like rustup, reads configuration from every folder above the one
/// it starts in. A submission's code could put one there, naming a program of its own.
///
/// # Errors
/// When that folder cannot be made, or is there already but another user's or writable by
/// others, or a folder above it is (then the message says what to change).
pub fn scratch(kit: &Path, isolation: Isolation) -> Result<PathBuf, GradeError> {
    if isolation != Isolation::Users {
        return Ok(kit.join("target").join("grade"));
    }
    scratch_in(&crate::places::scratch_base(), kit)
}

/// [`scratch`] in `base`: made if missing, refused unless it and every folder above it are
/// root's (or the grader's) and closed to writing by others.
fn scratch_in(base: &Path, kit: &Path) -> Result<PathBuf, GradeError> {
    use std::os::unix::fs::DirBuilderExt;
    // Others may pass through to their harness, never list or write.
    let made = std::fs::DirBuilder::new().recursive(true).mode(0o711).create(base);
    made.map_err(GradeError::io(format!("cannot make {}", base.display())))?;
    crate::places::trusted(base).map_err(|why| {
        GradeError::Harness(format!(
            "{why}: set GAMEKIT_SCRATCH to a folder that only root may write, and every folder above it, \
             where gamekit keeps what users of their own build and run"
        ))
    })?;
    private_folder(base, kit)
}

/// The grader's own temporary folder in `scratch`, which no other user may enter: the
/// `TMPDIR` of every program the grader runs outside a sandbox (Cargo and rustc write
/// theirs there), so that none of them opens a name in a folder others may write.
fn grader_tmp(scratch: &Path) -> Result<PathBuf, GradeError> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
    let tmp = scratch.join("tmp");
    let made = std::fs::DirBuilder::new().recursive(true).mode(0o700).create(&tmp);
    made.map_err(GradeError::io(format!("cannot make {}", tmp.display())))?;
    let metadata = std::fs::symlink_metadata(&tmp).map_err(GradeError::io(format!("cannot open {}", tmp.display())))?;
    if !metadata.is_dir() || metadata.uid() != nix::unistd::geteuid().as_raw() {
        return Err(GradeError::Harness(format!("{} is not a folder of the grader's: remove it", tmp.display())));
    }
    if metadata.mode() & 0o077 != 0 {
        std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o700))
            .map_err(GradeError::io(format!("cannot close {} to other users", tmp.display())))?;
    }
    Ok(tmp)
}

/// `gamekit-<hash of the kit's path>/` in `base`, made or found a folder of this user's
/// that no one else may write.
fn private_folder(base: &Path, kit: &Path) -> Result<PathBuf, GradeError> {
    let dir = base.join(format!("gamekit-{:016x}", crate::hash::stable(kit.as_os_str().as_encoded_bytes())));
    let unsafe_scratch = |why: &str| {
        GradeError::Harness(format!(
            "{} {why}: remove it, or set GAMEKIT_SCRATCH to a folder only root may write, where gamekit keeps \
             what users of their own build and run",
            dir.display()
        ))
    };
    use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
    // Others may pass through, never list or write.
    let made = std::fs::DirBuilder::new().mode(0o711).create(&dir);
    if let Err(error) = made
        && error.kind() != std::io::ErrorKind::AlreadyExists
    {
        return Err(GradeError::io(format!("cannot make {}", dir.display()))(error));
    }
    let metadata = std::fs::symlink_metadata(&dir).map_err(GradeError::io(format!("cannot open {}", dir.display())))?;
    if !metadata.is_dir() || metadata.uid() != nix::unistd::geteuid().as_raw() {
        return Err(unsafe_scratch("is not a folder of this user's"));
    }
    if metadata.permissions().mode() & 0o022 != 0 {
        return Err(unsafe_scratch("may be written by other users"));
    }
    Ok(dir)
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
    let confine = build_confine(kit, place, &toolchain)?;
    // Built apart, per harness: a program left by another submission must never stand in
    // for a missing one. Only the kit's probe crate comes in already built.
    let programs_target = place.dir.join("target");
    seed(&probe.template(), &programs_target)
        .map_err(GradeError::io(format!("cannot copy the probe crate's build into {}", programs_target.display())))?;
    let mut sandbox = cargo_sandbox(isolation, &place.dir, &place.dir, &toolchain)
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
    args.extend(["--offline", "--locked", "--quiet", "--message-format=json", "--target-dir"].map(OsString::from));
    args.push(programs_target.clone().into());
    let built = sandbox
        .run(&toolchain.cargo_in(isolation), &args, b"", Limits::build())
        .map_err(GradeError::io("cannot run cargo in the sandbox"))?;
    if let Some(errors) = compile_failure(&built)? {
        return Ok(Err(errors));
    }
    let programs = programs_target.join("debug");
    let (test_binary, dir) = build_judge(kit, rubric, place, &toolchain)?;
    let compiled = json_messages(&built.stdout)
        .filter(|message| message["reason"] == "compiler-artifact" && message["fresh"] == false)
        .filter(|message| {
            message["target"]["kind"].as_array().is_some_and(|kinds| kinds.iter().any(|kind| kind == "lib"))
        })
        .filter_map(|message| message["target"]["name"].as_str().map(str::to_owned))
        .collect();
    let (tmp, probes, group) = (place.tmp.clone(), place.probes.clone(), place.user);
    Ok(Ok(Built { test_binary, dir, probe: programs.join(PROBE), programs, group, confine, tmp, probes, compiled }))
}

/// A sandbox for Cargo working in `cwd`, its environment alone: its home out of the way, the
/// toolchain [exposed](Toolchain::expose), and as root its Cargo home inside the target of
/// the build in `dir`, out of the way of the configuration Cargo reads where root runs it. A
/// harness's build and the probe crate's template are built in the same environment, so that
/// Cargo finds the template's build fresh in the harness.
fn cargo_sandbox(isolation: Isolation, cwd: &Path, dir: &Path, toolchain: &Toolchain) -> Sandbox {
    // Its temporary files (rustc's) in the build's own target, the one place it may write.
    let mut sandbox = Sandbox::new(isolation, cwd)
        .env("HOME", "/tmp")
        .env("TMPDIR", dir.join("target"))
        .env("CARGO_TERM_COLOR", "never");
    if crate::sandbox::is_root() {
        sandbox = sandbox.env("CARGO_HOME", dir.join("target").join("cargo-home"));
    }
    toolchain.expose(sandbox, isolation)
}

/// The kit's probe crate (`crates/probe`), compiled once for every harness.
///
/// Every probe links it, optimised; compiled in each harness, it was a third of a probe's
/// build. So it is copied once to a folder of its own, named by the hash of its sources
/// (`<scratch>/probe-<hash>/kit/crates/probe`, which sandboxes see read-only), and compiled
/// there once into a template target (`template/`), outside the sandbox (it is the kit's code
/// alone) but in a sandbox's environment; each new harness's target starts as a copy of the
/// template's build ([`seed`]), which Cargo finds fresh, since the crate is at the same path
/// and built the same way. Where Cargo does not (another toolchain, say), it compiles the
/// crate in the harness as before: never wrong, only slower.
struct SharedProbe {
    dir: PathBuf,
}

impl SharedProbe {
    /// What sandboxes see of it: the copy, in a workspace of its own (so that Cargo looking
    /// for the crate's workspace stops there).
    fn kit(&self) -> PathBuf {
        self.dir.join("kit")
    }

    fn crate_dir(&self) -> PathBuf {
        self.kit().join("crates").join("probe")
    }

    /// The template's build, which harnesses start from.
    fn template(&self) -> PathBuf {
        self.dir.join("template").join("target").join("debug")
    }
}

/// The [`SharedProbe`] of the kit's probe crate as it is now: copied if new (whole or not at
/// all: written elsewhere, then renamed into place), its template built if stale.
fn shared_probe(
    kit: &Path,
    scratch: &Path,
    toolchain: &Toolchain,
    isolation: Isolation,
    tmp: &Path,
) -> Result<SharedProbe, GradeError> {
    let source = kit.join("crates").join("probe");
    let mut files = Vec::new();
    let mut hashed = Vec::new();
    for entry in crate::walk::all(&source) {
        let entry = entry.map_err(|error| GradeError::Harness(format!("cannot read {}: {error}", source.display())))?;
        let relative = entry.path().strip_prefix(&source).unwrap_or(entry.path()).to_owned();
        // The kit's own files, links to them read as the file they lead to (the walk's policy).
        if !entry.file_type().is_dir() {
            let bytes = std::fs::read(entry.path())
                .map_err(GradeError::io(format!("cannot read {}", entry.path().display())))?;
            hashed.extend(relative.as_os_str().as_encoded_bytes());
            hashed.push(0);
            hashed.extend(crate::hash::stable(&bytes).to_be_bytes());
            files.push((relative, bytes));
        }
    }
    let probe = SharedProbe { dir: scratch.join(format!("probe-{:016x}", crate::hash::stable(&hashed))) };
    if !probe.kit().is_dir() {
        copy_probe(&probe, &files)?;
        remove_stale_probes(scratch, &probe.dir);
    }
    let template = probe.dir.join("template");
    std::fs::create_dir_all(&template).map_err(GradeError::io(format!("cannot create {}", template.display())))?;
    let kit_manifest = kit_manifest(kit)?;
    let manifest = Manifest {
        package: Package {
            name: "gamekit-probe-template".into(),
            edition: edition(&kit_manifest),
            publish: false,
            autotests: false,
            autobins: false,
            build: None,
        },
        workspace: toml::Table::new(),
        test: Vec::new(),
        bin: vec![Target { name: "template".into(), path: template.join("main.rs") }],
        dependencies: [(PROBE.to_owned(), path_dependency(&probe.crate_dir()))].into_iter().collect(),
        dev_dependencies: toml::Table::new(),
        profile: profile(&kit_manifest, true, "gamekit-probe-template"),
    };
    let manifest = toml::to_string(&manifest)
        .map_err(|error| GradeError::Harness(format!("cannot write the probe template's manifest: {error}")))?;
    write(&template.join("Cargo.toml"), &manifest)?;
    write(&template.join("main.rs"), "fn main() {}\n")?;
    let args = ["build", "--offline", "--quiet", "--package", PROBE, "--manifest-path"].map(OsString::from);
    let mut args = args.to_vec();
    args.extend([template.join("Cargo.toml").into(), "--target-dir".into(), template.join("target").into()]);
    // Outside the sandbox: in `/`, so that Cargo reads no configuration but root's own.
    let built = cargo_sandbox(Isolation::None, Path::new("/"), &template, toolchain)
        .env("TMPDIR", tmp)
        .run(&toolchain.cargo_in(isolation), &args, b"", Limits::build())
        .map_err(GradeError::io("cannot run cargo"))?;
    if built.status.is_none_or(|status| !status.success()) {
        let stderr = String::from_utf8_lossy(&built.stderr);
        return Err(GradeError::Harness(format!("the kit's {PROBE} does not build:\n{stderr}")));
    }
    Ok(probe)
}

/// Removes the copies of older versions of the probe crate (`probe-<hash>` folders other than
/// `current`, with their template builds, about 2 MB each), once a new version is copied:
/// every harness built from now on uses the new one. (Only a harness being built at that very
/// moment, by another grader of this kit from before its probe crate changed, could miss its
/// copy: it fails to build, and grading it again builds it.) Unfinished copies of other
/// processes (`probe-<hash>.partial.…`) are left to them.
fn remove_stale_probes(scratch: &Path, current: &Path) {
    let is_stale = |path: &Path| {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let hash = name.strip_prefix("probe-").unwrap_or_default();
        path != current && hash.len() == 16 && hash.bytes().all(|byte| byte.is_ascii_hexdigit())
    };
    for entry in std::fs::read_dir(scratch).into_iter().flatten().flatten() {
        if is_stale(&entry.path()) && entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Writes the copy of the probe crate's `files` for `probe`: in a folder of this process's,
/// renamed into place (another grader may have put it there meanwhile). Readable by every
/// user, as users of their own build from it.
fn copy_probe(probe: &SharedProbe, files: &[(PathBuf, Vec<u8>)]) -> Result<(), GradeError> {
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
    static COPIES: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let copy = COPIES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let partial = probe.dir.with_extension(format!("partial.{}.{copy}", std::process::id()));
    let kit = partial.join("kit");
    let written = (|| {
        let mut folders = std::fs::DirBuilder::new();
        folders.recursive(true).mode(0o755);
        folders.create(kit.join("crates").join("probe"))?;
        let workspace = "[workspace]\nmembers = [\"crates/probe\"]\nresolver = \"3\"\n";
        let mut all = vec![(kit.join("Cargo.toml"), workspace.as_bytes())];
        all.extend(files.iter().map(|(path, bytes)| (kit.join("crates").join("probe").join(path), bytes.as_slice())));
        for (path, bytes) in all {
            if let Some(parent) = path.parent() {
                folders.create(parent)?;
            }
            let mut file = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o644).open(&path)?;
            std::io::Write::write_all(&mut file, bytes)?;
        }
        std::fs::rename(&partial, &probe.dir)
    })();
    if written.is_err() {
        let _ = std::fs::remove_dir_all(&partial);
        if probe.kit().is_dir() {
            return Ok(());
        }
    }
    written.map_err(GradeError::io(format!("cannot copy the kit's probe crate to {}", probe.dir.display())))
}

/// Starts a new harness's `target` from the probe crate's `template` build (its `deps/` and
/// Cargo's `.fingerprint/`). Only a target that is not there yet: every folder and file is
/// made new, so nothing a submission's earlier build left (a link, say) is written through.
fn seed(template: &Path, target: &Path) -> std::io::Result<()> {
    fn copy(from: &Path, to: &Path) -> std::io::Result<()> {
        std::fs::create_dir(to)?;
        for entry in std::fs::read_dir(from)? {
            let entry = entry?;
            let kind = entry.file_type()?;
            if kind.is_dir() {
                copy(&entry.path(), &to.join(entry.file_name()))?;
            } else if kind.is_file() {
                let mut file =
                    std::fs::OpenOptions::new().write(true).create_new(true).open(to.join(entry.file_name()))?;
                std::io::copy(&mut std::fs::File::open(entry.path())?, &mut file)?;
            }
        }
        Ok(())
    }
    match std::fs::create_dir(target) {
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => return Ok(()),
        made => made?,
    }
    let debug = target.join("debug");
    std::fs::create_dir(&debug)?;
    for part in ["deps", ".fingerprint"] {
        copy(&template.join(part), &debug.join(part))?;
    }
    Ok(())
}

/// The seccomp filter's launcher (`crates/confine`), built outside the sandbox (it is the
/// kit's code only) into the judges' target directory, once per kit, and tried once: a
/// kernel that refuses the filter is an error here, not a crash in every test.
fn build_confine(kit: &Path, place: &Place, toolchain: &Toolchain) -> Result<PathBuf, GradeError> {
    const NAME: &str = "gamekit-confine";
    let output = toolchain
        .outside(&place.tmp)
        .args(["build", "--quiet", "--locked", "--message-format=json", "--package", NAME, "--manifest-path"])
        .arg(kit.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&place.shared_target)
        .output()
        .map_err(GradeError::io("cannot run cargo (is Rust installed?)"))?;
    let Some(launcher) = executable(&output.stdout, NAME, "bin").filter(|_| output.status.success()) else {
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
/// Its test executable, and that directory (the tests' working directory).
fn build_judge(
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
        let errors: Vec<String> = json_messages(&output.stdout)
            .filter_map(|message| message["message"]["rendered"].as_str().map(str::to_owned))
            .collect();
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(GradeError::Harness(format!("the kit's judge does not build:\n{}{stderr}", errors.concat())));
    }
    let test_binary = executable(&output.stdout, &rubric.assignment, "test")
        .ok_or_else(|| GradeError::Harness(format!("cargo built no judge named '{}'", rubric.assignment)))?;
    Ok((test_binary, dir))
}

/// Fetches the harness's dependencies and fits its lock file, outside the sandbox: Cargo
/// reads only manifests here, the kit's and the handout's.
fn fetch(toolchain: &Toolchain, dir: &Path, tmp: &Path) -> Result<(), GradeError> {
    let fetch = toolchain
        .outside(tmp)
        .args(["fetch", "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .output()
        .map_err(GradeError::io("cannot run cargo (is Rust installed?)"))?;
    if !fetch.status.success() {
        let stderr = String::from_utf8_lossy(&fetch.stderr);
        return Err(GradeError::Harness(format!("cargo could not fetch the suite's dependencies:\n{stderr}")));
    }
    Ok(())
}

/// Cargo and rustc as the grader finds them, and the directories they need.
struct Toolchain {
    cargo: PathBuf,
    homes: Vec<(&'static str, PathBuf)>,
}

impl Toolchain {
    /// Cargo as the grader's environment names it (`CARGO`, else the `PATH`'s), and its homes.
    ///
    /// # Errors
    /// As root, when Cargo or a home of its is in a folder another user may write, or one
    /// above it is: root runs that Cargo, which reads its configuration from its home.
    fn find() -> Result<Toolchain, GradeError> {
        let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_default();
        let dir = |variable: &str, default: &str| {
            std::env::var_os(variable).map_or_else(|| home.join(default), PathBuf::from)
        };
        let cargo = std::env::var_os("CARGO").map_or_else(|| PathBuf::from("cargo"), PathBuf::from);
        let cargo = if cargo.is_absolute() { cargo } else { which(&cargo).unwrap_or(cargo) };
        let homes = vec![("CARGO_HOME", dir("CARGO_HOME", ".cargo")), ("RUSTUP_HOME", dir("RUSTUP_HOME", ".rustup"))];
        if crate::sandbox::is_root() {
            let homes = homes.iter().map(|(_, home)| home).filter(|home| home.exists());
            for path in std::iter::once(&cargo).chain(homes) {
                crate::places::trusted(path).map_err(|why| {
                    GradeError::Harness(format!(
                        "{why}: the grader runs {} as root, so it and Cargo's homes must be where only root \
                         may write (every folder above them too)",
                        cargo.display()
                    ))
                })?;
            }
        }
        Ok(Toolchain { cargo, homes })
    }

    /// Cargo run by the grader outside any sandbox (on the kit's code alone): in `/`, since
    /// Cargo and rustup's proxy read configuration (`.cargo/config.toml`,
    /// `rust-toolchain.toml`) in the folder they start in and every one above it, and only
    /// root's are above `/`; with `--manifest-path` to say what to build, `tmp` (the
    /// grader's own) as its temporary folder, and [`Toolchain::path`] as its `PATH`.
    fn outside(&self, tmp: &Path) -> Command {
        let mut command = Command::new(&self.cargo);
        command.current_dir("/").env_remove("RUSTFLAGS").env("TMPDIR", tmp).env("PATH", self.path());
        for (variable, path) in self.homes.iter().filter(|(_, path)| path.is_dir()) {
            command.env(variable, path);
        }
        command
    }

    /// Cargo's folder (where it finds rustc), then those of the grader's `PATH` that no
    /// other user may write ([`trusted`](crate::places::trusted)).
    fn path(&self) -> OsString {
        let path = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
            .filter(|dir| crate::places::trusted(dir).is_ok())
            .collect::<Vec<_>>();
        let path = self.cargo.parent().map(Path::to_owned).into_iter().chain(path);
        std::env::join_paths(path).unwrap_or_default()
    }

    /// The Cargo a sandbox runs.
    fn cargo_in(&self, isolation: Isolation) -> PathBuf {
        match (isolation, crate::sandbox::sysroot().ok()) {
            (Isolation::Users, Some(sysroot)) => sysroot.join("bin").join("cargo"),
            _ => self.cargo.clone(),
        }
    }

    /// The sandbox with the toolchain and the registry read-only, and Cargo's directory on
    /// its `PATH` (where it finds rustc). Users of their own run the toolchain's own Cargo
    /// (rustup's proxies live in the grader's home, which they cannot read).
    fn expose(&self, mut sandbox: Sandbox, isolation: Isolation) -> Sandbox {
        if let (Isolation::Users, Some(sysroot)) = (isolation, crate::sandbox::sysroot().ok()) {
            let path = format!("{}:/usr/local/bin:/usr/bin:/bin", sysroot.join("bin").display());
            return sandbox.read_only(&sysroot).env("PATH", path);
        }
        for (variable, path) in &self.homes {
            if path.is_dir() {
                sandbox = sandbox.read_only(path).env(variable, path);
            }
        }
        sandbox.env("PATH", self.path())
    }
}

/// Gives `dir` and everything in it to `user` (and the group of that number), and makes it
/// readable by that group only.
fn give(dir: &Path, user: u32) -> std::io::Result<()> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    fn walk(path: &Path, user: u32) -> std::io::Result<()> {
        let metadata = std::fs::symlink_metadata(path)?;
        // What its user made is its already. A file of another's with more than one name is
        // a hard link its user made to something outside (the grader's, say): never given.
        if metadata.uid() != user && (metadata.is_dir() || metadata.nlink() == 1) {
            std::os::unix::fs::lchown(path, Some(user), Some(user))?;
        }
        // Its tests' users (its group) may read, never write.
        let mode = metadata.permissions().mode();
        if !metadata.is_symlink() && mode & 0o022 != 0 {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode & !0o022))?;
        }
        if metadata.is_dir() {
            for entry in std::fs::read_dir(path)? {
                walk(&entry?.path(), user)?;
            }
        }
        Ok(())
    }
    walk(dir, user)?;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o750))
}

/// The full path of `program` on the `PATH`.
fn which(program: &Path) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?).map(|dir| dir.join(program)).find(|path| path.is_file())
}

/// The compiler's errors when a Cargo build failed because the code does not compile.
///
/// # Errors
/// [`GradeError::Harness`] when it failed before compiling (no network, a full disk…): not
/// the submission's fault, so not a score of 0.
fn compile_failure(output: &Ran) -> Result<Option<String>, GradeError> {
    if output.success() {
        return Ok(None);
    }
    let errors: Vec<String> = json_messages(&output.stdout)
        .filter(|message| message["reason"] == "compiler-message" && message["message"]["level"] == "error")
        .filter_map(|message| message["message"]["rendered"].as_str().map(str::to_owned))
        .collect();
    if errors.is_empty() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let limit = output.limit.map(|limit| format!(" ({limit:?} limit)")).unwrap_or_default();
        return Err(GradeError::Harness(format!("cargo failed before compiling anything{limit}:\n{stderr}")));
    }
    Ok(Some(errors.concat()))
}

/// Checks that the crate in `submission` is a package named `package`.
///
/// # Errors
/// [`GradeError::WrongPackage`] when it has another name, or none.
pub fn check_package(submission: &Path, package: &str) -> Result<(), GradeError> {
    let path = submission.join("Cargo.toml");
    let text =
        crate::locate::read_manifest(&path).map_err(GradeError::io(format!("cannot read {}", path.display())))?;
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

/// What a harness package builds.
#[derive(Debug, Clone, Copy)]
pub enum Side<'a> {
    /// The suite as a judge: linked with the assignment's remote crate, not the submission.
    Judge,
    /// The probe: the remote crate's probe (`probe/src/main.rs`), linked with the submission
    /// and the kit's probe crate: the remote crate and the submission as copied into `work`,
    /// the probe crate as [`shared_probe`] keeps it (`probe`).
    Probe { submission: &'a Path, work: &'a Path, probe: &'a Path },
}

/// The assignment's remote crate (`crates/remote/<assignment>`), when it has one: then its
/// suite is graded as a judge with a probe.
pub fn remote_crate(kit: &Path, assignment: &str) -> Option<PathBuf> {
    Some(kit.join("crates").join("remote").join(assignment)).filter(|dir| dir.join(PROBE_MAIN).is_file())
}

/// Writes the harness package of `side` into `dir`.
fn write_harness(kit: &Path, rubric: &Rubric, side: Side, dir: &Path, name: &str) -> Result<(), GradeError> {
    std::fs::create_dir_all(dir).map_err(GradeError::io(format!("cannot create {}", dir.display())))?;
    let manifest_path = kit.join("Cargo.toml");
    let kit_manifest = kit_manifest(kit)?;
    let suite = kit.join("tests").join(&rubric.assignment).join("main.rs");
    let mut suite_dependencies = suite_dependencies(&kit_manifest)
        .map_err(|reason| GradeError::Harness(format!("{}: {reason}", manifest_path.display())))?;
    // The suite links with the engines and the testkit, never with gamekit itself (its grader,
    // its command line, the reference solution the arena brings in).
    for (name, dir) in [("gamekit-engines", "engines"), ("gamekit-testkit", "testkit")] {
        suite_dependencies.insert(name.into(), path_dependency(&kit.join("crates").join(dir)));
    }
    let mut dependencies = toml::Table::new();
    let (mut test, mut bin) = (Vec::new(), Vec::new());
    match side {
        Side::Judge => {
            let remote = remote_crate(kit, &rubric.assignment)
                .ok_or_else(|| GradeError::Harness(format!("{} has no remote crate", rubric.assignment)))?;
            let mut proxy = path_dependency(&remote);
            if let toml::Value::Table(table) = &mut proxy {
                table.insert("package".into(), format!("gamekit-remote-{}", rubric.assignment).into());
            }
            suite_dependencies.insert(rubric.package.clone(), proxy);
            test.push(Target { name: rubric.assignment.clone(), path: suite });
        }
        Side::Probe { submission, work, probe } => {
            dependencies.insert(rubric.package.clone(), path_dependency(submission));
            dependencies.insert(PROBE.into(), path_dependency(probe));
            // The handout's console (the copy beside the submission's), whose errors a probe
            // passes on.
            if let Some(cin) = submission.parent().map(|graded| graded.join("cin")).filter(|cin| cin.is_dir()) {
                dependencies.insert("cin".into(), path_dependency(&cin));
            }
            let probe = work.join("crates").join("remote").join(&rubric.assignment).join(PROBE_MAIN);
            bin.push(Target { name: PROBE.into(), path: probe });
            suite_dependencies.clear();
        }
    }
    let manifest = Manifest {
        package: Package {
            name: name.to_owned(),
            edition: edition(&kit_manifest),
            publish: false,
            autotests: false,
            autobins: false,
            build: (!matches!(side, Side::Probe { .. })).then(|| "build.rs".into()),
        },
        workspace: toml::Table::new(),
        test,
        bin,
        dependencies,
        dev_dependencies: suite_dependencies,
        profile: profile(&kit_manifest, matches!(side, Side::Probe { .. }), name),
    };
    let manifest = toml::to_string(&manifest)
        .map_err(|error| GradeError::Harness(format!("cannot write the harness manifest: {error}")))?;
    write(&dir.join("Cargo.toml"), &manifest)?;
    // The kit's lock file pins the versions the kit was tested with. Cargo then fits it to
    // the harness, so it is copied again only when the kit's changes (kept as Cargo.lock.kit).
    if let Ok(lock) = std::fs::read_to_string(kit.join("Cargo.lock"))
        && std::fs::read_to_string(dir.join("Cargo.lock.kit")).ok().as_ref() != Some(&lock)
    {
        write(&dir.join("Cargo.lock"), &lock)?;
        write(&dir.join("Cargo.lock.kit"), &lock)?;
    }
    if matches!(side, Side::Probe { .. }) {
        return Ok(());
    }
    // As the kit's own build script does: recompile the suite when fixtures come or go.
    let build_script = format!(
        "fn main() {{\n    println!(\"cargo:rerun-if-changed={{}}\", {:?});\n}}\n",
        kit.join("fixtures").join(&rubric.assignment)
    );
    write(&dir.join("build.rs"), &build_script)?;
    let fixtures = dir.join("fixtures");
    // Another grader writing the same judge at once may have made it meanwhile.
    if std::fs::symlink_metadata(&fixtures).is_err()
        && let Err(error) = link(&kit.join("fixtures"), &fixtures)
        && std::fs::symlink_metadata(&fixtures).is_err()
    {
        return Err(error);
    }
    Ok(())
}

/// The kit's profiles: a submission is compiled as the kit compiles its solution
/// (connect_n's optimised, as the course built SmartPlayer in Release); a probe optimised,
/// as it answers hundreds of thousands of calls a test. A probe is built once, from nothing,
/// and never debugged: without debug information or incremental compilation, its build
/// takes half the time (3.3 s against 6.7 s for reversi's, `gamekit bench batch`); without
/// the link-time optimisation across each crate's parts a quarter less again (5.5 to 4.0
/// seconds of processor, the probe's answers 3% slower).
fn profile(kit_manifest: &toml::Table, probe: bool, name: &str) -> Option<toml::Value> {
    let mut profile = kit_manifest.get("profile").cloned()?;
    let dev = profile.get_mut("dev").and_then(toml::Value::as_table_mut)?;
    if probe {
        dev.insert("debug".into(), 0.into());
        dev.insert("incremental".into(), false.into());
        dev.insert("lto".into(), "off".into());
    }
    let packages = dev.get_mut("package").and_then(toml::Value::as_table_mut)?;
    let mut optimised = toml::Table::new();
    optimised.insert("opt-level".into(), 3.into());
    packages.insert(name.to_owned(), optimised.into());
    Some(profile)
}

/// The kit's `Cargo.toml`.
fn kit_manifest(kit: &Path) -> Result<toml::Table, GradeError> {
    let path = kit.join("Cargo.toml");
    std::fs::read_to_string(&path)
        .map_err(GradeError::io(format!("cannot read {}", path.display())))?
        .parse()
        .map_err(|error| GradeError::Harness(format!("{}: {error}", path.display())))
}

/// The kit's edition, which its harnesses have too.
fn edition(kit_manifest: &toml::Table) -> String {
    let edition = kit_manifest.get("package").and_then(|package| package.get("edition"));
    edition.and_then(toml::Value::as_str).unwrap_or("2024").to_owned()
}

/// The probe's source in a remote crate: a crate of its own there, built against the
/// reference solution in the kit's workspace, and by the grader against each submission.
const PROBE_MAIN: &str = "probe/src/main.rs";

/// The probe's program in a probe harness.
pub const PROBE: &str = "gamekit-probe";

/// The kit's dev-dependencies that `package.metadata.gamekit.suite-dependencies` names: what
/// the graded suites use besides the engines and the testkit.
fn suite_dependencies(kit_manifest: &toml::Table) -> Result<toml::Table, String> {
    let names = kit_manifest
        .get("package")
        .and_then(|package| package.get("metadata"))
        .and_then(|metadata| metadata.get("gamekit"))
        .and_then(|gamekit| gamekit.get("suite-dependencies"))
        .and_then(toml::Value::as_array)
        .ok_or("no list package.metadata.gamekit.suite-dependencies")?;
    let dev = kit_manifest.get("dev-dependencies").and_then(toml::Value::as_table);
    names
        .iter()
        .map(|name| {
            let name = name.as_str().ok_or("suite-dependencies holds something that is not a name")?;
            let spec =
                dev.and_then(|dev| dev.get(name)).ok_or(format!("suite dependency {name} is no dev-dependency"))?;
            Ok((name.to_owned(), spec.clone()))
        })
        .collect()
}

/// The harness's `Cargo.toml`.
#[derive(Serialize)]
struct Manifest {
    package: Package,
    /// Empty: the harness is a workspace of its own, whatever directory it is in.
    workspace: toml::Table,
    test: Vec<Target>,
    bin: Vec<Target>,
    dependencies: toml::Table,
    #[serde(rename = "dev-dependencies")]
    dev_dependencies: toml::Table,
    #[serde(skip_serializing_if = "Option::is_none")]
    profile: Option<toml::Value>,
}

#[derive(Serialize)]
struct Package {
    name: String,
    edition: String,
    publish: bool,
    autotests: bool,
    autobins: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    build: Option<String>,
}

#[derive(Serialize)]
struct Target {
    name: String,
    path: PathBuf,
}

fn path_dependency(path: &Path) -> toml::Value {
    let mut table = toml::Table::new();
    table.insert("path".into(), path.to_string_lossy().into_owned().into());
    toml::Value::Table(table)
}

/// Writes `text` to `path` unless it holds it already: a file rewritten, even the same,
/// is newer, and Cargo would then build the judge again (its build script's input) while
/// another grader runs it. Written whole or not at all (a file of its own, then renamed), so
/// that another grader's Cargo never reads half of it.
fn write(path: &Path, text: &str) -> Result<(), GradeError> {
    if std::fs::read(path).is_ok_and(|old| old == text.as_bytes()) {
        return Ok(());
    }
    crate::output::write_new(path, text).map_err(GradeError::io(format!("cannot write {}", path.display())))
}

fn link(original: &Path, link: &Path) -> Result<(), GradeError> {
    std::os::unix::fs::symlink(original, link).map_err(GradeError::io(format!("cannot link {}", link.display())))
}

/// The executable of target `name` of `kind` (`test`, `bin`) among Cargo's JSON messages.
fn executable(messages: &[u8], name: &str, kind: &str) -> Option<PathBuf> {
    json_messages(messages).find_map(|message| {
        let is_it = message["reason"] == "compiler-artifact"
            && message["target"]["name"] == name
            && message["target"]["kind"].as_array().is_some_and(|kinds| kinds.iter().any(|each| each == kind));
        is_it.then(|| message["executable"].as_str().map(PathBuf::from)).flatten()
    })
}

/// Cargo's JSON messages, one a line.
fn json_messages(messages: &[u8]) -> impl Iterator<Item = serde_json::Value> + '_ {
    messages.split(|&byte| byte == b'\n').filter_map(|line| serde_json::from_slice(line).ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

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
        let intake = crate::intake::take(&kit, &rubric.package, &submission, &place.work).expect("taken in");
        let built = build(&kit, &rubric, &intake.crate_dir, &place, isolation).expect("built").expect("compiled");
        for dir in [&place.dir, &place.work, &upload] {
            let _ = std::fs::remove_dir_all(dir);
        }
        assert!(built.compiled.contains(&"tictactoe".to_owned()), "compiled: {:?}", built.compiled);
        assert!(!built.compiled.contains(&"gamekit_probe".to_owned()), "compiled: {:?}", built.compiled);
    }

    /// Once a new version of the probe crate is copied, the copies of older ones go, and
    /// nothing else of the scratch folder: not a harness, not another process's unfinished copy.
    #[test]
    fn a_new_probe_copy_removes_the_older_ones_alone() {
        let scratch = crate::scratch("harness-stale-probes");
        let names = [
            "probe-00000000000000aa",
            "probe-00000000000000bb",
            "probe-00000000000000cc.partial.1.0",
            "tictactoe-0123456789abcdef",
            "work",
        ];
        for name in names {
            std::fs::create_dir_all(scratch.join(name).join("kit")).expect("a folder");
        }
        std::fs::write(scratch.join("probe-00000000000000dd"), "a file, not a copy").expect("a file");
        remove_stale_probes(&scratch, &scratch.join("probe-00000000000000bb"));
        let mut left: Vec<String> = std::fs::read_dir(&scratch)
            .expect("the scratch folder")
            .flatten()
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        let _ = std::fs::remove_dir_all(&scratch);
        assert_eq!(
            left,
            [
                "probe-00000000000000bb",
                "probe-00000000000000cc.partial.1.0",
                "probe-00000000000000dd",
                "tictactoe-0123456789abcdef",
                "work"
            ]
        );
    }

    /// The scratch folder of users of their own is never below a folder others may write:
    /// root runs Cargo there, which reads configuration from every folder above it.
    #[test]
    fn a_scratch_folder_below_one_others_may_write_is_refused() {
        let open = crate::scratch("harness-open-scratch");
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o1777)).expect("opened");
        let refused = scratch_in(&open.join("gamekit"), Path::new("/a/kit")).expect_err("below /tmp").to_string();
        assert!(refused.contains("may be written by other users") && refused.contains("GAMEKIT_SCRATCH"), "{refused}");
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o755)).expect("closed");
        let taken = scratch_in(&open.join("gamekit"), Path::new("/a/kit"));
        std::fs::remove_dir_all(&open).expect("removed");
        // Below the system's temporary folder, itself open to all.
        let below_tmp =
            std::env::temp_dir().metadata().is_ok_and(|metadata| metadata.permissions().mode() & 0o002 != 0);
        assert_eq!(taken.is_err(), below_tmp, "{taken:?}");
    }

    /// Cargo run outside a sandbox starts in `/`, whose folders above are none: never in a
    /// harness, the kit or the scratch folder, where a configuration above could be another's.
    #[test]
    fn cargo_outside_a_sandbox_starts_in_the_root_folder() {
        let toolchain = Toolchain::find().expect("a toolchain");
        let command = toolchain.outside(Path::new("/grader/tmp"));
        assert_eq!(command.get_current_dir(), Some(Path::new("/")));
        let tmp = command.get_envs().find(|(name, _)| *name == "TMPDIR").and_then(|(_, value)| value);
        assert_eq!(tmp, Some(std::ffi::OsStr::new("/grader/tmp")));
    }

    /// Users of their own build where no one else may have put or change anything: a folder
    /// found there that another user may write, or that is a link, is refused, and the
    /// message says what to change.
    #[test]
    fn the_private_folder_is_made_private_and_one_found_open_is_refused() {
        let temporary = crate::scratch("harness-private");
        let kit = Path::new("/a/kit");
        let made = private_folder(&temporary, kit).expect("a private folder");
        assert_eq!(std::fs::metadata(&made).expect("made").permissions().mode() & 0o777, 0o711);
        assert_eq!(private_folder(&temporary, kit).expect("found again, as it was"), made);
        std::fs::set_permissions(&made, std::fs::Permissions::from_mode(0o777)).expect("opened");
        let open = private_folder(&temporary, kit).expect_err("writable by others").to_string();
        assert!(open.contains("may be written by other users") && open.contains("set GAMEKIT_SCRATCH"), "{open}");
        std::fs::remove_dir(&made).expect("removed");
        std::os::unix::fs::symlink(&temporary, &made).expect("a link in its place");
        let linked = private_folder(&temporary, kit).expect_err("a link").to_string();
        assert!(linked.contains("is not a folder of this user's"), "{linked}");
        std::fs::remove_dir_all(temporary).expect("removed");
    }
}
