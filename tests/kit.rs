//! Checks of the kit itself: every assignment's solution scores full marks, its starter
//! compiles without a warning and scores 0 with "not implemented yet" on every test, the
//! two expose the same public API, the rubric covers every test, and a planted bug loses
//! exactly the tests that cover it.

use gamekit::grade::{self, Options, Report, Status};
use gamekit::testkit::{program, run_program};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{PoisonError, RwLock};

#[path = "kit/gradescope.rs"]
mod gradescope;
#[path = "kit/handout.rs"]
mod handout;
#[path = "kit/new.rs"]
mod new;
#[path = "kit/planted.rs"]
mod planted;

const KIT: &str = env!("CARGO_MANIFEST_DIR");

/// The kit's assignments as the grader finds them (those with a rubric), or the one that
/// `GAMEKIT_ASSIGNMENT` names: every check of the kit for that assignment alone.
fn assignments() -> Vec<String> {
    let all = grade::assignments(Path::new(KIT));
    match std::env::var("GAMEKIT_ASSIGNMENT") {
        Ok(one) => {
            assert!(all.contains(&one), "GAMEKIT_ASSIGNMENT={one}: the kit's assignments are {all:?}");
            vec![one]
        }
        Err(_) => all,
    }
}

/// Whether the kit's checks look at `assignment` in this run ([`assignments`]).
fn checked(assignment: &str) -> bool {
    assignments().iter().any(|checked| checked == assignment)
}

/// Gradings side by side: as many as the checks running at once (one a core), so that one
/// grading's tests run while another's submission builds; a check that must see no other
/// grading takes it alone ([`alone`]).
static GRADING: RwLock<()> = RwLock::new(());

fn grade(assignment: &str, submission: &Path) -> Report {
    grade_with(assignment, submission, None, None)
}

/// Grades with `--timeout` and `--only` when given.
fn grade_with(assignment: &str, submission: &Path, timeout: Option<f64>, only: Option<&str>) -> Report {
    let _beside_others = GRADING.read().unwrap_or_else(PoisonError::into_inner);
    grade_alone(assignment, submission, timeout, only)
}

/// No other check grades while this is held.
fn alone() -> std::sync::RwLockWriteGuard<'static, ()> {
    GRADING.write().unwrap_or_else(PoisonError::into_inner)
}

/// [`grade_with`], the caller holding [`GRADING`].
fn grade_alone(assignment: &str, submission: &Path, timeout: Option<f64>, only: Option<&str>) -> Report {
    let options = Options {
        kit: KIT.into(),
        assignment: assignment.into(),
        submission: Some(submission.to_owned()),
        timeout,
        only: only.map(str::to_owned),
    };
    grade::grade(&options, |_| {}).unwrap_or_else(|error| panic!("grading {} failed: {error}", submission.display()))
}

fn failures(report: &Report) -> Vec<String> {
    report
        .tests
        .iter()
        .filter(|test| test.status != Status::Passed)
        .map(|test| format!("{}: {}", test.name, test.explanation))
        .collect()
}

#[test]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn every_solution_scores_full_marks_and_the_rubric_covers_every_test() {
    for assignment in &assignments() {
        let report = grade(assignment, &Path::new(KIT).join("solution").join(assignment));
        assert_eq!(report.build_errors, None);
        assert_eq!(failures(&report), Vec::<String>::new(), "{assignment}: the solution fails tests");
        assert_eq!(report.unweighted, Vec::<String>::new(), "{assignment}: tests in no rubric group");
        let groups: BTreeSet<&str> = report.tests.iter().map(|test| test.group.as_str()).collect();
        let rubric = grade::Rubric::load(Path::new(KIT), assignment).expect("the rubric loads");
        for group in &rubric.groups {
            assert!(groups.contains(group.prefix.as_str()), "{assignment}: rubric group {} has no test", group.prefix);
        }
        assert!(
            (report.score - report.max_score).abs() < 1e-6,
            "{assignment}: {} of {}",
            report.score,
            report.max_score
        );
    }
}

#[test]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn every_starter_scores_zero_with_not_implemented_yet() {
    for assignment in &assignments() {
        let report = grade(assignment, &Path::new(KIT).join("starter").join(assignment));
        assert_eq!(report.build_errors, None, "{assignment}: the starter must compile with the suite");
        assert_eq!(report.score, 0.0, "{assignment}: the starter scores points");
        for test in &report.tests {
            assert_eq!(test.status, Status::NotImplemented, "{assignment}: {} says {:?}", test.name, test.explanation);
            assert!(test.explanation.starts_with("not implemented yet"), "{}: {}", test.name, test.explanation);
        }
    }
}

