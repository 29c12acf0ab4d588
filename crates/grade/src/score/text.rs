//! The report as a person reads it: what a student acts on first, within the terminal's
//! width.
//!
//! First the score and a row per rubric group (its points, its tests passed, what it
//! checks); then, for each group that lost points, its clearest failing test explained and
//! the others named. The clearest is the one a student can most easily follow: a wrong
//! answer before a crash or a limit, and of those the shortest explanation (the smallest
//! board, the fewest moves, as the suites write them). `--verbose` shows every test and
//! every explanation in full, as the JSON report has them.

use crate::score::report::{Report, Status, TestResult, round};
use std::fmt::Write as _;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// How the report is shown.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// The most characters a line may have (unless `verbose`).
    pub width: usize,
    /// Every test and every explanation in full.
    pub verbose: bool,
    /// Colours (a terminal that shows them).
    pub colour: bool,
}

/// The most lines of one explanation, or of the compiler's errors, shown unless verbose.
const MOST_LINES: usize = 24;
/// The most other failing tests named per group unless verbose.
const MOST_NAMES: usize = 3;

impl Report {
    /// The report as a person reads it (see the module's docs).
    pub fn text(&self, style: Style) -> String {
        let mut out = Out { text: String::new(), style };
        let headline = self.headline();
        let colour = if self.score >= self.max_score - 0.005 { Colour::Good } else { Colour::Bad };
        out.line_painted(&headline, colour, true);
        out.wrapped("", &self.isolation_short());
        if let Some(only) = &self.only {
            out.wrapped("", &format!("only the tests starting with {only} ran; the score counts only them"));
        }
        for note in &self.notes {
            out.wrapped("note: ", note);
        }
        for name in &self.unweighted {
            out.wrapped("warning: ", &format!("{name} is in no group of the rubric: it was run but is worth nothing"));
        }
        if let Some(errors) = &self.build_errors {
            out.line("");
            out.line_painted(
                "Your crate does not compile, so every test scores 0. The compiler said:",
                Colour::Bad,
                true,
            );
            out.block("", errors);
            return out.text;
        }
        out.line("");
        self.groups_table(&mut out);
        // The groups whose own failures explain them first; then those whose failures wait on
        // another group's, a line each.
        let (explained, waiting): (Vec<_>, Vec<_>) =
            self.groups.iter().filter(|group| self.lost_in(&group.prefix)).partition(|group| {
                self.tests_of(&group.prefix).any(|test| test.status != Status::Passed && test.unchecked_until.is_none())
            });
        for group in explained {
            self.explain_group(&mut out, &group.prefix, &group.about);
        }
        self.waiting_groups(&mut out, &waiting.iter().map(|group| group.prefix.as_str()).collect::<Vec<_>>());
        if style.verbose {
            out.line("");
            // The names' column as wide as the longest (a suite's names are Rust paths).
            let names = self.tests.iter().map(|test| test.name.len()).chain([4]).max().unwrap_or(4);
            out.line(&header(names));
            for test in &self.tests {
                out.line(&row(test, names));
            }
        } else if self.tests.iter().any(|test| test.status != Status::Passed) {
            out.line("");
            out.line("(--verbose shows every test and every explanation in full)");
        }
        out.text
    }

