//! The class's numbers, for the summary and the class page: its scores, the tests failed
//! most, and who moved since the last gradebook.

use crate::Status;
use crate::class::graded::Graded;
use crate::shown::uncell;
use std::collections::BTreeMap;
use std::path::Path;

/// A submission whose grade changed since the gradebook that was there before.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub id: String,
    /// Its score before and now, as the gradebooks show them: `None` when it was not in that
    /// gradebook, empty when it was not graded.
    pub old: Option<String>,
    pub new: Option<String>,
    /// For a submission graded both times, the groups whose points moved: prefix, before, now.
    pub groups: Vec<(String, String, String)>,
}

impl Change {
    /// `up`, `down`, `moved within` (its score as it was, groups moved), `new` (not in the
    /// earlier gradebook), `gone` (no longer in the class), `graded` (not graded before) or
    /// `not graded` (graded before, not now).
    pub fn direction(&self) -> &'static str {
        let score = |score: &Option<String>| score.as_deref().and_then(|score| score.parse::<f64>().ok());
        match (&self.old, &self.new, score(&self.old), score(&self.new)) {
            (None, _, _, _) => "new",
            (_, None, _, _) => "gone",
            (_, _, Some(old), Some(new)) if new > old => "up",
            (_, _, Some(old), Some(new)) if new < old => "down",
            (_, _, Some(_), Some(_)) => "moved within",
            (_, _, None, Some(_)) => "graded",
            (_, _, _, None) => "not graded",
        }
    }
}

/// A gradebook read back: per id, its score and its points per group prefix (as written).
pub(crate) type Book = BTreeMap<String, (String, BTreeMap<String, String>)>;

pub(crate) fn read_gradebook(path: &Path) -> Option<Book> {
    let mut reader = csv::Reader::from_path(path).ok()?;
    let header = reader.headers().ok()?.clone();
    let columns = header.len();
    if columns < 4 || &header[0] != "id" || &header[1] != "score" {
        return None;
    }
    let prefixes: Vec<String> = header
        .iter()
        .take(columns - 2)
        .skip(2)
        .map(|name| name.rsplit_once(" (").map_or(name, |(prefix, _)| prefix).to_owned())
        .collect();
    let mut book = Book::new();
    for row in reader.records().flatten() {
        let groups = prefixes.iter().zip(row.iter().skip(2)).map(|(p, v)| (p.clone(), v.to_owned())).collect();
        book.insert(uncell(row.get(0)?).to_owned(), (row.get(1)?.to_owned(), groups));
    }
    Some(book)
}

/// Who moved between the `old` gradebook and the `new` one, by id.
pub(crate) fn changes(old: &Book, new: &Book) -> Vec<Change> {
    let ids: std::collections::BTreeSet<&String> = old.keys().chain(new.keys()).collect();
    ids.into_iter()
        .filter_map(|id| {
            let (before, now) = (old.get(id), new.get(id));
            let mut groups: Vec<(String, String, String)> = Vec::new();
            if let (Some((old, old_groups)), Some((new, new_groups))) = (before, now)
                && !old.is_empty()
                && !new.is_empty()
            {
                for prefix in old_groups.keys().chain(new_groups.keys()) {
                    let (was, is) = (old_groups.get(prefix), new_groups.get(prefix));
                    if was != is && !groups.iter().any(|(seen, _, _)| seen == prefix) {
                        groups.push((
                            prefix.clone(),
                            was.cloned().unwrap_or_default(),
                            is.cloned().unwrap_or_default(),
                        ));
                    }
                }
            }
            let (old, new) = (before.map(|(score, _)| score.clone()), now.map(|(score, _)| score.clone()));
            (old != new || !groups.is_empty()).then(|| Change { id: id.clone(), old, new, groups })
        })
        .collect()
}

/// How many moved each way, in a line: "3 up, 1 down, 2 new".
pub fn moved(changes: &[Change]) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for change in changes {
        *counts.entry(change.direction()).or_default() += 1;
    }
    let order = ["up", "down", "moved within", "new", "gone", "graded", "not graded"];
    let said: Vec<String> =
        order.iter().filter_map(|direction| Some(format!("{} {direction}", counts.get(direction)?))).collect();
    if said.is_empty() { "no grade changed".to_owned() } else { said.join(", ") }
}

/// The scores of those graded, sorted, with their total, mean and median.
pub(crate) struct Scores {
    pub sorted: Vec<f64>,
    pub total: f64,
    pub mean: f64,
    pub median: f64,
}

impl Scores {
    pub fn of(graded: &[Graded]) -> Scores {
        let mut sorted: Vec<f64> = graded.iter().filter_map(|one| Some(one.report.as_ref().ok()?.score)).collect();
        sorted.sort_by(f64::total_cmp);
        let marked = sorted.len();
        let mean = sorted.iter().sum::<f64>() / marked.max(1) as f64;
        let median = match marked {
            0 => 0.0,
            _ if marked % 2 == 1 => sorted[marked / 2],
            _ => (sorted[marked / 2 - 1] + sorted[marked / 2]) / 2.0,
        };
        let total = graded.iter().find_map(|one| one.report.as_ref().ok()).map_or(100.0, |report| report.max_score);
        Scores { sorted, total, mean, median }
    }

