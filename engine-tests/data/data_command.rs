//! Data sets made by many machines (docs/datagen.md): `chimera datagen
//! --shard K/N` and `chimera data`, run as the real binary.
//!
//! - two shards of one seed share no game, and together are the games of
//!   the unsharded run;
//! - a seeded run into a file goes on where the last run of its seed and
//!   shard stopped, so that the two write the games of one run;
//! - `chimera data merge` of the shards has the sum of their statistics;
//! - shuffle keeps the records, dedupe removes repeated positions only,
//!   split puts every game on one side;
//! - bad input is one error line and a failing exit status;
//! - a report to a reader that has gone (`| head`) ends without a panic.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use chimera::datagen::file::DataFile;
use chimera::datagen::resume::Progress;

fn temp_file(name: &str) -> PathBuf {
    let path =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// Removes a data file and the line that says where its run stopped.
fn remove(path: &Path) {
    let _ = std::fs::remove_file(Progress::path_for(path));
    std::fs::remove_file(path).unwrap();
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(args)
        .output()
        .expect("chimera runs")
}

fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// `chimera datagen` of chess at 300 nodes, 2 threads, seed 9.
fn datagen(out: &Path, games: &str, shard: &str) {
    ok(&[
        "datagen",
        "--variant",
        "chess",
        "--nodes",
        "300",
        "--threads",
        "2",
        "--seed",
        "9",
        "--games",
        games,
        "--shard",
        shard,
        "--out",
        s(out),
    ]);
}

/// The games of a file, each its records' bytes.
fn games(path: &Path) -> Vec<Vec<u8>> {
    let file = DataFile::read(path).unwrap();
    let mut games: Vec<Vec<u8>> = Vec::new();
    for i in 0..file.len() {
        if file.starts_game(i) {
            games.push(Vec::new());
        }
        games.last_mut().unwrap().extend_from_slice(file.raw(i));
    }
    games
}

/// The lines of `chimera data stats` after a file's or the total's first
/// line, its metadata left out: records, games, results, scores.
fn block(stats: &str, title: &str) -> Vec<String> {
    let block: Vec<String> = stats
        .lines()
        .skip_while(|l| !l.starts_with(title))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter(|l| !l.starts_with("  metadata "))
        .map(String::from)
        .collect();
    assert_eq!(block.len(), 5, "{title}: {stats}");
    block
}

/// Every record's bytes, sorted.
fn records(path: &Path) -> Vec<Vec<u8>> {
    let file = DataFile::read(path).unwrap();
    let mut all: Vec<Vec<u8>> = (0..file.len()).map(|i| file.raw(i).to_vec()).collect();
    all.sort();
    all
}

#[test]
fn a_seeded_run_again_goes_on_where_the_last_one_stopped() {
    let (resumed, whole) = (temp_file("resumed"), temp_file("unbroken"));
    datagen(&resumed, "2", "0/1");
    datagen(&resumed, "5", "0/1");
    datagen(&whole, "5", "0/1");
    let (twice, once) = (games(&resumed), games(&whole));
    assert_eq!(twice.len(), once.len(), "a game written twice, or missing");
    let set = |g: Vec<Vec<u8>>| g.into_iter().collect::<BTreeSet<_>>();
    assert_eq!(set(twice), set(once));
    let line = std::fs::read_to_string(Progress::path_for(&resumed)).unwrap();
    assert_eq!(line, "seed=9 shard=0/1 next=5\n");
    for f in [resumed, whole] {
        remove(&f);
    }
}

#[test]
fn shards_share_no_game_and_merge_into_their_sum() {
    let (a, b, whole) = (temp_file("shard0"), temp_file("shard1"), temp_file("whole"));
    datagen(&a, "3", "0/2");
    datagen(&b, "3", "1/2");
    datagen(&whole, "6", "0/1");
    let (ga, gb) = (games(&a), games(&b));
    assert!(!ga.is_empty() && !gb.is_empty());
    let firsts =
        |g: &[Vec<u8>]| -> BTreeSet<Vec<u8>> { g.iter().map(|g| g[..31].to_vec()).collect() };
    assert!(
        firsts(&ga).is_disjoint(&firsts(&gb)),
        "two shards began games alike"
    );
    // Game i is a function of (seed, i) whatever the threads: the shards'
    // games are the unsharded run's.
    let union: BTreeSet<Vec<u8>> = ga.iter().chain(&gb).cloned().collect();
    let all: BTreeSet<Vec<u8>> = games(&whole).into_iter().collect();
    assert_eq!(union, all);

    let merged = temp_file("merged");
    ok(&["data", "merge", "--out", s(&merged), s(&a), s(&b)]);
    let parts = ok(&["data", "stats", s(&a), s(&b)]);
    let one = ok(&["data", "stats", "--metadata", s(&merged)]);
    assert_eq!(block(&one, s(&merged)), block(&parts, "total"));
    let sum = DataFile::read(&a).unwrap().len() + DataFile::read(&b).unwrap().len();
    assert!(block(&one, s(&merged))[0].ends_with(&format!("records {sum}")));
    assert!(one.contains("metadata part.0.shard=0/2"), "{one}");
    assert!(one.contains("metadata part.1.shard=1/2"), "{one}");
    // The merged file's games are the shards' games.
    let merged_games: BTreeSet<Vec<u8>> = games(&merged).into_iter().collect();
    assert_eq!(merged_games, all);

    // Stats of the whole run equal those of the merged shards, but for the
    // order of the games.
    let whole_stats = ok(&["data", "stats", s(&whole)]);
    assert_eq!(block(&whole_stats, s(&whole)), block(&one, s(&merged)));
    for f in [a, b, whole, merged] {
        remove(&f);
    }
}

#[test]
fn shuffle_dedupe_and_split_keep_what_they_promise() {
    let (a, doubled) = (temp_file("tools"), temp_file("doubled"));
    datagen(&a, "4", "0/1");
    let input = games(&a);
    assert!(input.len() >= 2, "{} games", input.len());

    // Shuffle: the same records, in another order.
    let shuffled = temp_file("shuffled");
    ok(&[
        "data",
        "shuffle",
        "--seed",
        "3",
        "--out",
        s(&shuffled),
        s(&a),
    ]);
    assert_eq!(records(&shuffled), records(&a));
    let (x, y) = (
        DataFile::read(&a).unwrap(),
        DataFile::read(&shuffled).unwrap(),
    );
    assert!((0..x.len()).any(|i| x.raw(i) != y.raw(i)), "not shuffled");

    // Dedupe: a file twice over is the file once.
    ok(&["data", "merge", "--out", s(&doubled), s(&a), s(&a)]);
    assert_eq!(DataFile::read(&doubled).unwrap().len(), 2 * x.len());
    let (once, deduped) = (temp_file("once"), temp_file("deduped"));
    ok(&["data", "dedupe", "--out", s(&once), s(&a)]);
    ok(&["data", "dedupe", "--out", s(&deduped), s(&doubled)]);
    assert_eq!(records(&deduped), records(&once));
    let positions: BTreeSet<Vec<u8>> = records(&deduped).iter().map(|r| r[..31].to_vec()).collect();
    assert_eq!(positions.len(), records(&deduped).len());
    let kept: BTreeSet<Vec<u8>> = records(&a).iter().map(|r| r[..31].to_vec()).collect();
    assert_eq!(positions, kept, "every position is kept once");
    let stats = ok(&["data", "stats", s(&once), s(&a)]);
    assert_eq!(block(&stats, s(&once))[1], block(&stats, s(&a))[1], "games");

    // Split: each game whole on one side; the sides make the file.
    let (train, held) = (temp_file("train"), temp_file("held"));
    ok(&[
        "data",
        "split",
        s(&a),
        "--every",
        "2",
        "--train",
        s(&train),
        "--held-out",
        s(&held),
    ]);
    let (gt, gh) = (games(&train), games(&held));
    assert_eq!(gt.len() + gh.len(), input.len());
    assert_eq!(gh.len(), input.len() / 2);
    let gt: BTreeSet<_> = gt.into_iter().collect();
    let gh: BTreeSet<_> = gh.into_iter().collect();
    assert!(gt.is_disjoint(&gh));
    let both: BTreeSet<_> = gt.union(&gh).cloned().collect();
    assert_eq!(both, input.into_iter().collect());
    // A shuffled file has no games left to split.
    let out = run(&[
        "data",
        "split",
        s(&shuffled),
        "--every",
        "2",
        "--train",
        "/nonexistent/t",
        "--held-out",
        "/nonexistent/h",
    ]);
    assert!(!out.status.success());
    for f in [a, doubled, shuffled, once, deduped, train, held] {
        remove(&f);
    }
}

/// A failing run: exit status not 0, one line on stderr, no panic.
fn refused(args: &[&str], expected: &str) {
    let out = run(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{args:?} succeeded");
    assert_eq!(stderr.trim().lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.contains(expected), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn bad_input_is_one_error_line() {
    use chimera::datagen::file::DataWriter;
    use chimera::variants::packed::Layout;
    use chimera::variants::VariantId;
    let (chess, atomic) = (temp_file("mix-chess"), temp_file("mix-atomic"));
    for (path, variant) in [(&chess, VariantId::Chess), (&atomic, VariantId::Atomic)] {
        let layout = chimera::with_variant!(variant, P => Layout::of::<P>(variant));
        DataWriter::create(path, variant, &layout, "").unwrap();
    }
    let out = temp_file("mix-out");
    refused(
        &["data", "merge", "--out", s(&out), s(&chess), s(&atomic)],
        "one variant",
    );
    assert!(!out.exists(), "nothing written");
    refused(&["data", "stats", "/nonexistent/x.data"], "cannot read");
    refused(&["data", "merge", "--out", s(&atomic), s(&chess)], "exists");
    std::fs::write(&out, b"not data").unwrap();
    refused(&["data", "stats", s(&out)], "not a Chimera data file");
    let gen = [
        "datagen",
        "--variant",
        "chess",
        "--games",
        "1",
        "--out",
        s(&out),
    ];
    for (shard, expected) in [
        ("2/2", "bad --shard"),
        ("1", "bad --shard"),
        ("x/3", "bad --shard"),
        ("0/0", "bad --shard"),
    ] {
        refused(
            &[&gen[..], &["--seed", "1", "--shard", shard]].concat(),
            expected,
        );
    }
    refused(&[&gen[..], &["--shard", "0/2"]].concat(), "--seed");
    assert_eq!(std::fs::read(&out).unwrap(), b"not data", "left alone");
    for f in [chess, atomic, out] {
        remove(&f);
    }
}

/// `chimera data stats FILE | head -0`: the reader is gone before the
/// report is written, and the command ends as other tools do, by the
/// signal of the closed pipe or quietly, not with a panic's message.
#[test]
fn a_report_to_a_closed_pipe_ends_without_a_panic() {
    use chimera::datagen::file::DataWriter;
    use chimera::variants::packed::Layout;
    use chimera::variants::VariantId;
    let file = temp_file("closed-pipe");
    let variant = VariantId::Chess;
    let layout = chimera::with_variant!(variant, P => Layout::of::<P>(variant));
    DataWriter::create(&file, variant, &layout, "").unwrap();
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(["data", "stats", s(&file)])
        .stdout(writer)
        .output()
        .expect("chimera runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr, "", "{:?}", out.status);
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        assert!(
            out.status.success() || out.status.signal() == Some(libc::SIGPIPE),
            "{:?}",
            out.status
        );
    }
    remove(&file);
}