/// Type-checked (`cargo check`), not built: the handout check builds and runs every
/// starter crate with its tests, examples and documentation (`cargo rubric`, `cargo test
/// --doc`), alone as a student has it; a full build here took 24 s for the same proof. That
/// holds while `cargo rubric` runs every test file of a starter and `rubric` is its only
/// example, which the handout check asserts.
#[test]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn the_starter_compiles_without_warnings_and_its_provided_crates_pass_their_tests() {
    let cargo = |args: &[&str]| {
        Command::new(env!("CARGO"))
            .args(args)
            .arg("--manifest-path")
            .arg(Path::new(KIT).join("starter").join("Cargo.toml"))
            .arg("--target-dir")
            .arg(Path::new(KIT).join("target").join("starter-check"))
            .env("RUSTFLAGS", "-D warnings")
            .output()
            .expect("cargo runs")
    };
    let checked = cargo(&["check", "--quiet", "--workspace", "--all-targets"]);
    assert!(
        checked.status.success(),
        "the starter does not compile warning-free:\n{}",
        String::from_utf8_lossy(&checked.stderr)
    );
    let test = cargo(&["test", "--quiet", "--package", "cin"]);
    assert!(test.status.success(), "the cin crate's tests fail:\n{}", String::from_utf8_lossy(&test.stdout));
}

