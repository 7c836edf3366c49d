//! The data format read as docs/datagen.md documents it, byte by byte, by a
//! decoder written here from that page alone (it calls nothing of
//! `chimera::datagen::file` or `chimera::variants::packed`), as an outside
//! trainer would: a file written by `chimera datagen` (the real binary)
//! decodes into chess positions that shakmaty finds legal, with the header
//! and metadata the page promises. Chimera's own reader is then asked the
//! same questions, and must agree.

use std::path::{Path, PathBuf};
use std::process::Command;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

const ROLES: &[u8; 8] = b"pnbrqkcw";

/// The header and metadata, from the page's tables.
struct Header {
    version: u16,
    record_len: usize,
    variant: String,
    metadata: Vec<(String, String)>,
    /// Bytes before the first record.
    data_start: usize,
}

impl Header {
    fn get(&self, key: &str) -> Option<&str> {
        self.metadata
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

fn decode_header(bytes: &[u8]) -> Header {
    assert_eq!(&bytes[..8], b"CHIMDATA");
    let version = u16_at(bytes, 8);
    let record_len = usize::from(u16_at(bytes, 10));
    let meta_len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    let name = &bytes[16..32];
    let end = name.iter().position(|&b| b == 0).unwrap_or(16);
    assert!(name[end..].iter().all(|&b| b == 0), "zero-padded name");
    let variant = String::from_utf8(name[..end].to_vec()).unwrap();
    let text = std::str::from_utf8(&bytes[32..32 + meta_len]).expect("UTF-8 metadata");
    let metadata = text
        .lines()
        .map(|line| {
            let (k, v) = line.split_once('=').expect("key=value");
            (k.to_string(), v.to_string())
        })
        .collect();
    Header {
        version,
        record_len,
        variant,
        metadata,
        data_start: 32 + meta_len,
    }
}

/// One chess record (34 bytes), decoded.
struct Record {
    fen: String,
    score: i16,
    /// 0 loss, 1 draw, 2 win, for the side to move.
    result: u8,
    game_start: bool,
    white_to_move: bool,
    fullmove: u16,
}

fn square_name(i: u8) -> String {
    format!("{}{}", (b'a' + i % 8) as char, i / 8 + 1)
}

fn decode_chess(rec: &[u8]) -> Record {
    assert_eq!(rec.len(), 34);
    // 8 bytes of occupancy, 16 of nibbles, then the FEN fields.
    let occupied = |sq: usize| rec[sq / 8] >> (sq % 8) & 1 == 1;
    let mut board = [None; 64];
    let mut nibble = 0;
    for (sq, slot) in board.iter_mut().enumerate() {
        if occupied(sq) {
            let byte = rec[8 + nibble / 2];
            let n = if nibble % 2 == 0 {
                byte & 15
            } else {
                byte >> 4
            };
            let role = ROLES[usize::from(n & 7)] as char;
            *slot = Some(if n & 8 != 0 {
                role
            } else {
                role.to_ascii_uppercase()
            });
            nibble += 1;
        }
    }
    assert!(nibble <= 32);
    let mut placement = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        placement.push_str(&empty.to_string());
                        empty = 0;
                    }
                    placement.push(c);
                }
            }
        }
        if empty > 0 {
            placement.push_str(&empty.to_string());
        }
        if rank > 0 {
            placement.push('/');
        }
    }
    let flags = rec[24];
    let white_to_move = flags & 1 == 0;
    let castling: String = "KQkq"
        .chars()
        .enumerate()
        .filter(|&(i, _)| flags >> (1 + i) & 1 == 1)
        .map(|(_, c)| c)
        .collect();
    let castling = if castling.is_empty() {
        "-".to_string()
    } else {
        castling
    };
    assert_eq!(rec[26], 255, "chess has one en-passant square at most");
    let ep = if rec[25] == 255 {
        "-".to_string()
    } else {
        square_name(rec[25])
    };
    let halfmove = u16_at(rec, 27);
    let fullmove = u16_at(rec, 29);
    let score = i16::from_le_bytes([rec[31], rec[32]]);
    let result = rec[33] & 0x7f;
    Record {
        fen: format!(
            "{placement} {} {castling} {ep} {halfmove} {fullmove}",
            if white_to_move { 'w' } else { 'b' }
        ),
        score,
        result,
        game_start: rec[33] & 0x80 != 0,
        white_to_move,
        fullmove,
    }
}

