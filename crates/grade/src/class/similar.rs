//! The class's similarity ([`gamekit_similarity`]): every submission's kept `src/`
//! (`submissions/<id>/sources/`) against every other's, the handout's own code left out;
//! `similarity.csv`, and a page for each pair worth a look.

use crate::BatchError;
use crate::class::graded::{Graded, submission_dir};
use crate::shown::cell;
use gamekit_similarity::{File, Pair, Settings, Submission, compare};
use std::path::Path;

/// A pair is worth a look from this similarity on. On the kit's class of reversi
/// (`crates/similarity/tests/class`), independent solutions share at most 0.06 and the
/// disguised copies at least 0.30; a reason to look, never a verdict.
pub const WORTH_A_LOOK: f64 = 0.25;

/// At most this many pairs get a page (the most similar), so that the output stays small
/// when a class shares much.
const PAGES: usize = 100;

/// The `.rs` files under `dir`, each named by its path below `dir`.
fn files(dir: &Path) -> Vec<File> {
    crate::intake::walk::all(dir)
        .flatten()
        .filter(|entry| entry.file_type().is_file() && entry.path().extension().is_some_and(|ext| ext == "rs"))
        .filter_map(|entry| {
            let bytes = std::fs::read(entry.path()).ok()?;
            let name = entry.path().strip_prefix(dir).unwrap_or(entry.path()).to_string_lossy().into_owned();
            Some(File::from_bytes(name, &bytes))
        })
        .collect()
}

/// Every pair of `graded` that shares code of its own, most similar first: the sources kept
/// in `out`, the handout's (every `.rs` of `starter/<assignment>` in the kit) left out.
pub(crate) fn pairs(out: &Path, kit: &Path, assignment: &str, graded: &[Graded]) -> Vec<Pair> {
    let class: Vec<Submission> = graded
        .iter()
        .map(|one| Submission { id: one.id.clone(), files: sources(out, &one.id) })
        .filter(|submission| !submission.files.is_empty())
        .collect();
    let handout = files(&kit.join("starter").join(assignment));
    compare(&class, &handout, &Settings::default())
}

/// Where the page of the `rank`-th pair goes, relative to the output folder.
fn page_path(rank: usize) -> String {
    format!("similarity/{rank:03}.html")
}

/// The pairs worth a look, with their pages' paths.
pub(crate) fn worth_a_look(pairs: &[Pair]) -> impl Iterator<Item = (&Pair, String)> {
    pairs
        .iter()
        .take_while(|pair| pair.similarity >= WORTH_A_LOOK)
        .take(PAGES)
        .enumerate()
        .map(|(rank, pair)| (pair, page_path(rank + 1)))
}

/// Writes `similarity.csv`: a row per pair that shares anything: `a,b,similarity`, each
/// side's share, the longest common run in tokens, its page if it has one.
pub(crate) fn write_csv(out: &Path, pairs: &[Pair]) -> Result<(), BatchError> {
    let path = out.join("similarity.csv");
    let header = ["a", "b", "similarity", "share_a", "share_b", "longest", "page"].map(str::to_owned).to_vec();
    let pages: Vec<(&Pair, String)> = worth_a_look(pairs).collect();
    let rows = pairs.iter().enumerate().map(|(rank, pair)| {
        let page = pages.get(rank).map_or("", |(_, page)| page.as_str());
        let share = |share: f64| format!("{share:.3}");
        vec![
            cell(&pair.a).into_owned(),
            cell(&pair.b).into_owned(),
            share(pair.similarity),
            share(pair.share_a),
            share(pair.share_b),
            pair.longest.to_string(),
            page.to_owned(),
        ]
    });
    let text = crate::output::csv(std::iter::once(header).chain(rows))?;
    crate::output::write_new(&path, text).map_err(BatchError::io(format!("cannot write {}", path.display())))
}

/// The sources kept of the submission `id` in `out`.
pub(crate) fn sources(out: &Path, id: &str) -> Vec<File> {
    files(&submission_dir(out, id).join("sources"))
}
