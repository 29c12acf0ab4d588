//! The reversi class in `tests/class`, and how a tool's scores rank it: shared by the class
//! check, the comparison with copydetect and its benchmark.

#![allow(dead_code)] // Each user takes what it needs.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use gamekit_similarity::{File, Submission};

/// This crate's folder.
pub fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The class's folder: one folder per submission.
pub fn class_dir() -> PathBuf {
    crate_dir().join("tests/class")
}

/// The handout's source folder, whose files are the assignment's own code.
pub fn handout_dir() -> PathBuf {
    crate_dir().join("../../starter/reversi/src")
}

/// The `.rs` files under `dir`, paths relative to `base`, sorted.
fn rust_files(dir: &Path, base: &Path) -> Vec<File> {
    let mut files = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|entry| entry.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files.extend(rust_files(&path, base));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            let name = path.strip_prefix(base).unwrap().to_string_lossy().into_owned();
            files.push(File::from_bytes(name, &std::fs::read(&path).unwrap()));
        }
    }
    files
}

/// The class, in the order of the ids.
pub fn class() -> Vec<Submission> {
    let mut ids: Vec<String> = std::fs::read_dir(class_dir())
        .unwrap()
        .map(|entry| entry.unwrap())
        .filter(|entry| entry.path().is_dir())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    ids.sort();
    ids.into_iter()
        .map(|id| {
            let dir = class_dir().join(&id);
            Submission { files: rust_files(&dir, &dir), id }
        })
        .collect()
}

/// The handout's files.
pub fn handout() -> Vec<File> {
    let crate_dir = crate_dir().join("../../starter/reversi");
    rust_files(&crate_dir.join("src"), &crate_dir)
}

/// The copied pairs of `copies.toml`, each as (original, copy).
pub fn copies() -> BTreeSet<(String, String)> {
    let manifest: toml::Table = std::fs::read_to_string(class_dir().join("copies.toml")).unwrap().parse().unwrap();
    let field = |copy: &toml::Value, name: &str| copy[name].as_str().unwrap().to_owned();
    manifest["copy"].as_array().unwrap().iter().map(|copy| (field(copy, "original"), field(copy, "copy"))).collect()
}

/// A pair of ids and its score.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    pub a: String,
    pub b: String,
    pub score: f64,
}

impl std::fmt::Display for Scored {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}–{} {:.3}", self.a, self.b, self.score)
    }
}

/// How a tool's scores rank the class.
#[derive(Clone, Debug)]
pub struct Ranking {
    /// The lowest copied pair's score minus the highest independent pair's: above 0 when
    /// every copied pair ranks above every independent pair.
    pub margin: f64,
    pub lowest_copied: Scored,
    pub highest_independent: Scored,
}

impl Ranking {
    /// Whether every copied pair ranks above every independent pair.
    pub fn is_right(&self) -> bool {
        self.margin > 0.0
    }
}

/// The ranking of `scores` (pairs of ids, either order; a pair not there scores 0) over
/// every pair of `ids`.
pub fn ranking(ids: &[String], scores: &BTreeMap<(String, String), f64>) -> Ranking {
    let copies = copies();
    let score = |a: &String, b: &String| {
        scores.get(&(a.clone(), b.clone())).or_else(|| scores.get(&(b.clone(), a.clone()))).copied().unwrap_or(0.0)
    };
    let mut lowest_copied: Option<Scored> = None;
    let mut highest_independent: Option<Scored> = None;
    for (at, a) in ids.iter().enumerate() {
        for b in &ids[at + 1..] {
            let scored = Scored { a: a.clone(), b: b.clone(), score: score(a, b) };
            let copied = copies.contains(&(a.clone(), b.clone())) || copies.contains(&(b.clone(), a.clone()));
            if copied {
                if lowest_copied.as_ref().is_none_or(|low| scored.score < low.score) {
                    lowest_copied = Some(scored);
                }
            } else if highest_independent.as_ref().is_none_or(|high| scored.score > high.score) {
                highest_independent = Some(scored);
            }
        }
    }
    let (lowest_copied, highest_independent) = (lowest_copied.unwrap(), highest_independent.unwrap());
    Ranking { margin: lowest_copied.score - highest_independent.score, lowest_copied, highest_independent }
}