    fn tests_of<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = &'a TestResult> {
        self.tests.iter().filter(move |test| test.group == prefix)
    }

    fn lost_in(&self, prefix: &str) -> bool {
        self.tests_of(prefix).any(|test| test.status != Status::Passed)
    }

    /// A row per group that ran: its points, its tests passed, its name, and what it checks
    /// when every row has room for it (the groups explained below say it in any case).
    fn groups_table(&self, out: &mut Out) {
        let width = self.groups.iter().map(|group| columns(&group.prefix)).max().unwrap_or(5).max(5);
        let rows: Vec<(String, &str, bool)> = self
            .groups
            .iter()
            .filter_map(|group| {
                let tests: Vec<&TestResult> = self.tests_of(&group.prefix).collect();
                let passed = tests.iter().filter(|test| test.status == Status::Passed).count();
                let earned: f64 = tests.iter().map(|test| test.points).sum();
                let max: f64 = tests.iter().map(|test| test.max_points).sum();
                let row = format!(
                    "{:>13}  {:>7}  {:<width$}",
                    format!("{:.2}/{:.2}", round(earned), round(max)),
                    format!("{passed}/{}", tests.len()),
                    group.prefix
                );
                (!tests.is_empty()).then_some((row, group.about.as_str(), passed == tests.len()))
            })
            .collect();
        let with_about = rows.iter().all(|(row, about, _)| columns(row) + 2 + columns(about) <= out.style.width);
        let header = format!("{:>13}  {:>7}  {:<width$}", "points", "passed", "group");
        out.line(if with_about { format!("{header}  checks") } else { header }.trim_end());
        for (row, about, all_passed) in rows {
            let row = if with_about { format!("{row}  {about}") } else { row };
            out.line_painted(row.trim_end(), if all_passed { Colour::Good } else { Colour::Bad }, false);
        }
    }

    /// The groups whose failing tests all wait on other groups' tests: a line each, under
    /// what they wait on.
    fn waiting_groups(&self, out: &mut Out, prefixes: &[&str]) {
        let until =
            |prefix: &str| self.tests_of(prefix).find_map(|test| test.unchecked_until.clone()).unwrap_or_default();
        let mut causes: Vec<String> = Vec::new();
        for cause in prefixes.iter().map(|prefix| until(prefix)) {
            if !causes.contains(&cause) {
                causes.push(cause);
            }
        }
        for cause in causes {
            out.line("");
            out.wrapped("", &format!("Not checked on their own: they need {cause} to pass first."));
            let width = prefixes.iter().map(|prefix| columns(prefix)).max().unwrap_or(0).min(40);
            for prefix in prefixes.iter().filter(|prefix| until(prefix) == cause) {
                let failed: Vec<&TestResult> =
                    self.tests_of(prefix).filter(|test| test.status != Status::Passed).collect();
                let lost: f64 = failed.iter().map(|test| test.max_points).sum();
                let tests = if failed.len() == 1 { "test" } else { "tests" };
                let row = format!(
                    "  {:<width$}  lost {:.2} points, {} failing {tests}",
                    shorten(prefix, width),
                    round(lost),
                    failed.len()
                );
                out.line_painted(&row, Colour::Bad, false);
            }
        }
    }

    /// A group that lost points: what it checks, its clearest failing test explained, the
    /// others named.
    fn explain_group(&self, out: &mut Out, prefix: &str, about: &str) {
        // A group's failures wait on another's all together or not at all (`mark_unchecked`):
        // an explained group's are its own.
        let failed: Vec<&TestResult> = self.tests_of(prefix).filter(|test| test.status != Status::Passed).collect();
        let lost: f64 = failed.iter().map(|test| test.max_points).sum();
        let total = self.tests_of(prefix).count();
        out.line("");
        let title = format!("{prefix} lost {:.2} points: {} of {total} tests failed", round(lost), failed.len());
        out.line_painted(&title, Colour::Bad, false);
        if !about.is_empty() {
            out.wrapped("  checks: ", about);
        }
        if failed.iter().all(|test| test.status == Status::NotImplemented) && !out.style.verbose {
            let said = failed.iter().map(|test| test.explanation.as_str()).min_by_key(|text| text.len());
            out.wrapped("  ", said.unwrap_or("not implemented yet"));
            return;
        }
        let shown: Vec<&TestResult> = if out.style.verbose { failed.clone() } else { vec![clearest(&failed)] };
        for test in &shown {
            out.line(&format!(
                "  {} ({})",
                shorten(&test.name, out.style.width.saturating_sub(20)),
                test.status.label()
            ));
            out.block("    ", &test.explanation);
        }
        let others: Vec<&&TestResult> =
            failed.iter().filter(|test| !shown.iter().any(|shown| shown.name == test.name)).collect();
        if others.is_empty() {
            return;
        }
        // Named as in the group, without its prefix.
        let mut names: Vec<String> = others
            .iter()
            .take(MOST_NAMES)
            .map(|test| {
                let name = test.name.strip_prefix(prefix).unwrap_or(&test.name);
                shorten(name, out.style.width.saturating_sub(16))
            })
            .collect();
        if others.len() > MOST_NAMES {
            names.push(format!("and {} more", others.len() - MOST_NAMES));
        }
        out.wrapped("  also failing: ", &names.join(", "));
    }
}

