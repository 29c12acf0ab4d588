//! The reference solution's time on each test: what a test's time limit is derived from
//! ([`super::Rubric::limits`]). Measured by grading the reference solution with the same
//! judge on this machine, and kept in `target/grade/reference-<assignment>.json` until the
//! judge is built again.

use super::report::Report;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Each test's seconds, by name.
pub type Times = BTreeMap<String, f64>;

#[derive(serde::Serialize, serde::Deserialize)]
struct Kept {
    /// The judge they were measured with: its path, size and time of building.
    judge: String,
    seconds: Times,
}

fn file(kit: &Path, assignment: &str) -> PathBuf {
    kit.join("target").join("grade").join(format!("reference-{assignment}.json"))
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
    let kept: Kept = serde_json::from_slice(&std::fs::read(file(kit, assignment)).ok()?).ok()?;
    (kept.judge == stamp(judge)).then_some(kept.seconds)
}

/// Keeps the times of `report`, the reference solution's, graded with `judge`. Best effort:
/// without them, limits are the rubric's.
pub fn save(kit: &Path, assignment: &str, judge: &Path, report: &Report) {
    // Only what it passed: a test it failed, or that did not run, says nothing of its time.
    let passed = report.tests.iter().filter(|test| test.status == super::Status::Passed && test.seconds > 0.0);
    let seconds = passed.map(|test| (test.name.clone(), test.seconds)).collect();
    let kept = Kept { judge: stamp(judge), seconds };
    let path = file(kit, assignment);
    let partial = path.with_extension(format!("json.{}", std::process::id()));
    if let Ok(text) = serde_json::to_vec_pretty(&kept)
        && std::fs::write(&partial, text).is_ok()
    {
        let _ = std::fs::rename(&partial, &path);
    }
}