fn temp_file(name: &str) -> PathBuf {
    let path =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn chimera(args: &[&str], out: &Path) -> std::process::Output {
    let output = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(args)
        .arg("--out")
        .arg(out)
        .output()
        .expect("chimera runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

#[test]
fn a_datagen_file_reads_by_the_documented_format() {
    let path = temp_file("reader.data");
    let net = Path::new(env!("CARGO_MANIFEST_DIR")).join("nets/chess.nnue");
    let net = net.to_str().unwrap();
    chimera(
        &[
            "datagen",
            "--variant",
            "chess",
            "--games",
            "4",
            "--nodes",
            "300",
            "--threads",
            "1",
            "--seed",
            "17",
            "--eval-file",
            net,
        ],
        &path,
    );
    let bytes = std::fs::read(&path).unwrap();
    let header = decode_header(&bytes);
    assert_eq!(header.version, 2);
    assert_eq!(header.record_len, 34);
    assert_eq!(header.variant, "chess");

    // The metadata: how the data was made.
    let version = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .arg("--version")
        .output()
        .unwrap();
    let version = String::from_utf8(version.stdout).unwrap();
    let commit = header.get("commit").expect("commit");
    assert!(version.contains(commit), "{version} / {commit}");
    assert!(header.get("engine").unwrap().starts_with("Chimera "));
    for (key, value) in [
        ("variant", "chess"),
        ("shard", "0/1"),
        ("seed", "17"),
        ("eval", net),
        ("network", net),
        ("nodes", "300"),
        ("depth", "none"),
        ("hash_mb", "16"),
        ("threads", "1"),
        ("openings", "random-plies 8"),
        ("games", "4"),
        ("positions", "none"),
    ] {
        assert_eq!(header.get(key), Some(value), "{key}");
    }
    // The digest `sha256sum` prints for the file.
    let digest: String = {
        use sha2::{Digest, Sha256};
        Sha256::digest(std::fs::read(net).unwrap())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    assert_eq!(header.get("network_sha256"), Some(digest.as_str()));
    let date = header.get("date").unwrap().as_bytes();
    assert!(date.len() == 20 && date[4] == b'-' && date[10] == b'T' && date[19] == b'Z');
    assert!(header.get("command").unwrap().contains("--seed 17"));

    // The records.
    let body = &bytes[header.data_start..];
    assert_eq!(body.len() % 34, 0);
    let records: Vec<Record> = body.chunks_exact(34).map(decode_chess).collect();
    assert!(records.len() > 20, "{} records", records.len());
    assert!(records[0].game_start);
    let games = records.iter().filter(|r| r.game_start).count();
    assert!((1..=4).contains(&games), "{games} games");
    let mut white_result = None;
    let mut fullmove = 0;
    for r in &records {
        assert!(r.result <= 2, "{}", r.fen);
        assert!(r.score.abs() < 30_000, "{}", r.fen);
        let setup: Fen = r.fen.parse().unwrap_or_else(|e| panic!("{}: {e}", r.fen));
        let pos: Chess = setup
            .into_position(CastlingMode::Standard)
            .unwrap_or_else(|e| panic!("{}: {e}", r.fen));
        assert!(
            !pos.is_check(),
            "datagen keeps no position in check: {}",
            r.fen
        );
        // One result per game, from White's view; fullmove numbers never
        // fall within a game.
        let white = if r.white_to_move {
            r.result
        } else {
            2 - r.result
        };
        if r.game_start {
            white_result = Some(white);
        } else {
            assert_eq!(white_result, Some(white), "{}", r.fen);
            assert!(r.fullmove >= fullmove, "{}", r.fen);
        }
        fullmove = r.fullmove;
    }

    // Chimera's own reader sees the same file.
    use chimera::datagen::file::{DataFile, Wdl};
    use chimera::variants::chess::ChessPosition;
    use chimera::variants::Rules;
    let file = DataFile::read(&path).unwrap();
    assert_eq!(file.len(), records.len());
    for (r, mine) in file.records().zip(&records) {
        let pos: ChessPosition = file.position(&r).unwrap();
        assert_eq!(pos.fen(), mine.fen);
        assert_eq!(r.score, mine.score);
        assert_eq!(r.result as u8, mine.result);
        assert_eq!(r.starts_game, mine.game_start);
        let _ = Wdl::Draw;
    }
    std::fs::remove_file(&path).unwrap();
}