/// The failing test to explain first: a wrong answer before a time limit or a crash (and
/// those before "not implemented"), then the shortest explanation, then the first.
pub(crate) fn clearest<'a>(failed: &[&'a TestResult]) -> &'a TestResult {
    let rank = |status: Status| match status {
        Status::Failed => 0,
        Status::TimedOut => 1,
        Status::Crashed => 2,
        Status::NotImplemented | Status::NotRun | Status::Passed => 3,
    };
    failed.iter().min_by_key(|test| (rank(test.status), test.explanation.len())).expect("a failed test")
}

/// The columns `text` takes on a terminal: a character of Chinese two, a combining mark
/// none. Widths are counted so, not in characters: a submission's messages may be in any
/// script, and a report's lines must fit the terminal all the same.
pub(crate) fn columns(text: &str) -> usize {
    UnicodeWidthStr::width(text)
}

/// The longest start of `text` within `width` columns.
fn start_within(text: &str, width: usize) -> &str {
    let mut used = 0;
    for (at, character) in text.char_indices() {
        used += character.width().unwrap_or(0);
        if used > width {
            return &text[..at];
        }
    }
    text
}

/// The longest end of `text` within `width` columns.
fn end_within(text: &str, width: usize) -> &str {
    let mut used = 0;
    for (at, character) in text.char_indices().rev() {
        used += character.width().unwrap_or(0);
        if used > width {
            return &text[at + character.len_utf8()..];
        }
    }
    text
}

/// `name` in at most `width` columns: its start and its end, an ellipsis between.
pub fn shorten(name: &str, width: usize) -> String {
    if columns(name) <= width || width < 5 {
        return name.to_owned();
    }
    let tail = (width - 1) / 2;
    let head = width - 1 - tail;
    format!("{}…{}", start_within(name, head), end_within(name, tail))
}

/// A line cut to `width` columns, an ellipsis at its end.
pub(crate) fn cut(line: &str, width: usize) -> String {
    if columns(line) <= width {
        return line.to_owned();
    }
    format!("{}…", start_within(line, width.saturating_sub(1)))
}

#[derive(Debug, Clone, Copy)]
enum Colour {
    Good,
    Bad,
}

impl Style {
    fn paint(&self, text: &str, colour: Colour, bold: bool) -> String {
        if !self.colour {
            return text.to_owned();
        }
        let styled = match colour {
            Colour::Good => console::style(text).green(),
            Colour::Bad => console::style(text).red(),
        };
        let styled = if bold { styled.bold() } else { styled };
        styled.force_styling(true).to_string()
    }
}

/// The text being written, within the style's width.
struct Out {
    text: String,
    style: Style,
}

impl Out {
    /// The line within the width. What a submission brought passed the one gate when the
    /// report kept it; it passes again here, so that no line of a report read back from an
    /// older grader's JSON moves the cursor or changes the terminal either.
    fn fit(&self, line: &str) -> String {
        let line = crate::shown::lines(line);
        if self.style.verbose { line } else { cut(&line, self.style.width) }
    }

    fn line(&mut self, line: &str) {
        let line = self.fit(line);
        let _ = writeln!(self.text, "{line}");
    }

    fn line_painted(&mut self, line: &str, colour: Colour, bold: bool) {
        let line = self.style.paint(&self.fit(line), colour, bold);
        let _ = writeln!(self.text, "{line}");
    }

    /// `text` after `lead`, its words wrapped to the width, the lines after indented alike.
    fn wrapped(&mut self, lead: &str, text: &str) {
        for line in wrap(lead, text, self.style.width) {
            self.line(&line);
        }
    }

    /// A block of text (an explanation, the compiler's errors), each line after `indent`, a
    /// sentence too long for the width wrapped (a drawing is never that wide); unless
    /// verbose, at most [`MOST_LINES`] lines as printed.
    fn block(&mut self, indent: &str, text: &str) {
        let mut lines = Vec::new();
        for line in text.lines().map(|line| line.replace('\t', "    ")) {
            if self.style.verbose || columns(indent) + columns(&line) <= self.style.width || !line.contains(' ') {
                lines.push(format!("{indent}{line}"));
            } else {
                let lead = line.len() - line.trim_start().len();
                lines.extend(wrap(&format!("{indent}{}", &line[..lead]), &line[lead..], self.style.width));
            }
        }
        // A line or two more are shown rather than said to be there.
        let shown = if self.style.verbose || lines.len() <= MOST_LINES + 2 { lines.len() } else { MOST_LINES };
        for line in &lines[..shown] {
            self.line(line);
        }
        if shown < lines.len() {
            self.line(&format!("{indent}… {} more lines (--verbose shows them)", lines.len() - shown));
        }
    }
}