    /// How many scored in each tenth of the total (the last one closed: full marks in it).
    pub fn tenths(&self) -> [usize; 10] {
        let mut buckets = [0; 10];
        for score in &self.sorted {
            buckets[((score / self.total * 10.0) as usize).min(9)] += 1;
        }
        buckets
    }
}

/// A test failed by some of the class.
pub(crate) struct Failed<'a> {
    pub name: &'a str,
    pub times: usize,
    /// Its clearest explanation: one given for a failure on its own before one left
    /// unchecked until a test it needs passes, a failed assertion's before a crash's or a
    /// time-out's, and the shortest of those.
    pub explanation: &'a str,
    clearest: Option<(bool, bool, usize)>,
}

/// The tests failed, most often first (then by name).
pub(crate) fn failed_most(graded: &[Graded]) -> Vec<Failed<'_>> {
    let mut failed: BTreeMap<&str, Failed> = BTreeMap::new();
    for report in graded.iter().filter_map(|one| one.report.as_ref().ok()) {
        for test in report.tests.iter().filter(|test| test.status != Status::Passed) {
            let entry = failed.entry(&test.name).or_insert(Failed {
                name: &test.name,
                times: 0,
                explanation: "",
                clearest: None,
            });
            entry.times += 1;
            let clarity = (test.unchecked_until.is_some(), test.status != Status::Failed, test.explanation.len());
            if !test.explanation.is_empty() && entry.clearest.is_none_or(|clearest| clarity < clearest) {
                entry.explanation = &test.explanation;
                entry.clearest = Some(clarity);
            }
        }
    }
    let mut most: Vec<Failed> = failed.into_values().collect();
    most.sort_by(|a, b| b.times.cmp(&a.times).then(a.name.cmp(b.name)));
    most
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An id, its score, and its points per group.
    type Row<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)]);

    fn book(rows: &[Row]) -> Book {
        rows.iter()
            .map(|(id, score, groups)| {
                let groups = groups.iter().map(|(prefix, points)| ((*prefix).to_owned(), (*points).to_owned()));
                ((*id).to_owned(), ((*score).to_owned(), groups.collect()))
            })
            .collect()
    }

    #[test]
    fn changes_say_who_moved_which_way_and_in_which_groups() {
        let old = book(&[
            ("ann", "50.00", &[("a::", "20.00"), ("b::", "30.00")]),
            ("ben", "80.00", &[("a::", "40.00"), ("b::", "40.00")]),
            ("cal", "10.00", &[]),
            ("dot", "", &[]),
            ("eli", "70.00", &[("a::", "30.00"), ("b::", "40.00")]),
            ("fay", "60.00", &[]),
        ]);
        let new = book(&[
            ("ann", "70.00", &[("a::", "40.00"), ("b::", "30.00")]),
            ("ben", "80.00", &[("a::", "40.00"), ("b::", "40.00")]),
            ("dot", "5.00", &[]),
            ("eli", "70.00", &[("a::", "40.00"), ("b::", "30.00")]),
            ("fay", "", &[]),
            ("gus", "90.00", &[("a::", "50.00")]),
        ]);
        let changes = changes(&old, &new);
        let said: Vec<(&str, &str)> = changes.iter().map(|change| (change.id.as_str(), change.direction())).collect();
        assert_eq!(
            said,
            [
                ("ann", "up"),
                ("cal", "gone"),
                ("dot", "graded"),
                ("eli", "moved within"),
                ("fay", "not graded"),
                ("gus", "new")
            ]
        );
        assert_eq!(changes[0].groups, [("a::".to_owned(), "20.00".to_owned(), "40.00".to_owned())]);
        assert!(changes[5].groups.is_empty(), "a new submission has nothing to move from");
        assert_eq!(moved(&changes), "1 up, 1 moved within, 1 new, 1 gone, 1 graded, 1 not graded");
        assert_eq!(moved(&[]), "no grade changed");
    }

    /// A gradebook's ids are read back as they were, a `'` written before one that a
    /// spreadsheet would run as a formula taken off.
    #[test]
    fn a_gradebook_is_read_back_with_its_ids_as_they_were() {
        let dir = crate::scratch("tally-gradebook");
        let path = dir.join("gradebook.csv");
        let written = "id,score,a:: (50),status,seconds\n'=HYPERLINK(\"x\"),50.00,50.00,graded,1.0\n\
                       ann,20.00,20.00,graded,1.0\n''quoted,0.00,0.00,graded,1.0\n";
        std::fs::write(&path, written).expect("a gradebook");
        let read = read_gradebook(&path).expect("read");
        let _ = std::fs::remove_dir_all(dir);
        let ids: Vec<&str> = read.keys().map(String::as_str).collect();
        assert_eq!(ids, ["'quoted", "=HYPERLINK(\"x\")", "ann"]);
    }
}