/// Every crate of the kit's inherits the workspace's lints but the solutions (graded as a
/// student's crate, outside the workspace), and one with no unsafe code forbids it in each
/// of its roots (`src/lib.rs`, `src/main.rs`).
#[test]
fn every_crate_keeps_the_kits_lints_and_forbids_unsafe_code_it_has_none_of() {
    let manifest: toml::Table = std::fs::read_to_string(Path::new(KIT).join("Cargo.toml")).unwrap().parse().unwrap();
    let members = manifest["workspace"]["members"].as_array().expect("the workspace's members");
    let mut wrong = Vec::new();
    for member in members.iter().filter_map(toml::Value::as_str) {
        let dir = Path::new(KIT).join(member);
        let own: toml::Table = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap().parse().unwrap();
        let inherits = own.get("lints").and_then(|lints| lints.get("workspace")) == Some(&toml::Value::Boolean(true));
        if inherits == member.starts_with("solution/") {
            wrong.push(format!(
                "{member}: lints.workspace = true {}",
                if inherits { "in a solution" } else { "missing" }
            ));
        }
        let unsafe_code = holds_unsafe_code(&dir.join("src"));
        for root in ["src/lib.rs", "src/main.rs"].map(|root| dir.join(root)).iter().filter(|root| root.is_file()) {
            let forbids = std::fs::read_to_string(root).unwrap().contains("#![forbid(unsafe_code)]");
            if !unsafe_code && !member.starts_with("solution/") && !forbids {
                wrong.push(format!("{}: has no unsafe code, and does not forbid it", root.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Whether a source file under `dir` holds unsafe code: a block, a function, an
/// implementation, a trait, an extern block.
fn holds_unsafe_code(dir: &Path) -> bool {
    use syn::visit::Visit;
    #[derive(Default)]
    struct Unsafe(bool);
    impl<'ast> Visit<'ast> for Unsafe {
        fn visit_expr_unsafe(&mut self, _: &'ast syn::ExprUnsafe) {
            self.0 = true;
        }
        fn visit_signature(&mut self, signature: &'ast syn::Signature) {
            self.0 |= matches!(signature.safety, syn::Safety::Unsafe(_));
        }
        fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
            self.0 |= item.unsafety.is_some();
            syn::visit::visit_item_impl(self, item);
        }
        fn visit_item_trait(&mut self, item: &'ast syn::ItemTrait) {
            self.0 |= item.unsafety.is_some();
            syn::visit::visit_item_trait(self, item);
        }
        fn visit_item_foreign_mod(&mut self, _: &'ast syn::ItemForeignMod) {
            self.0 = true;
        }
    }
    let mut sources = handout::files(dir).into_iter().filter(|file| file.extension().is_some_and(|rs| rs == "rs"));
    sources.any(|file| {
        let mut found = Unsafe::default();
        found.visit_file(&syn::parse_file(&std::fs::read_to_string(dir.join(file)).unwrap()).unwrap());
        found.0
    })
}

/// The image the Kubernetes Job runs is the one `docs/cluster/Containerfile` builds: the tag
/// it says to build is the Job's image, and the instructors' page shows that command; its
/// toolchain is the one the kit is checked with; every file it names is the kit's; and the
/// build leaves the kit's builds out of the image's context. (No machine of the kit's has a
/// container daemon to build it: CI lints it with hadolint.)
#[test]
fn the_kubernetes_image_is_built_from_the_kit_as_the_job_names_it() {
    let read = |path: &str| std::fs::read_to_string(Path::new(KIT).join(path)).unwrap();
    let containerfile = read("docs/cluster/Containerfile");
    let job = read("docs/cluster/grade-class.yaml");
    let image = job.lines().find_map(|line| line.trim().strip_prefix("image: ")).expect("the Job's image");
    let build = format!("docker build -f docs/cluster/Containerfile -t {image} .");
    assert!(containerfile.contains(&format!("#   {build}\n")), "the Containerfile says to build {image}: {build}");
    assert!(read("docs/instructors.md").contains(&format!("{build}\n")), "docs/instructors.md shows `{build}`");
    let rustc = Command::new("rustc").arg("--version").output().expect("rustc");
    let version = String::from_utf8_lossy(&rustc.stdout).split(' ').nth(1).unwrap_or_default().to_owned();
    let minor = version.rsplit_once('.').map_or(version.as_str(), |(minor, _)| minor);
    assert!(
        containerfile.contains(&format!("FROM rust:{minor}-")),
        "the image's toolchain is not the kit's ({version}): {}",
        containerfile.lines().find(|line| line.starts_with("FROM")).unwrap_or_default()
    );
    assert!(containerfile.contains("--manifest-path starter/Cargo.toml"), "the handout's crates are fetched too");
    // `--locked`: the kit's two lock files pin what the image fetches.
    for lock in ["Cargo.lock", "starter/Cargo.lock"] {
        assert!(Path::new(KIT).join(lock).is_file(), "{lock}");
    }
    let dockerignore = read(".dockerignore");
    let ignored: Vec<&str> = dockerignore.lines().filter(|line| !line.starts_with('#')).collect();
    assert!(ignored.contains(&"target") && ignored.contains(&"starter/target"), "the builds stay out: {ignored:?}");
}

#[test]
fn starter_and_solution_have_the_same_public_api() {
    for assignment in &assignments() {
        let solution = public_api(&Path::new(KIT).join("solution").join(assignment).join("src/lib.rs"));
        let starter = public_api(&Path::new(KIT).join("starter").join(assignment).join("src/lib.rs"));
        assert!(!solution.is_empty());
        let only_solution: Vec<_> = solution.difference(&starter).collect();
        let only_starter: Vec<_> = starter.difference(&solution).collect();
        assert!(
            only_solution.is_empty() && only_starter.is_empty(),
            "{assignment}: only in the solution: {only_solution:#?}\nonly in the starter: {only_starter:#?}"
        );
    }
}

/// A failed assertion is what a student reads of a lost point, so every assertion of a graded
/// suite says what it checks (with the board, the input or the call), and an `assert_eq!` (or
/// the handouts' `assert_same!`) puts the value under test first: the report calls the first value "actual" and the second
/// "expected" (`testkit::in_words`). For the same reason a suite has no bare `.unwrap()`, even
/// inside a macro's arguments: its panic, "called `Result::unwrap()` on an `Err` value", names
/// neither the call nor what it should have done; an `.expect("…")` says both.
#[test]
fn every_assertion_of_a_suite_says_what_it_checks() {
    use quote::ToTokens;
    use syn::visit::Visit;
    struct Assertions<'a> {
        file: &'a Path,
        bare: Vec<String>,
    }
    impl<'ast> Visit<'ast> for Assertions<'_> {
        fn visit_macro(&mut self, mac: &'ast syn::Macro) {
            let name = mac.path.segments.last().map(|segment| segment.ident.to_string()).unwrap_or_default();
            let call: String = mac.tokens.to_string().chars().take(70).collect();
            let at = format!("{}: {name}!({call}…)", self.file.display());
            // A macro's arguments are tokens to syn, not expressions it visits: those that parse
            // as expressions (an assertion's, a `format!`'s) are visited here; the others (a
            // `proptest!` block, a `matches!` with a guard) are searched as text.
            let parser = syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated;
            let Ok(arguments) = mac.parse_body_with(parser) else {
                if mac.tokens.to_string().contains(". unwrap ()") {
                    self.bare.push(format!(
                        "{at} has an .unwrap() without a message: .expect(\"…\") what the call should do"
                    ));
                }
                return;
            };
            for argument in &arguments {
                self.visit_expr(argument);
            }
            let needs = match name.as_str() {
                "assert" => 2,
                "assert_eq" | "assert_ne" | "assert_same" => 3,
                _ => return,
            };
            if arguments.len() < needs {
                self.bare.push(format!("{at} has no message"));
            } else if needs == 3 && matches!(arguments[0], syn::Expr::Lit(_)) {
                self.bare.push(format!("{at} puts the expected value first"));
            }
        }

        fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
            if call.method == "unwrap" && call.args.is_empty() {
                let receiver = call.receiver.to_token_stream().to_string();
                let receiver = match receiver.char_indices().nth(70) {
                    Some((cut, _)) => format!("{}…", &receiver[..cut]),
                    None => receiver,
                };
                self.bare.push(format!(
                    "{}: {receiver}.unwrap() has no message: .expect(\"…\") what the call should do",
                    self.file.display()
                ));
            }
            syn::visit::visit_expr_method_call(self, call);
        }
    }
    let mut bare = Vec::new();
    // The suites, and the handouts' public tests (a suite runs them too).
    let assignments = assignments();
    let suites = assignments.iter().map(|assignment| Path::new(KIT).join("tests").join(assignment));
    let public = assignments.iter().map(|assignment| Path::new(KIT).join("starter").join(assignment).join("tests"));
    for dir in suites.chain(public) {
        for entry in std::fs::read_dir(&dir).expect("the suite's directory") {
            let path = entry.expect("a suite file").path();
            if path.extension().is_none_or(|extension| extension != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a suite file");
            let file = syn::parse_file(&text).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            let path = path.strip_prefix(KIT).unwrap_or(&path);
            let mut assertions = Assertions { file: path, bare: Vec::new() };
            assertions.visit_file(&file);
            bare.extend(assertions.bare);
        }
    }
    assert!(bare.is_empty(), "{} assertions or unwraps need a message:\n{}", bare.len(), bare.join("\n"));
}

/// The public items of the module in `file` and its submodules, without docs, bodies or
/// private fields.
fn public_api(file: &Path) -> BTreeSet<String> {
    // A trailing comma (rustfmt may leave one) and `mut` on a parameter are not part of it.
    // Nor a leading `_` on a parameter the solution does not use (the starter names them all).
    let normal = |item: String| {
        item.replace(" ,)", ")")
            .replace(" , >", " >")
            .replace("(mut ", "(")
            .replace(", mut ", ", ")
            .replace("(_", "(")
            .replace(", _", ", ")
    };
    public_items(file).into_iter().map(normal).collect()
}

/// The public items as tokens, as written.
fn public_items(file: &Path) -> BTreeSet<String> {
    use quote::ToTokens;
    let text = std::fs::read_to_string(file).unwrap_or_else(|error| panic!("{}: {error}", file.display()));
    let module = syn::parse_file(&text).unwrap_or_else(|error| panic!("{}: {error}", file.display()));
    let mut api = BTreeSet::new();
    let public = |vis: &syn::Visibility| matches!(vis, syn::Visibility::Public(_));
    for item in module.items {
        match item {
            syn::Item::Mod(module) if module.content.is_none() => {
                let path = module.attrs.iter().find_map(|attr| match &attr.meta {
                    syn::Meta::NameValue(pair) if pair.path.is_ident("path") => match &pair.value {
                        syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(path), .. }) => Some(path.value()),
                        _ => None,
                    },
                    _ => None,
                });
                let path = path.unwrap_or_else(|| format!("{}.rs", module.ident));
                // What a private module holds is public only through a `pub use`, which is
                // listed here too; its items are compared all the same.
                api.extend(public_items(&file.parent().expect("a directory").join(path)));
            }
            syn::Item::Fn(function) if public(&function.vis) => {
                api.insert(function.sig.to_token_stream().to_string());
            }
            syn::Item::Impl(block) => {
                let header = format!("impl {} {}", block.generics.to_token_stream(), block.self_ty.to_token_stream());
                let header = match &block.trait_ {
                    Some((name, _)) => format!("{header} : {}", name.to_token_stream()),
                    None => header,
                };
                // An inherent impl is part of the API through its public methods only.
                if block.trait_.is_some() {
                    api.insert(header.clone());
                }
                for item in block.items {
                    if let syn::ImplItem::Fn(method) = item
                        && (public(&method.vis) || block.trait_.is_some())
                    {
                        api.insert(format!("{header} {}", method.sig.to_token_stream()));
                    }
                }
            }
            mut item => {
                let visibility = match &item {
                    syn::Item::Const(item) => Some(&item.vis),
                    syn::Item::Enum(item) => Some(&item.vis),
                    syn::Item::Struct(item) => Some(&item.vis),
                    syn::Item::Trait(item) => Some(&item.vis),
                    syn::Item::Type(item) => Some(&item.vis),
                    syn::Item::Use(item) => Some(&item.vis),
                    syn::Item::Static(item) => Some(&item.vis),
                    _ => None,
                };
                if visibility.is_some_and(public) {
                    strip_docs(&mut item);
                    api.insert(item.to_token_stream().to_string());
                }
            }
        }
    }
    api
}

fn strip_docs(item: &mut syn::Item) {
    let attrs = match item {
        syn::Item::Const(item) => &mut item.attrs,
        syn::Item::Enum(item) => &mut item.attrs,
        syn::Item::Struct(item) => &mut item.attrs,
        syn::Item::Trait(item) => &mut item.attrs,
        syn::Item::Type(item) => &mut item.attrs,
        syn::Item::Use(item) => &mut item.attrs,
        syn::Item::Static(item) => &mut item.attrs,
        _ => return,
    };
    attrs.retain(|attr| !attr.path().is_ident("doc"));
    // A struct's private fields are the student's to choose.
    if let syn::Item::Struct(item) = item
        && let syn::Fields::Named(fields) = &mut item.fields
    {
        fields.named = std::mem::take(&mut fields.named)
            .into_iter()
            .filter(|field| matches!(field.vis, syn::Visibility::Public(_)))
            .collect();
    }
}

/// A change to one file of a copy of a solution: `from` replaced by `to`, or, `from` empty,
/// the file's whole new text.
struct Edit<'a> {
    file: &'a str,
    from: &'a str,
    to: &'a str,
}

