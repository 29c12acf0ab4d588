//! The class page, `index.html`, and a page for each similar pair: HTML that opens from the
//! disk, with no server and nothing loaded from elsewhere (its style and charts are in the
//! file: SVG drawn here). Written with `maud`, which escapes every text it is given: ids,
//! test names and explanations come from submissions, and none becomes markup.

use crate::class::graded::Graded;
use crate::class::tally::{self, Change, Scores};
use crate::{Rubric, Status};
use gamekit_similarity::{File, Lines, Pair};
use maud::{DOCTYPE, Markup, PreEscaped, html};

const STYLE: &str = "
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 70em; padding: 0 1em; color: #1d2430; }
h1 { font-size: 1.6em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccd; }
table { border-collapse: collapse; } td, th { padding: .2em .6em; text-align: left; vertical-align: top; }
tr:nth-child(even) { background: #f3f4f8; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
pre { margin: 0; white-space: pre-wrap; font-size: 12px; }
.up { color: #17803d; } .down { color: #b3261e; } .muted { color: #667; }
.code { display: grid; grid-template-columns: 1fr 1fr; gap: 1em; margin-bottom: 1.5em; }
.code pre { background: #f6f6f2; padding: .5em; border-left: 3px solid #e0a030; overflow-x: auto; }
";

/// The whole page around `body`.
fn page(title: &str, body: Markup) -> String {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                style { (PreEscaped(STYLE)) }
            }
            body { (body) }
        }
    }
    .into_string()
}

/// A path segment of a link: an id may hold any character a file name may.
pub(crate) fn segment(text: &str) -> String {
    percent_encoding::utf8_percent_encode(text, percent_encoding::NON_ALPHANUMERIC).to_string()
}

/// What the class page, `index.html`, is drawn from.
pub(crate) struct Index<'a> {
    pub assignment: &'a str,
    pub rubric: &'a Rubric,
    pub graded: &'a [Graded],
    pub changes: Option<&'a [Change]>,
    /// The similar pairs worth a look, with their pages.
    pub similar: &'a [(&'a Pair, String)],
}

/// `index.html`: the scores' histogram, each group's points and pass rate, the tests failed
/// most with their clearest explanation, every submission linked to its report, and who
/// moved since the last gradebook.
pub(crate) fn index(class: &Index) -> String {
    let scores = Scores::of(class.graded);
    let not_compiling = class.graded.iter().filter(|one| one.status() == "does not compile").count();
    let not_graded = class.graded.iter().filter(|one| one.report.is_err()).count();
    let title = format!("{}: a class of {}", class.assignment, class.graded.len());
    let body = html! {
        h1 { (title) }
        p {
            "Mean " strong { (format!("{:.2}", scores.mean)) } ", median " strong { (format!("{:.2}", scores.median)) }
            " of " (crate::round(scores.total)) " points, over the " (scores.sorted.len()) " graded; "
            (not_compiling) " do not compile, " (not_graded) " could not be graded."
            @if let Some(changes) = class.changes {
                " Since the last gradebook: " (tally::moved(changes)) "."
            }
        }
        h2 { "Scores" }
        (histogram(&scores))
        h2 { "Rubric groups" }
        (groups(class.rubric, class.graded))
        (failed(class.graded))
        @if let Some(changes) = class.changes.filter(|changes| !changes.is_empty()) {
            h2 { "Changed since the last gradebook" }
            (moved(changes))
        }
        h2 { "Similar pairs worth a look" }
        (similar(class.similar))
        h2 { "Submissions" }
        (submissions(class))
    };
    page(&title, body)
}

