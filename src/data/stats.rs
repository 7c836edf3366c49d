//! `chimera data stats FILE...`: what each file holds and the total:
//! records, games, the games' results (White's view), the records' results
//! (the side to move's), and the spread of the scores. The numbers of a
//! merged file are the sums of its parts'.

use std::path::PathBuf;

use crate::datagen::file::{DataFile, Wdl};

#[derive(clap::Args, Debug)]
pub struct StatsArgs {
    /// Data files.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Also print each file's metadata (how its data was made).
    #[arg(long)]
    pub metadata: bool,
}

/// Counts that add up over files.
#[derive(Clone, Debug)]
pub struct Stats {
    pub records: u64,
    pub games: u64,
    /// Games won by White, drawn, won by Black.
    pub games_wdl: [u64; 3],
    /// Records won, drawn and lost by the side to move.
    pub records_wdl: [u64; 3],
    /// Records by score: index `score + 32768`.
    scores: Vec<u64>,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            records: 0,
            games: 0,
            games_wdl: [0; 3],
            records_wdl: [0; 3],
            scores: vec![0; 1 << 16],
        }
    }
}

impl Stats {
    pub fn of(file: &DataFile) -> Stats {
        let mut stats = Stats::default();
        for r in file.records() {
            stats.records += 1;
            stats.scores[(i32::from(r.score) + 32768) as usize] += 1;
            let stm = match r.result {
                Wdl::Win => 0,
                Wdl::Draw => 1,
                Wdl::Loss => 2,
            };
            stats.records_wdl[stm] += 1;
            if r.starts_game {
                stats.games += 1;
                // The game's result from White's side, by its first record.
                let white = file.layout.white_to_move(r.position);
                stats.games_wdl[if white { stm } else { 2 - stm }] += 1;
            }
        }
        stats
    }

    pub fn add(&mut self, other: &Stats) {
        self.records += other.records;
        self.games += other.games;
        for i in 0..3 {
            self.games_wdl[i] += other.games_wdl[i];
            self.records_wdl[i] += other.records_wdl[i];
        }
        for (a, b) in self.scores.iter_mut().zip(&other.scores) {
            *a += b;
        }
    }

    /// The score below which a fraction `q` of the records fall.
    fn quantile(&self, q: f64) -> i32 {
        let rank = ((self.records as f64 - 1.0) * q).round() as u64;
        let mut seen = 0;
        for (i, &n) in self.scores.iter().enumerate() {
            seen += n;
            if seen > rank {
                return i as i32 - 32768;
            }
        }
        0
    }

    /// The lines `chimera data stats` prints, indented.
    pub fn lines(&self) -> Vec<String> {
        let per_game = if self.games == 0 {
            0.0
        } else {
            self.records as f64 / self.games as f64
        };
        let [w, d, l] = self.games_wdl;
        let [rw, rd, rl] = self.records_wdl;
        let mut out = vec![
            format!("  records {}", self.records),
            format!("  games {} ({per_game:.1} records per game)", self.games),
            format!("  games W/D/L {w}/{d}/{l} (White's view)"),
            format!("  records W/D/L {rw}/{rd}/{rl} (side to move's view)"),
        ];
        if self.records > 0 {
            let (mut sum, mut abs) = (0i128, 0i128);
            for (i, &n) in self.scores.iter().enumerate() {
                let score = i as i128 - 32768;
                sum += score * i128::from(n);
                abs += score.abs() * i128::from(n);
            }
            let n = self.records as f64;
            out.push(format!(
                "  scores mean {:.1}, mean |score| {:.1}, min {}, p1 {}, p10 {}, median {}, p90 {}, p99 {}, max {}",
                sum as f64 / n,
                abs as f64 / n,
                self.quantile(0.0),
                self.quantile(0.01),
                self.quantile(0.1),
                self.quantile(0.5),
                self.quantile(0.9),
                self.quantile(0.99),
                self.quantile(1.0),
            ));
        }
        out
    }
}

pub fn run(args: &StatsArgs) -> anyhow::Result<()> {
    let mut total = Stats::default();
    let mut variants = Vec::new();
    for path in &args.files {
        let file = super::read(path)?;
        let stats = Stats::of(&file);
        let games = if file.header.version >= 2 {
            String::new()
        } else {
            ", games told by fullmove numbers".to_string()
        };
        println!(
            "{}: {}, format {}{games}",
            path.display(),
            file.variant,
            file.header.version
        );
        if args.metadata {
            for line in file.header.metadata.lines() {
                println!("  metadata {line}");
            }
        }
        for line in stats.lines() {
            println!("{line}");
        }
        total.add(&stats);
        if !variants.contains(&file.variant) {
            variants.push(file.variant);
        }
    }
    if args.files.len() > 1 {
        let names: Vec<&str> = variants.iter().map(|v| v.name()).collect();
        println!("total: {} files, {}", args.files.len(), names.join(", "));
        for line in total.lines() {
            println!("{line}");
        }
    }
    Ok(())
}