#[test]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn a_hang_or_a_crash_costs_only_the_tests_that_meet_it() {
    let edit = Edit {
        file: "src/lib.rs",
        from: "    board.iter().flatten().any(|&cell| cell == EMPTY)",
        to: "    if N == 26 { loop { std::hint::spin_loop() } }\n    if N == 12 { std::process::abort() }\n    board.iter().flatten().any(|&cell| cell == EMPTY)",
    };
    let copy = copy_of_solution("reversi", "has_empty_cells_hangs_on_26_and_aborts_on_12", &[edit]);
    let report = grade_with("reversi", &copy, Some(2.0), None);
    let status = |name: &str| report.tests.iter().find(|test| test.name.starts_with(name)).map(|test| test.status);
    assert_eq!(status("differential::has_empty_cells::size_6_26"), Some(Status::TimedOut));
    assert_eq!(status("differential::has_empty_cells::size_5_12"), Some(Status::Crashed));
    assert_eq!(status("differential::has_empty_cells::size_1_4"), Some(Status::Passed));
    assert_eq!(status("functions::valid_move_flips::"), Some(Status::Passed));
}

/// Submissions share the grader's build directory: grading one, then another, then the
/// first again gives each its own score (an honest submission never inherits another's
/// build), for single calls (tictactoe) and objects kept in the probe (two_player) alike.
#[test]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn grading_one_submission_never_changes_anothers_result() {
    for assignment in ["two_player", "tictactoe"].into_iter().filter(|assignment| checked(assignment)) {
        let solution = copy_of_solution(assignment, "an_unchanged_copy", &[]);
        let starter = Path::new(KIT).join("starter").join(assignment);
        let scores: Vec<f64> = [&solution, &starter, &solution, &starter]
            .iter()
            .map(|submission| (grade(assignment, submission).score * 100.0).round() / 100.0)
            .collect();
        assert_eq!(scores, [100.0, 0.0, 100.0, 0.0], "{assignment}");
    }
}