/// The histogram of the scores by tenths of the total, as SVG.
fn histogram(scores: &Scores) -> Markup {
    let tenths = scores.tenths();
    let tallest = tenths.iter().copied().max().unwrap_or(0).max(1) as f64;
    let (width, height, bar) = (620.0, 200.0, 56.0);
    html! {
        svg width=(width) height=(height + 40.0) viewBox=(format!("0 0 {width} {}", height + 40.0))
            role="img" aria-label="the number of submissions by score, in tenths of the total" {
            @for (tenth, &count) in tenths.iter().enumerate() {
                @let x = 10.0 + tenth as f64 * (bar + 4.0);
                @let tall = count as f64 / tallest * (height - 20.0);
                rect x=(x) y=(height - tall) width=(bar) height=(tall) fill="#3b6fb6" {}
                text x=(x + bar / 2.0) y=(height - tall - 4.0) text-anchor="middle" font-size="12" { (count) }
                text x=(x + bar / 2.0) y=(height + 16.0) text-anchor="middle" font-size="11" fill="#555" {
                    (crate::round(scores.total * tenth as f64 / 10.0)) "–" (crate::round(scores.total * (tenth + 1) as f64 / 10.0))
                }
            }
            line x1="8" y1=(height) x2=(width - 10.0) y2=(height) stroke="#888" {}
        }
    }
}

/// Each group of the rubric: its points, the class's mean in it, and its pass rate (the
/// share of its tests passed, over every graded submission), drawn as a bar.
fn groups(rubric: &Rubric, graded: &[Graded]) -> Markup {
    let reports: Vec<&crate::Report> = graded.iter().filter_map(|one| one.report.as_ref().ok()).collect();
    html! {
        table {
            tr { th { "group" } th { "points" } th { "mean" } th { "pass rate" } th {} }
            @for group in &rubric.groups {
                @let tests = reports.iter().flat_map(|report| report.tests.iter()).filter(|test| test.group == group.prefix);
                @let (passed, all, points) = tests.fold((0, 0, 0.0), |(passed, all, points), test| {
                    (passed + usize::from(test.status == Status::Passed), all + 1, points + test.points)
                });
                @let rate = passed as f64 / all.max(1) as f64;
                tr {
                    td { code { (group.prefix) } br; span.muted { (group.about) } }
                    td.n { (group.points) }
                    td.n { (format!("{:.2}", points / reports.len().max(1) as f64)) }
                    td.n { (format!("{:.0}%", rate * 100.0)) }
                    td {
                        svg width="160" height="14" role="img" aria-label=(format!("{:.0}% passed", rate * 100.0)) {
                            rect width="160" height="14" fill="#e4e6ee" {}
                            rect width=(160.0 * rate) height="14" fill="#3f9b5a" {}
                        }
                    }
                }
            }
        }
    }
}

/// The tests failed most often, with the clearest explanation one of them was given.
fn failed(graded: &[Graded]) -> Markup {
    let most = tally::failed_most(graded);
    html! {
        @if !most.is_empty() {
            h2 { "Failed most often" }
            table {
                tr { th { "times" } th { "test" } th { "its clearest explanation" } }
                @for failed in most.iter().take(10) {
                    tr {
                        td.n { (failed.times) }
                        td { code { (failed.name) } }
                        td { pre { (clip(failed.explanation, 40)) } }
                    }
                }
            }
        }
    }
}

/// The first `lines` lines of `text`, saying how many more there are.
fn clip(text: &str, lines: usize) -> String {
    let count = text.lines().count();
    if count <= lines {
        return text.to_owned();
    }
    let kept: Vec<&str> = text.lines().take(lines).collect();
    format!("{}\n… ({} more lines in the reports)", kept.join("\n"), count - lines)
}

/// Who moved since the last gradebook.
fn moved(changes: &[Change]) -> Markup {
    html! {
        table {
            tr { th { "id" } th { "before" } th { "now" } th {} th { "groups that moved" } }
            @for change in changes {
                tr {
                    td { (change.id) }
                    td.n { (change.old.as_deref().unwrap_or("–")) }
                    td.n { (change.new.as_deref().unwrap_or("–")) }
                    td class=(change.direction()) { (change.direction()) }
                    td { @for (prefix, old, new) in &change.groups { code { (prefix) } " " (old) " → " (new) br; } }
                }
            }
        }
    }
}

