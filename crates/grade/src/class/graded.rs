//! One submission's folder in a batch's output, `submissions/<id>/`: its reports
//! (`report.txt`, `report.json`), `seconds`, `fingerprint`, and `sources/`, a copy of the
//! `src/` that was graded, which the similarity compares.

use crate::{BatchError, Report, Rubric, Style};
use std::path::{Path, PathBuf};

/// One submission of the class, graded.
#[derive(Debug, Clone)]
pub struct Graded {
    pub id: String,
    /// Its report; `Err` with the reason when it could not be graded at all.
    pub report: Result<Report, String>,
    /// Whether its report was kept from an earlier batch, its fingerprint unchanged.
    pub reused: bool,
    pub seconds: f64,
    /// Where its time went, when it was graded now.
    pub timing: Option<Timing>,
}

/// Where a submission's time went in a batch: its build (with its probe), the wait for its
/// turn to test (one submission tests at a time), and its tests.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Timing {
    pub build: f64,
    pub waiting: f64,
    pub tests: f64,
}

impl Graded {
    /// `graded`, `does not compile`, or `not graded:` and why.
    pub fn status(&self) -> String {
        match &self.report {
            Ok(report) if report.build_errors.is_some() => "does not compile".into(),
            Ok(_) => "graded".into(),
            Err(why) => format!("not graded: {why}"),
        }
    }

    /// Writes its reports into `dir`, with its `fingerprint`.
    pub(crate) fn write(&self, dir: &Path, fingerprint: &str) -> Result<(), BatchError> {
        std::fs::create_dir_all(dir).map_err(BatchError::io(format!("cannot create {}", dir.display())))?;
        let (text, json) = match &self.report {
            Ok(report) => (
                report.text(Style { width: 80, verbose: false, colour: false }),
                serde_json::to_string_pretty(report).expect("a report serialises"),
            ),
            Err(why) => {
                (format!("{}: not graded: {why}\n", self.id), serde_json::json!({ "not_graded": why }).to_string())
            }
        };
        let write = |name: &str, text: &str| {
            crate::output::write_new(&dir.join(name), text).map_err(BatchError::io(format!("cannot write {name}")))
        };
        write("report.txt", &text)?;
        write("report.json", &json)?;
        write("seconds", &format!("{:.1}\n", self.seconds))?;
        write("fingerprint", fingerprint)
    }

    /// The submission `id` as a batch wrote it into `dir`, if it reads back.
    pub(crate) fn read(dir: &Path, id: &str) -> Option<Graded> {
        let json: serde_json::Value = serde_json::from_slice(&std::fs::read(dir.join("report.json")).ok()?).ok()?;
        let seconds = std::fs::read_to_string(dir.join("seconds")).ok()?.trim().parse().ok()?;
        let report = match json.get("not_graded").and_then(serde_json::Value::as_str) {
            Some(why) => Err(why.to_owned()),
            None => Ok(serde_json::from_value(json).ok()?),
        };
        Some(Graded { id: id.to_owned(), report, reused: true, seconds, timing: None })
    }

    /// Its points in each group of the rubric, as the gradebook shows them; empty when it
    /// was not graded (not a zero).
    pub(crate) fn points(&self, rubric: &Rubric) -> (String, Vec<(String, String)>) {
        let score = self.report.as_ref().map_or(String::new(), |report| format!("{:.2}", report.score));
        let groups = rubric.groups.iter().map(|group| {
            let points = self.report.as_ref().map_or(String::new(), |report| {
                let points = report
                    .tests
                    .iter()
                    .filter(|test| test.group == group.prefix)
                    .fold(0.0, |sum, test| sum + test.points);
                format!("{points:.2}")
            });
            (group.prefix.clone(), points)
        });
        (score, groups.collect())
    }
}

/// The most bytes of one source file kept for the similarity, and of a submission's: what is
/// larger is not a student's code, and is left out of the comparison.
const SOURCE_LIMIT: u64 = 1 << 20;
const SOURCES_LIMIT: u64 = 4 << 20;

/// Keeps a copy of the `.rs` files of `crate_dir`'s `src/` (the part that is graded) in
/// `dir/sources`, replacing an earlier copy, for the similarity.
pub(crate) fn keep_sources(crate_dir: &Path, dir: &Path) -> Result<(), BatchError> {
    let sources = dir.join("sources");
    let _ = std::fs::remove_dir_all(&sources);
    let src = crate_dir.join("src");
    if std::fs::symlink_metadata(&src).is_ok_and(|metadata| metadata.is_symlink()) {
        return Ok(());
    }
    let mut kept = 0;
    for entry in crate::intake::walk::all(&src).flatten() {
        let size = entry.metadata().map_or(u64::MAX, |metadata| metadata.len());
        let rust = entry.path().extension().is_some_and(|extension| extension == "rs");
        if !entry.file_type().is_file() || !rust || size > SOURCE_LIMIT || kept + size > SOURCES_LIMIT {
            continue;
        }
        kept += size;
        let to = sources.join("src").join(entry.path().strip_prefix(&src).unwrap_or(entry.path()));
        std::fs::create_dir_all(to.parent().unwrap_or(&sources))
            .and_then(|()| crate::output::write_new(&to, std::fs::read(entry.path())?))
            .map_err(BatchError::io(format!("cannot keep {}", to.display())))?;
    }
    Ok(())
}

/// The folder of the submission `id` in `out`.
pub(crate) fn submission_dir(out: &Path, id: &str) -> PathBuf {
    out.join("submissions").join(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a batch keeps of a submission for the similarity is read outside any sandbox:
    /// a hostile submission must not make it copy what is not its own code.
    #[test]
    fn only_the_submissions_own_rust_files_of_bounded_size_are_kept_never_what_a_link_leads_to() {
        let scratch = crate::scratch("graded-keep");
        let (submission, out) = (scratch.join("mallory"), scratch.join("out"));
        let src = submission.join("src");
        std::fs::create_dir_all(src.join("nested")).expect("a submission");
        let secret = scratch.join("secret.rs");
        std::fs::write(&secret, "the grader's secret").expect("a file outside the submission");
        std::fs::write(src.join("lib.rs"), "pub fn f() {}\n").expect("lib.rs");
        std::fs::write(src.join("nested/deep.rs"), "fn g() {}\n").expect("deep.rs");
        std::fs::write(src.join("notes.txt"), "not Rust").expect("notes.txt");
        std::fs::write(src.join("huge.rs"), vec![b' '; SOURCE_LIMIT as usize + 1]).expect("huge.rs");
        std::os::unix::fs::symlink(&secret, src.join("link.rs")).expect("a link to a file");
        std::os::unix::fs::symlink(&scratch, src.join("everything")).expect("a link to a folder");
        keep_sources(&submission, &out).expect("kept");
        let mut kept: Vec<String> = crate::intake::walk::all(&out.join("sources"))
            .flatten()
            .filter(|entry| entry.file_type().is_file())
            .map(|entry| entry.path().strip_prefix(&out).expect("below out").display().to_string())
            .collect();
        kept.sort();
        assert_eq!(kept, ["sources/src/lib.rs", "sources/src/nested/deep.rs"]);

        // A `src` that is itself a link keeps nothing, and what an earlier run kept goes.
        std::fs::rename(&src, submission.join("elsewhere")).expect("src moved");
        std::os::unix::fs::symlink(submission.join("elsewhere"), &src).expect("src a link");
        keep_sources(&submission, &out).expect("kept");
        assert!(!out.join("sources").exists(), "a linked src/ was kept");
        let _ = std::fs::remove_dir_all(scratch);
    }
}