#[test]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn a_submission_that_does_not_compile_scores_zero_with_the_compiler_errors() {
    let edit = Edit { file: "src/lib.rs", from: "pub fn has_empty_cells<", to: "pub fn has_no_empty_cells<" };
    let report = grade("reversi", &copy_of_solution("reversi", "has_empty_cells_renamed", &[edit]));
    let errors = report.build_errors.expect("compiler errors in the report");
    assert!(errors.contains("cannot find function `has_empty_cells`"), "{errors}");
    assert_eq!((report.score, report.tests.len()), (0.0, 0));
    assert_eq!(report.max_score, 100.0);
}

/// A copy of `solution/<assignment>` in `target/kit/<name>/`, with `edits` made. Its paths
/// to the handout's provided code need not change: the grader gives every copy the handout's
/// manifest and puts the provided files where the solution looks for them.
fn copy_of_solution(assignment: &str, name: &str, edits: &[Edit]) -> PathBuf {
    let original = Path::new(KIT).join("solution").join(assignment);
    let copy = Path::new(KIT).join("target").join("kit").join(name).join(assignment);
    let sources = std::fs::read_dir(original.join("src")).expect("the solution's sources");
    let sources = sources.map(|entry| format!("src/{}", entry.expect("a source").file_name().to_string_lossy()));
    let files: Vec<String> = std::iter::once("Cargo.toml".to_owned()).chain(sources).collect();
    for edit in edits {
        assert!(files.iter().any(|file| file == edit.file), "{name}: the solution has no {}", edit.file);
    }
    for file in files {
        let mut text = std::fs::read_to_string(original.join(&file)).expect("the solution's files");
        for edit in edits.iter().filter(|edit| edit.file == file) {
            if edit.from.is_empty() {
                text = edit.to.to_owned();
            } else {
                assert!(text.contains(edit.from), "{name}: {file} no longer contains {:?}", edit.from);
                text = text.replace(edit.from, edit.to);
            }
        }
        let path = copy.join(file);
        std::fs::create_dir_all(path.parent().expect("a directory")).expect("the copy's directories");
        std::fs::write(&path, text).expect("the copy is written");
    }
    copy
}