/// The Python that has copydetect: `$COPYDETECT_PYTHON` (relative to the workspace's root),
/// else the workspace's `target/copydetect/bin/python`. The build script looks it up the
/// same way.
pub fn copydetect_python() -> PathBuf {
    let root = crate_dir().join("../..");
    match std::env::var_os("COPYDETECT_PYTHON") {
        Some(python) => root.join(python),
        None => root.join("target/copydetect/bin/python"),
    }
}

/// copydetect's settings: its documented defaults (noise 25, guarantee 25), the handout's
/// files as boilerplate, Rust files only, and no file compared with one in its own folder.
const COPYDETECT: &str = r#"
import json, math, sys, time
from pathlib import Path
from copydetect import CopyDetector, defaults

class_dir, handout_dir = Path(sys.argv[1]), Path(sys.argv[2])
detector = CopyDetector(test_dirs=[str(class_dir)], ref_dirs=[str(class_dir)], boilerplate_dirs=[str(handout_dir)],
                        extensions=["rs"], ignore_leaf=True, autoopen=False, silent=True, out_file="/dev/null")
start = time.time()
detector.run()
seconds = time.time() - start
scores = {}
for i, test in enumerate(detector.test_files):
    for j, ref in enumerate(detector.ref_files):
        a, b = Path(test).relative_to(class_dir).parts[0], Path(ref).relative_to(class_dir).parts[0]
        one, two = detector.similarity_matrix[i, j]
        if a == b or one < 0:
            continue
        score = (one + two) / 2
        score = 0.0 if math.isnan(score) else float(score)
        key = tuple(sorted((a, b)))
        scores[key] = max(scores.get(key, 0.0), score)
print(json.dumps({"seconds": seconds, "noise_t": defaults.NOISE_THRESHOLD, "guarantee_t": defaults.GUARANTEE_THRESHOLD,
                  "pairs": [[a, b, s] for (a, b), s in sorted(scores.items())]}))
"#;

/// copydetect's result on the class.
pub struct Copydetect {
    /// Each pair's score: the mean of copydetect's two similarities (the share of each
    /// file's tokens found in the other), the highest over the pair's files.
    pub scores: BTreeMap<(String, String), f64>,
    /// The time copydetect took, in seconds, Python's start not counted.
    pub seconds: f64,
    /// The settings it used: noise and guarantee thresholds.
    pub noise_t: u64,
    pub guarantee_t: u64,
}

/// Runs copydetect on the class with `python`.
///
/// # Errors
/// When Python cannot run or copydetect fails: what it said.
pub fn copydetect(python: &Path) -> Result<Copydetect, String> {
    let output = Command::new(python)
        .args(["-c", COPYDETECT])
        .arg(class_dir())
        .arg(handout_dir())
        .output()
        .map_err(|error| format!("{}: {error}", python.display()))?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).into_owned());
    }
    let text = String::from_utf8_lossy(&output.stdout);
    let json: serde_json::Value = serde_json::from_str(&text).map_err(|error| format!("{error}: {text}"))?;
    let scores = json["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|pair| {
            let pair = pair.as_array().unwrap();
            let id = |at: usize| pair[at].as_str().unwrap().to_owned();
            ((id(0), id(1)), pair[2].as_f64().unwrap())
        })
        .collect();
    Ok(Copydetect {
        scores,
        seconds: json["seconds"].as_f64().unwrap(),
        noise_t: json["noise_t"].as_u64().unwrap(),
        guarantee_t: json["guarantee_t"].as_u64().unwrap(),
    })
}