/// `text` after `lead`, its words in lines of at most `width` characters (a longer word on
/// a line of its own), the lines after the first indented as wide as `lead`.
fn wrap(lead: &str, text: &str, width: usize) -> Vec<String> {
    let indent = " ".repeat(columns(lead));
    let (mut lines, mut line, mut words) = (Vec::new(), lead.to_owned(), 0);
    for word in text.split_whitespace() {
        if words > 0 && columns(&line) + 1 + columns(word) > width {
            lines.push(std::mem::replace(&mut line, indent.clone()));
            words = 0;
        }
        if words > 0 {
            line.push(' ');
        }
        line.push_str(word);
        words += 1;
    }
    lines.push(line.trim_end().to_owned());
    lines
}

/// The verbose table's column headings, its names' column `names` wide.
fn header(names: usize) -> String {
    format!("{:<names$}  {:>13}  {:<15}  {:>7}", "test", "points", "status", "time")
}

/// One row of the verbose table: a test's points, status and time.
fn row(test: &TestResult, names: usize) -> String {
    format!(
        "{:<names$}  {:>13}  {:<15}  {:>6.2}s",
        test.name,
        format!("{:.2}/{:.2}", test.points, test.max_points),
        test.status.label(),
        test.seconds
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_name_keeps_its_start_and_its_end() {
        assert_eq!(shorten("functions::valid_move_flips::size_4", 20), "functions:…s::size_4");
        assert_eq!(shorten("short", 20), "short");
        assert_eq!(shorten("functions::valid_move_flips::size_4", 20).chars().count(), 20);
    }

    #[test]
    fn an_explanation_is_cut_at_its_printed_lines_not_its_own() {
        let mut out = Out { text: String::new(), style: Style { width: 40, verbose: false, colour: false } };
        out.block("  ", &"word ".repeat(400));
        let lines: Vec<&str> = out.text.lines().collect();
        assert_eq!(lines.len(), MOST_LINES + 1, "{}", out.text);
        assert!(lines.iter().all(|line| line.chars().count() <= 40), "{}", out.text);
        assert!(lines[MOST_LINES].contains("more lines (--verbose shows them)"), "{}", out.text);
    }

    /// two_player's longest names are over 70 characters: the columns after them line up.
    #[test]
    fn the_verbose_tables_columns_line_up_after_the_longest_name() {
        let test = |name: &str| TestResult {
            name: name.into(),
            group: String::new(),
            points: 2.0,
            max_points: 2.0,
            status: Status::Passed,
            seconds: 0.12,
            unchecked_until: None,
            explanation: String::new(),
        };
        let long = "against_minimax::prunes_never_more_than_minimax_and_less_on_wide_trees";
        let names = long.len();
        let lines = [header(names), row(&test(long), names), row(&test("a::b"), names)];
        // Where the points column ends, its heading or its value right-aligned to it.
        let end = |line: &str, of: &str| line.find(of).map(|at| at + of.len());
        let ends = [end(&lines[0], "points"), end(&lines[1], "2.00/2.00"), end(&lines[2], "2.00/2.00")];
        assert!(ends[0].is_some() && ends.iter().all(|at| *at == ends[0]), "{lines:#?}");
    }

    #[test]
    fn a_long_line_is_cut_with_an_ellipsis() {
        assert_eq!(cut("abcdef", 4), "abc…");
        assert_eq!(cut("abc", 4), "abc");
    }

    /// A message in a script whose characters take two columns (a student's panic message,
    /// say) fits the terminal as printed, not as counted in characters.
    #[test]
    fn widths_are_the_columns_a_terminal_gives_the_text() {
        assert_eq!(columns("棋盘已满"), 8);
        assert_eq!(cut("棋盘已满，无法落子", 7), "棋盘已…");
        // At most 12: a character two columns wide that would pass the width is left out.
        assert_eq!(shorten("棋盘::已满::无法落子::第三列", 12), "棋盘::…三列");
        let mut out = Out { text: String::new(), style: Style { width: 20, verbose: false, colour: false } };
        out.block("  ", &"棋盘已满 无法落子 ".repeat(10));
        assert!(out.text.lines().all(|line| columns(line) <= 20), "{}", out.text);
    }
}
