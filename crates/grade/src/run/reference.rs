//! The reference solution's time on each test: what a test's time limit is derived from
//! ([`crate::Rubric::limits`]). Measured by grading the reference solution with the same
//! judge on this machine, and kept in `target/grade/reference-<assignment>.json` until the
//! judge is built again (a handout's limits, until the kit's files change).

use crate::score::report::Report;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Each test's seconds, by name.
pub type Times = BTreeMap<String, f64>;

#[derive(serde::Serialize, serde::Deserialize)]
struct Kept {
    /// The judge they were measured with: its path, size and time of building.
    judge: String,
    /// The kit's files when they were measured (a digest of what Cargo tells changes by):
    /// a handout's limits are for the tests of the suite as it is.
    #[serde(default)]
    kit: u64,
    seconds: Times,
}

/// The digest of the kit's files as they are now ([`crate::build::once::kit_stamp`]).
fn kit_digest(kit: &Path) -> u64 {
    let kit = kit.canonicalize().unwrap_or_else(|_| kit.to_owned());
    crate::hash::stable(&crate::build::once::kit_stamp(&kit))
}

fn file(kit: &Path, assignment: &str) -> PathBuf {
    kit.join("target").join("grade").join(format!("reference-{assignment}.json"))
}

/// What is kept for `assignment`, if anything readable is.
fn read(kit: &Path, assignment: &str) -> Option<Kept> {
    serde_json::from_slice(&std::fs::read(file(kit, assignment)).ok()?).ok()
}

/// The judge as it is now built.
fn stamp(judge: &Path) -> String {
    let metadata = std::fs::metadata(judge).ok();
    let built = metadata.as_ref().and_then(|metadata| metadata.modified().ok());
    let since = built.and_then(|time| time.duration_since(std::time::UNIX_EPOCH).ok()).unwrap_or_default();
    format!("{} {} {}", judge.display(), metadata.map_or(0, |metadata| metadata.len()), since.as_nanos())
}

/// The times kept for `assignment`, when they were measured with this `judge`.
pub fn load(kit: &Path, assignment: &str, judge: &Path) -> Option<Times> {
    read(kit, assignment).filter(|kept| kept.judge == stamp(judge)).map(|kept| kept.seconds)
}

/// The times kept for `assignment`, whichever judge measured them: the reference solution's
/// at its last grading on this machine, for the limits a handout shows (`tests/rubric.txt`),
/// which need only be near the grader's.
pub fn kept(kit: &Path, assignment: &str) -> Option<Times> {
    read(kit, assignment).map(|kept| kept.seconds)
}

/// Whether times are kept for `assignment` that were measured on the kit's files as they
/// are now: a suite changed since (a public test added, say) has them measured again before
/// a handout shows its limits.
pub fn kept_for_this_kit(kit: &Path, assignment: &str) -> bool {
    read(kit, assignment).is_some_and(|kept| kept.kit == kit_digest(kit))
}

/// Keeps the times of `report`, the reference solution's, graded with `judge`. Best effort:
/// without them, limits are the rubric's.
pub fn save(kit: &Path, assignment: &str, judge: &Path, report: &Report) {
    // Only what it passed: a test it failed, or that did not run, says nothing of its time.
    let passed = report.tests.iter().filter(|test| test.status == crate::Status::Passed && test.seconds > 0.0);
    let seconds = passed.map(|test| (test.name.clone(), test.seconds)).collect();
    let kept = Kept { judge: stamp(judge), kit: kit_digest(kit), seconds };
    if let Ok(text) = serde_json::to_vec_pretty(&kept) {
        let _ = crate::output::write_new(&file(kit, assignment), text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sandbox::Isolation;
    use crate::{Rubric, Status, TestResult};

    /// Times measured with one judge are not those of another: a judge built again (another
    /// size, or another time of building) makes them stale, and the reference is timed again.
    #[test]
    fn the_times_kept_go_with_the_judge_they_were_measured_with() {
        let kit = std::env::temp_dir().join(format!("gamekit-reference-{}", std::process::id()));
        let judge = kit.join("judge");
        std::fs::create_dir_all(kit.join("target").join("grade")).expect("a scratch kit");
        std::fs::write(&judge, "the judge").expect("a judge");
        let rubric: Rubric = toml::from_str("assignment = 'a'\npackage = 'a'\n[[group]]\nprefix = 'x::'\npoints = 1\n")
            .expect("a rubric");
        let mut report = Report::new(&rubric, &kit, Isolation::None);
        let test = |name: &str, status, seconds| TestResult {
            name: name.to_owned(),
            group: "x::".to_owned(),
            max_points: 1.0,
            points: 0.0,
            status,
            seconds,
            unchecked_until: None,
            explanation: String::new(),
        };
        report.tests = vec![test("x::passed", Status::Passed, 0.5), test("x::failed", Status::Failed, 9.0)];
        save(&kit, "a", &judge, &report);
        let kept = load(&kit, "a", &judge).expect("the times of this judge");
        assert_eq!(kept, Times::from([("x::passed".to_owned(), 0.5)]), "only what the reference passed");
        std::fs::write(&judge, "the judge, built again").expect("a judge built again");
        assert_eq!(load(&kit, "a", &judge), None, "times of another judge are stale");
        assert_eq!(load(&kit, "b", &judge), None, "another assignment's");
        assert!(kept_for_this_kit(&kit, "a"), "measured on the kit as it is");
        std::fs::create_dir_all(kit.join("tests")).expect("a suite's folder");
        std::fs::write(kit.join("tests").join("added.rs"), "").expect("a test added to the kit");
        assert!(!kept_for_this_kit(&kit, "a"), "measured before a test was added to the kit");
        assert!(super::kept(&kit, "a").is_some(), "still shown until measured again");
        let _ = std::fs::remove_dir_all(&kit);
    }
}