/// Every submission, its score linked to its report.
fn submissions(class: &Index) -> Markup {
    html! {
        table {
            tr {
                th { "id" } th { "score" } th { "status" }
                @for group in &class.rubric.groups { th { code { (group.prefix) } } }
            }
            @for one in class.graded {
                @let (score, groups) = one.points(class.rubric);
                tr {
                    td { (one.id) }
                    td.n { a href=(format!("submissions/{}/report.txt", segment(&one.id))) { @if score.is_empty() { "report" } @else { (score) } } }
                    td { (one.status()) }
                    @for (_, points) in groups { td.n { (points) } }
                }
            }
        }
    }
}

/// The pairs whose code is alike enough to look at, linked to their pages.
fn similar(pairs: &[(&Pair, String)]) -> Markup {
    html! {
        p.muted {
            "Pairs sharing at least " (format!("{:.0}%", crate::class::similar::WORTH_A_LOOK * 100.0))
            " of their own code (the handout's and what most of the class shares left out; renamed, "
            "reordered, reformatted and uncommented code still counts). A reason to look, not a verdict: "
            "every pair that shares anything is in similarity.csv."
        }
        @if pairs.is_empty() {
            p { "None." }
        } @else {
            table {
                tr { th { "a" } th { "b" } th { "similarity" } th { "a's share" } th { "b's share" } th { "longest run" } th {} }
                @for (pair, page) in pairs {
                    tr {
                        td { (pair.a) } td { (pair.b) }
                        td.n { (format!("{:.2}", pair.similarity)) }
                        td.n { (format!("{:.0}%", pair.share_a * 100.0)) }
                        td.n { (format!("{:.0}%", pair.share_b * 100.0)) }
                        td.n { (pair.longest) " tokens" }
                        td { a href=(page) { "side by side" } }
                    }
                }
            }
        }
    }
}

/// At most this many fragments a pair's page shows (the longest).
const FRAGMENTS: usize = 40;

/// The page of a similar pair: the fragments they share, side by side.
pub(crate) fn pair(pair: &Pair, a: &[File], b: &[File]) -> String {
    let title = format!("{} and {}: {:.2} similar", pair.a, pair.b, pair.similarity);
    let body = html! {
        p { a href="../index.html" { "the class" } }
        h1 { (title) }
        p {
            (format!("{:.0}%", pair.share_a * 100.0)) " of " (pair.a) "'s own code is in " (pair.b) "'s, "
            (format!("{:.0}%", pair.share_b * 100.0)) " of " (pair.b) "'s in " (pair.a) "'s; the longest common run is "
            (pair.longest) " tokens. Identifiers are compared as if renamed alike, comments and layout not at all. "
            "A reason to look, not a verdict."
        }
        @for fragment in pair.fragments.iter().take(FRAGMENTS) {
            h2 { (fragment.tokens) " tokens" }
            div.code {
                (lines(&pair.a, a, &fragment.a))
                (lines(&pair.b, b, &fragment.b))
            }
        }
        @if pair.fragments.len() > FRAGMENTS {
            p.muted { (pair.fragments.len() - FRAGMENTS) " shorter fragments are not shown." }
        }
    };
    page(&title, body)
}

/// The `lines` of one side's file, numbered, under its id and path.
fn lines(id: &str, files: &[File], lines: &Lines) -> Markup {
    let text = files.iter().find(|file| file.path == lines.file).map_or("", |file| file.text.as_str());
    let shown: String = text
        .lines()
        .enumerate()
        .skip(lines.first.saturating_sub(1))
        .take((lines.last + 1).saturating_sub(lines.first.max(1)))
        .map(|(number, line)| format!("{:>4}  {}\n", number + 1, crate::shown::lines(line)))
        .collect();
    html! {
        div {
            strong { (id) } " " code { (crate::shown::line(&lines.file)) } " lines " (lines.first) "–" (lines.last)
            pre { (shown) }
        }
    }
}