/// The command line is provided code (`run`), tested here rather than graded (a size it
/// parses but cannot play is the student's `Game::new` to refuse, and graded).
#[test]
fn a_bad_command_line_is_an_error_with_status_2() {
    let cases: &[(&str, &str, &str, &[&[&str]])] = &[
        (
            "reversi",
            "reversi",
            "usage: reversi [--size N]",
            &[
                &["--size", "5"],
                &["--size", "2"],
                &["--size", "28"],
                &["--size", "eight"],
                &["--size"],
                &["--colour", "red"],
            ],
        ),
        (
            "connect_n",
            "connect-n",
            "usage: connect-n [--columns C]",
            &[
                &["--columns", "many"],
                &["--n", "3.5"],
                &["--red", "robot"],
                &["--black"],
                &["--budget", "-1"],
                &["--budget", "soon"],
                &["--seed", "-1"],
                &["--colour", "red"],
                &["4", "3"],
            ],
        ),
        (
            "two_player",
            "connect-four",
            "usage: connect-four [--depth D]",
            &[&["--depth", "0"], &["--depth", "9"], &["--depth"], &["4"]],
        ),
        (
            "two_player",
            "stonehenge",
            "usage: stonehenge [--depth D]",
            &[&["--depth", "deep"], &["--depth", "2", "--depth", "3"]],
        ),
        ("reversi_players", "reversi-players", "usage: reversi-players", &[&["--level", "strong"], &["c"]]),
    ];
    for &(package, bin, usage, bad_args) in cases {
        let path = program(KIT, package, bin);
        for args in bad_args {
            let run = run_program(&path, args, "");
            assert_eq!(run.status.code(), Some(2), "`{bin} {}` must exit with status 2", args.join(" "));
            assert!(run.stdout.is_empty(), "`{bin} {}` must print nothing on stdout", args.join(" "));
            let stderr = String::from_utf8_lossy(&run.stderr);
            assert!(stderr.contains(usage), "`{bin} {}`: {stderr}", args.join(" "));
        }
    }
}

/// `connect-four` and `stonehenge`'s provided code: `--help` prints the usage and succeeds.
#[test]
fn two_player_provided_programs() {
    for bin in ["connect-four", "stonehenge"] {
        let run = run_program(&program(KIT, "two_player", bin), &["--help"], "");
        assert_eq!(run.status.code(), Some(0));
        assert!(String::from_utf8_lossy(&run.stdout).starts_with(&format!("usage: {bin} [--depth D]\n")));
    }
}

/// `connect-n`'s provided code: `--help` prints the usage and succeeds; the end of the input
/// at the name stops the program cleanly.
#[test]
fn connect_n_provided_program() {
    let connect_n = program(KIT, "connect_n", "connect-n");
    let run = run_program(&connect_n, &["--help"], "");
    assert_eq!(run.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&run.stdout).starts_with("usage: connect-n"));
    let run = run_program(&connect_n, &[] as &[&str], "");
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&run.stdout), "What's your name?  ");
    assert_eq!(String::from_utf8_lossy(&run.stderr), "connect-n: end of input: the game stopped unfinished\n");
}

/// `reversi-players`'s provided code: `--help` prints the usage and succeeds; the end of the
/// input at the first question stops the program cleanly.
#[test]
fn reversi_players_provided_program() {
    let reversi_players = program(KIT, "reversi_players", "reversi-players");
    let run = run_program(&reversi_players, &["--help"], "");
    assert_eq!(run.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&run.stdout).starts_with("usage: reversi-players\n"));
    let run = run_program(&reversi_players, &[] as &[&str], "");
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&run.stdout), "Black: [H]uman or [C]omputer? ");
    assert!(String::from_utf8_lossy(&run.stderr).starts_with("reversi-players: end of input"));
}

