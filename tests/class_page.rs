//! The class page (`index.html` in a batch's output), as an instructor sees it: opened from
//! the disk in a real headless browser (Debian's `chromium`), it renders, names every
//! submission (ids that look like markup shown as text, never run), links each score to a
//! report that is there, and its screenshot is not blank.

use gamekit::grade::class::{self, Graded, Manifest};
use gamekit::grade::sandbox::Isolation;
use gamekit::grade::{Report, Rubric, Status, TestResult};
use std::path::{Path, PathBuf};
use std::process::Command;

const KIT: &str = env!("CARGO_MANIFEST_DIR");

/// Ids as a class's uploads may be named: plain, with spaces and accents, and hostile.
const IDS: [&str; 6] = ["alice", "bob smith", "chloé", "<img src=x onerror=alert(1)>", "dan#1?x=%41", "eve&mallory"];

/// A class of tictactoe with varied scores: the rubric's tests, each passed or not by a rule
/// of the submission's index; one not graded.
fn class() -> (Rubric, Vec<Graded>) {
    let rubric = Rubric::load(Path::new(KIT), "tictactoe").expect("tictactoe's rubric");
    let graded = IDS
        .iter()
        .enumerate()
        .map(|(index, id)| {
            let mut report = Report::new(&rubric, Path::new(id), Isolation::Bubblewrap);
            for (number, group) in rubric.groups.iter().enumerate() {
                let passed = (index + number) % 3 != 0;
                report.tests.push(TestResult {
                    name: format!("{}case_{number}", group.prefix),
                    group: group.prefix.clone(),
                    points: if passed { group.points } else { 0.0 },
                    max_points: group.points,
                    status: if passed { Status::Passed } else { Status::Failed },
                    seconds: 0.1,
                    unchecked_until: None,
                    explanation: if passed { String::new() } else { format!("<b>{id}</b> broke a rule") },
                });
            }
            report.score = report.tests.iter().map(|test| test.points).sum();
            let report = if index == 2 { Err("no crate named 'tictactoe' in it".to_owned()) } else { Ok(report) };
            Graded { id: (*id).to_owned(), report, reused: false, seconds: 1.0, timing: None }
        })
        .collect();
    (rubric, graded)
}

/// The class's files written into a fresh folder, as a batch writes them.
fn written(name: &str) -> PathBuf {
    let out = std::env::temp_dir().join(format!("gamekit-class-page-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let (rubric, graded) = class();
    for one in &graded {
        let dir = out.join("submissions").join(&one.id);
        std::fs::create_dir_all(&dir).expect("a submission's folder");
        std::fs::write(dir.join("report.txt"), format!("{}'s report\n", one.id)).expect("a report");
    }
    let manifest = Manifest {
        assignment: "tictactoe".into(),
        shard: None,
        ids: IDS.map(str::to_owned).to_vec(),
        suite: String::new(),
    };
    class::write(&out, Path::new(KIT), &rubric, &manifest, graded).expect("the class's files");
    out
}

/// Runs headless Chromium on `page` with `args`, and gives what it printed.
fn chromium(page: &Path, args: &[&str]) -> String {
    let profile = page.with_file_name("chromium-profile");
    let run = Command::new("timeout")
        .args(["120", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(run.status.success(), "chromium failed: {}", String::from_utf8_lossy(&run.stderr));
    String::from_utf8_lossy(&run.stdout).into_owned()
}

/// `text` as the DOM serialises it in a text node.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[test]
#[cfg_attr(no_chromium, ignore = "chromium is not installed here (seen when the checks were built)")]
fn the_class_page_renders_in_chromium_names_everyone_links_their_reports_and_is_not_blank() {
    let out = written("chromium");
    let page = out.join("index.html");
    let dom = chromium(&page, &["--dump-dom"]);
    assert!(dom.contains("<h1>tictactoe: a class of 6</h1>"), "{dom}");
    for id in IDS {
        assert!(dom.contains(&format!("<td>{}</td>", escaped(id))), "{id} is not on the page: {dom}");
    }
    assert!(!dom.contains("<img") && !dom.contains("<b>"), "a submission's text became markup: {dom}");
    assert!(dom.matches("<svg").count() > 1, "the charts are not drawn: {dom}");
    // Every report a score links to is there, however its id is spelt.
    let links: Vec<&str> = dom.split("href=\"").skip(1).filter_map(|rest| rest.split('"').next()).collect();
    let reports: Vec<&&str> = links.iter().filter(|link| link.starts_with("submissions/")).collect();
    assert_eq!(reports.len(), IDS.len(), "{links:?}");
    for link in reports {
        let path = percent_encoding::percent_decode_str(link).decode_utf8().expect("UTF-8");
        assert!(out.join(&*path).is_file(), "{link} leads to {path}, which is not there");
    }

    let screenshot = out.join("index.png");
    chromium(&page, &["--window-size=1200,1600", &format!("--screenshot={}", screenshot.display())]);
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&screenshot).expect("the screenshot")));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut pixels).expect("its pixels");
    let channels = info.color_type.samples();
    let inked = pixels.chunks(channels).filter(|pixel| pixel[..3].iter().any(|&value| value < 200)).count();
    let share = inked as f64 / (pixels.len() / channels) as f64;
    assert!(share > 0.02, "the screenshot is blank: {:.2}% of it is drawn", share * 100.0);
    let _ = std::fs::remove_dir_all(out);
}
