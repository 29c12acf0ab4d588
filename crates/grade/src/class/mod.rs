//! A class's results, as a batch (or the merge of a batch's shards) writes them into its
//! output folder:
//!
//! - per submission, `submissions/<id>/`: `report.txt`, `report.json`, `seconds`,
//!   `fingerprint` and `sources/` (a copy of the `src/` that was graded, for the similarity);
//! - `class.json`: what was graded (the assignment, the ids, the shard, the suite's
//!   fingerprint), which `gamekit merge` reads;
//! - `gradebook.csv`, `changes.csv` (when an earlier gradebook was there: who moved, and in
//!   which groups), `similarity.csv` with a page for each pair worth a look
//!   (`similarity/NNN.html`, `similar.rs`), `summary.txt` and the class page
//!   `index.html` (`page.rs`).
//!
//! Everything for the class is computed from the submissions' reports and sources alone, so
//! that a batch and a merge of shards write the same files.

pub use crate::class::graded::{Graded, Timing};
pub use crate::class::tally::Change;

pub mod batch;
mod graded;
pub mod merge;
mod page;
mod similar;
mod tally;

use crate::shown::cell;
use crate::{BatchError, Rubric};
use serde::{Deserialize, Serialize};
use std::path::Path;
use tally::{Book, Scores};

/// The I-th of N parts of a class (I from 1), split by id: a submission's part depends only on
/// its id, so that every machine agrees and the parts do not change as the class grows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// Whether the submission `id` is in this part: the first eight bytes of its SHA-256,
    /// modulo N, are I - 1.
    pub fn holds(&self, id: &str) -> bool {
        use sha2::Digest;
        let digest = sha2::Sha256::digest(id.as_bytes());
        let number = u64::from_be_bytes(digest[..8].try_into().expect("eight bytes"));
        number % self.count as u64 == (self.index - 1) as u64
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// `I/N`, with 1 ≤ I ≤ N.
    fn from_str(text: &str) -> Result<Shard, String> {
        let parts = text.split_once('/').and_then(|(i, n)| Some((i.trim().parse().ok()?, n.trim().parse().ok()?)));
        match parts {
            Some((index, count)) if (1..=count).contains(&index) => Ok(Shard { index, count }),
            _ => Err(format!("'{text}' is not a shard: I/N, with I from 1 to N (1/3, 2/3, 3/3)")),
        }
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(formatter, "{}/{}", self.index, self.count)
    }
}

/// What an output folder holds: `class.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    pub assignment: String,
    /// The part of the class graded there; none for a whole class (or a merge).
    pub shard: Option<Shard>,
    /// The submissions graded there, by id.
    pub ids: Vec<String>,
    /// The fingerprint of what decides a grade besides a submission (the kit, the grader,
    /// the time limits): shards graded differently are not merged.
    pub suite: String,
}

impl Manifest {
    pub(crate) fn read(out: &Path) -> Result<Manifest, BatchError> {
        let path = out.join("class.json");
        let text = std::fs::read(&path).map_err(BatchError::io(format!(
            "cannot read {} (is {} a batch's output?)",
            path.display(),
            out.display()
        )))?;
        serde_json::from_slice(&text).map_err(|error| BatchError::Merge(format!("{}: {error}", path.display())))
    }

    pub(crate) fn write(&self, out: &Path) -> Result<(), BatchError> {
        let text = serde_json::to_string_pretty(self).expect("a manifest serialises") + "\n";
        crate::output::write_new(&out.join("class.json"), text).map_err(BatchError::io("cannot write class.json"))
    }
}

/// What was written for the class, for the command to print.
#[derive(Debug, Clone)]
pub struct Class {
    pub graded: Vec<Graded>,
    /// `summary.txt`.
    pub summary: String,
}

/// Writes the class's files into `out` (all but the submissions' own, already there) from
/// `graded`, sorted by id: `class.json`, `gradebook.csv`, `changes.csv` when a gradebook was
/// there before, `similarity.csv` and the pages of the pairs worth a look, `summary.txt` and
/// `index.html`.
///
/// # Errors
/// When a file cannot be written.
pub fn write(
    out: &Path,
    kit: &Path,
    rubric: &Rubric,
    manifest: &Manifest,
    mut graded: Vec<Graded>,
) -> Result<Class, BatchError> {
    graded.sort_by(|a, b| a.id.cmp(&b.id));
    let book: Book = graded
        .iter()
        .map(|one| {
            let (score, groups) = one.points(rubric);
            (one.id.clone(), (score, groups.into_iter().collect()))
        })
        .collect();
    let changes = tally::read_gradebook(&out.join("gradebook.csv")).map(|old| tally::changes(&old, &book));
    manifest.write(out)?;
    write_gradebook(&out.join("gradebook.csv"), rubric, &graded)?;
    if let Some(changes) = &changes {
        write_changes(&out.join("changes.csv"), changes)?;
    }
    let pairs = similar::pairs(out, kit, &manifest.assignment, &graded);
    similar::write_csv(out, &pairs)?;
    let look: Vec<_> = similar::worth_a_look(&pairs).collect();
    write_pairs(out, &look)?;
    let summary = summary(&graded, changes.as_deref(), look.len());
    crate::output::write_new(&out.join("summary.txt"), &summary).map_err(BatchError::io("cannot write summary.txt"))?;
    let page = page::Index {
        assignment: &manifest.assignment,
        rubric,
        graded: &graded,
        changes: changes.as_deref(),
        similar: &look,
    };
    crate::output::write_new(&out.join("index.html"), page::index(&page))
        .map_err(BatchError::io("cannot write index.html"))?;
    Ok(Class { graded, summary })
}