/// What a reference prints for a program's arguments and input.
type Reference<'a> = &'a dyn Fn(&[String], &[u8]) -> String;

/// The references for the original programs, which the suites trust for the games nobody
/// wrote a transcript of, must themselves reproduce every transcript fixture.
#[test]
fn the_reference_programs_reproduce_every_transcript() {
    let reversi = |args: &[String], input: &[u8]| {
        let size = match args {
            [flag, size] if flag == "--size" => size.parse().expect("a size"),
            _ => 8,
        };
        gamekit::reversi::program::transcript(size, input).expect("an allowed size").0
    };
    let tictactoe = |_: &[String], input: &[u8]| gamekit::tictactoe::transcript(input, gamekit::tictactoe::book_move).0;
    let references: &[(&str, Reference)] = &[("reversi", &reversi), ("tictactoe", &tictactoe)];
    for &(assignment, reference) in references {
        for transcript in gamekit::testkit::Transcript::load_all(&Path::new(KIT).join("fixtures").join(assignment)) {
            let output = reference(&transcript.args, &transcript.input);
            if let Some(difference) = gamekit::testkit::explain_difference(&transcript.expected, output.as_bytes()) {
                panic!("{assignment} {}: {difference}", transcript.name);
            }
        }
    }
}

/// `--perfect` is provided code (`run`), tested here rather than graded: the human's
/// double threat that beats the book's player (a fixture) loses against the perfect one.
#[test]
fn tictactoe_perfect_chooses_the_perfect_player() {
    let tictactoe = program(KIT, "tictactoe", "tictactoe");
    let run = |args: &[&str]| run_program(&tictactoe, args, "y\n0\n8\n6\n7\n");
    let book = String::from_utf8(run(&[]).stdout).expect("text");
    assert!(book.contains("X's won!\nNo, no!"), "{book}");
    let perfect = run(&["--perfect"]);
    let text = String::from_utf8_lossy(&perfect.stdout);
    assert!(text.ends_with("O's won!\nAs I predicted, human, I am triumphant once more -- proof\nthat computers are superior to humans in all regards.\n"), "{text}");
    let bad = run(&["--fast"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("usage: tictactoe [--perfect]"));
}

/// Graders run at once (a class, or a student grading twice) share an assignment's judge:
/// grading again leaves its build files and the judge itself as they were, so that Cargo does
/// not link the judge again while another grader runs it.
#[test]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn grading_again_leaves_the_judge_as_it_was() {
    let judge = Path::new(KIT).join("target/grade/judge-tictactoe");
    let solution = Path::new(KIT).join("solution/tictactoe");
    let modified = |path: &Path| std::fs::metadata(path).and_then(|metadata| metadata.modified()).ok();
    // The build files, and the judges linked (target/grade/target/debug/deps/tictactoe-<hash>).
    let written = || {
        let deps = Path::new(KIT).join("target/grade/target/debug/deps");
        let judges = std::fs::read_dir(&deps).expect("the judges' directory").filter_map(|entry| {
            let path = entry.expect("an entry").path();
            let name = path.file_name()?.to_str()?.to_owned();
            (name.starts_with("tictactoe-") && path.extension().is_none()).then(|| (name, modified(&path)))
        });
        let files = ["Cargo.toml", "Cargo.lock", "build.rs"].map(|file| (file.to_owned(), modified(&judge.join(file))));
        files.into_iter().chain(judges).collect::<BTreeSet<_>>()
    };
    // Both gradings alone: another check's grading may link a judge of its own meanwhile.
    let _alone = alone();
    grade_alone("tictactoe", &solution, None, None);
    let before = written();
    assert!(before.iter().all(|(_, time)| time.is_some()), "the judge's files are in {}", judge.display());
    grade_alone("tictactoe", &solution, None, None);
    assert_eq!(written(), before, "grading again wrote the judge's files or linked it again");
}