/// The pages of the pairs worth a look, replacing those of an earlier run.
fn write_pairs(out: &Path, pairs: &[(&gamekit_similarity::Pair, String)]) -> Result<(), BatchError> {
    let dir = out.join("similarity");
    let _ = std::fs::remove_dir_all(&dir);
    if !pairs.is_empty() {
        std::fs::create_dir_all(&dir).map_err(BatchError::io(format!("cannot create {}", dir.display())))?;
    }
    for (pair, path) in pairs {
        let html = page::pair(pair, &similar::sources(out, &pair.a), &similar::sources(out, &pair.b));
        crate::output::write_new(&out.join(path), html).map_err(BatchError::io(format!("cannot write {path}")))?;
    }
    Ok(())
}

/// `gradebook.csv`: a row per submission: its id, score, each group's points, status and
/// seconds.
fn write_gradebook(path: &Path, rubric: &Rubric, graded: &[Graded]) -> Result<(), BatchError> {
    let mut header = vec!["id".to_owned(), "score".to_owned()];
    header.extend(rubric.groups.iter().map(|group| format!("{} ({})", group.prefix, group.points)));
    header.extend(["status".to_owned(), "seconds".to_owned()]);
    let rows = graded.iter().map(|one| {
        let (score, groups) = one.points(rubric);
        let mut row = vec![cell(&one.id).into_owned(), score];
        row.extend(groups.into_iter().map(|(_, points)| points));
        row.extend([cell(&one.status()).into_owned(), format!("{:.1}", one.seconds)]);
        row
    });
    let text = crate::output::csv(std::iter::once(header).chain(rows))?;
    crate::output::write_new(path, text).map_err(BatchError::io(format!("cannot write {}", path.display())))
}

/// `changes.csv`: a row per submission whose grade changed: its id, old and new score, which
/// way, and the groups that moved (`prefix old -> new`, separated by `; `).
fn write_changes(path: &Path, changes: &[Change]) -> Result<(), BatchError> {
    let header = ["id", "old", "new", "change", "groups"].map(str::to_owned).to_vec();
    let rows = changes.iter().map(|change| {
        let groups: Vec<String> =
            change.groups.iter().map(|(prefix, old, new)| format!("{prefix} {old} -> {new}")).collect();
        vec![
            cell(&change.id).into_owned(),
            change.old.clone().unwrap_or_default(),
            change.new.clone().unwrap_or_default(),
            change.direction().to_owned(),
            groups.join("; "),
        ]
    });
    let text = crate::output::csv(std::iter::once(header).chain(rows))?;
    crate::output::write_new(path, text).map_err(BatchError::io(format!("cannot write {}", path.display())))
}

/// The class at a glance: how many, the mean and median scores of those graded, who moved
/// since the last gradebook, a histogram of the scores by tenths of the total, and the tests
/// failed most often.
pub fn summary(graded: &[Graded], changes: Option<&[Change]>, similar: usize) -> String {
    let scores = Scores::of(graded);
    let not_graded = graded.iter().filter(|one| one.report.is_err()).count();
    let not_compiling = graded.iter().filter(|one| one.status() == "does not compile").count();
    let mut text = format!(
        "{} submissions: mean {:.2}, median {:.2} (of the {} graded); {not_compiling} do not compile, {not_graded} could not be graded\n",
        graded.len(),
        scores.mean,
        scores.median,
        scores.sorted.len(),
    );
    if let Some(changes) = changes {
        text += &format!("since the last gradebook: {} (changes.csv)\n", tally::moved(changes));
    }
    text += &format!("similar pairs worth a look: {similar} (similarity.csv, index.html)\n");
    text += "\nscores\n";
    let buckets = scores.tenths();
    let widest = buckets.iter().copied().max().unwrap_or(0).max(1);
    for (tenth, &n) in buckets.iter().enumerate() {
        let (low, high) = (scores.total * tenth as f64 / 10.0, scores.total * (tenth + 1) as f64 / 10.0);
        let bar = "#".repeat((n * 40).div_ceil(widest));
        let closing = if tenth == 9 { ']' } else { ')' };
        text += &format!("  [{low:>5.1}, {high:>5.1}{closing} {n:>4} {bar}\n");
    }
    let most = tally::failed_most(graded);
    if !most.is_empty() {
        text += "\nfailed most often\n";
        for failed in most.iter().take(10) {
            text += &format!("  {:>4}  {}\n", failed.times, failed.name);
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shard_is_i_of_n_from_1_and_every_id_is_in_exactly_one_of_them() {
        assert_eq!("2/3".parse(), Ok(Shard { index: 2, count: 3 }));
        for wrong in ["0/3", "4/3", "3", "a/b", "1/0", ""] {
            assert!(wrong.parse::<Shard>().is_err(), "{wrong}");
        }
        let shards: Vec<Shard> = (1..=3).map(|index| Shard { index, count: 3 }).collect();
        let mut sizes = [0; 3];
        for number in 0..300 {
            let id = format!("student{number}");
            let holding: Vec<usize> = shards.iter().filter(|shard| shard.holds(&id)).map(|shard| shard.index).collect();
            assert_eq!(holding.len(), 1, "{id} is in {holding:?}");
            sizes[holding[0] - 1] += 1;
        }
        assert!(sizes.iter().all(|&size| size > 70), "an uneven split: {sizes:?}");
        // The split is by the id alone, the same on every machine and in every version.
        let alice: Vec<bool> = shards.iter().map(|shard| shard.holds("alice")).collect();
        assert_eq!(alice, [false, false, true]);
    }
}