/// A copy of the kit's sources in `scratch/kit` (`scratch` emptied first), their times kept,
/// its judges' target started from the kit's ([`seed_judges_target`]): Cargo names what it
/// builds for a path by where it is in its workspace, and finds a crate fresh by its files'
/// times, so the copy's judges find the kit's own crates built too, and compile only what a
/// check changes (the resumed batch's check took 25 s alone rather than 34 s).
fn copy_of_kit(scratch: &Path) -> PathBuf {
    let _ = std::fs::remove_dir_all(scratch);
    let kit = scratch.join("kit");
    std::fs::create_dir_all(&kit).expect("the copy's folder");
    for part in gamekit::grade::intake::KIT_PARTS {
        let copied = Command::new("cp").arg("-a").arg(Path::new(KIT).join(part)).arg(&kit).status();
        assert!(copied.is_ok_and(|status| status.success()), "cannot copy {part}");
    }
    seed_judges_target(&kit);
    kit
}

/// Starts the judges' target of `copy`, a copy of the kit, as a copy of the kit's own (its
/// files' times kept), so that the judge built in the copy finds the crates built (without
/// it, the resumed batch's check took 72 s alone). It is copied while no other check grades,
/// so that no crate is half built: one copied half written beside its fingerprint would be
/// taken as built. The kit's judges are built first (tictactoe's, with what they all
/// use): a copy made before any grading, as the first checks of a run are, would otherwise
/// start from nothing and build all of it again.
fn seed_judges_target(copy: &Path) {
    static JUDGES_BUILT: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    let built = JUDGES_BUILT.get_or_init(|| {
        let solution = Path::new(KIT).join("solution").join("tictactoe");
        let (assignment, submission) = ("tictactoe".into(), Some(solution));
        let options = Options { kit: KIT.into(), assignment, submission, timeout: None, only: None };
        let _beside_others = GRADING.read().unwrap_or_else(PoisonError::into_inner);
        gamekit::grade::grade(&options, |_| {}).err().map(|error| error.to_string())
    });
    assert_eq!(built, &None, "tictactoe's judge could not be built, to start a copy of the kit's from");
    let judges = Path::new(KIT).join("target").join("grade").join("target");
    let into = copy.join("target").join("grade");
    std::fs::create_dir_all(&into).expect("the copy's target/grade");
    let _no_grading = alone();
    if judges.is_dir() {
        let copied = Command::new("cp").arg("-a").arg(&judges).arg(&into).output().expect("cp runs");
        assert!(copied.status.success(), "cannot copy the judges' target: {}", String::from_utf8_lossy(&copied.stderr));
    }
}

/// A batch run again after an oracle changed grades again, and does not keep the grade the
/// old oracle gave: its fingerprint covers the kit (here tictactoe's order of preference,
/// changed in a copy of the kit). The copy builds its judge in a target of its own: Cargo
/// names what it builds for a path by where it is in its workspace, the same in both.
#[test]
#[ignore = "full tier: cargo test --workspace -- --include-ignored"]
fn a_batch_resumed_after_an_oracle_changed_grades_again() {
    let scratch = Path::new(KIT).join("target").join("kit-checks").join("resume");
    let kit = copy_of_kit(&scratch);
    let _beside_others = GRADING.read().unwrap_or_else(PoisonError::into_inner);
    let class = scratch.join("class");
    let alice = class.join("alice");
    std::fs::create_dir_all(&class).expect("the class's folder");
    let copied = Command::new("cp").arg("-r").arg(Path::new(KIT).join("solution/tictactoe")).arg(&alice).status();
    assert!(copied.is_ok_and(|status| status.success()), "cannot copy the solution");
    let batch = gamekit::grade::class::batch::Batch {
        kit: kit.clone(),
        assignment: "tictactoe".into(),
        submissions: class,
        out: scratch.join("graded"),
        jobs: 1,
        timeout: None,
        shard: None,
    };
    let score = || {
        let graded = gamekit::grade::class::batch::run(&batch, |_| {}).expect("the batch ran").graded;
        let [alice] = &graded[..] else { panic!("one submission: {}", graded.len()) };
        (alice.report.as_ref().expect("alice graded").score, alice.reused)
    };
    assert_eq!(score(), (100.0, false));
    assert_eq!(score(), (100.0, true), "resumed, nothing changed: the report is kept");
    let oracle = kit.join("crates/engines/src/tictactoe.rs");
    let text = std::fs::read_to_string(&oracle).expect("the oracle");
    let changed = text.replacen("[4, 0, 2, 6, 8, 1, 3, 5, 7]", "[4, 8, 6, 2, 0, 7, 5, 3, 1]", 1);
    assert_ne!(text, changed, "the order of preference is where this check expects it");
    std::fs::write(&oracle, changed).expect("the oracle changed");
    let (after, reused) = score();
    assert!(!reused, "resumed after the oracle changed: the old grade was kept");
    assert!(after < 100.0, "the solution no longer matches the changed oracle: {after}");
    let _ = std::fs::remove_dir_all(&scratch);
}
