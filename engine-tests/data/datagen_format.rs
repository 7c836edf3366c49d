//! The training-data format (docs/datagen.md) in every variant:
//!
//! - a packed position reads back as the same position (same FEN, same
//!   key, which in Dynamo also covers the castling rooks a FEN cannot name
//!   and the placement the no-undo rule forbids) along seeded random games;
//! - the record sizes are the documented ones;
//! - a data file appends, repairs a torn last record, and refuses a
//!   truncated, foreign or corrupt file with a clear error;
//! - `chimera datagen` writes games whose every record reads back, with
//!   results that agree within a game.

use std::path::PathBuf;
use std::process::Command;

use chimera::datagen::file::{push_record, DataFile, DataWriter, Wdl, HEADER_LEN};
use chimera::variants::packed::{pack, unpack, Layout, Packed};
use chimera::variants::{Rules, VariantId};
use chimera::with_variant;

use chimera_test_support::random_games;
use chimera_test_support::variants::facts;

fn round_trips<P: Packed>(variant: VariantId) -> usize {
    let layout = Layout::of::<P>(variant);
    let mut buf = vec![0u8; layout.len()];
    let mut checked = 0;
    random_games::for_each_position::<P>(variant, 0xda7a, 4, 160, |pos| {
        // Bench positions may hold more pieces than the start: not packable.
        if pack(pos, &layout, &mut buf).is_err() {
            return;
        }
        let back: P =
            unpack(variant, &layout, &buf).unwrap_or_else(|e| panic!("{}: {e}", pos.fen()));
        assert_eq!(back.fen(), pos.fen());
        assert_eq!(back.hash(), pos.hash(), "{}", pos.fen());
        checked += 1;
    });
    checked
}

#[test]
fn every_variant_round_trips_along_random_games() {
    for variant in VariantId::ALL {
        let n = with_variant!(variant, P => round_trips::<P>(variant));
        assert!(n > 500, "{variant}: only {n} positions checked");
    }
}

#[test]
fn record_sizes_are_the_documented_ones() {
    // Occupancy bits, a nibble per piece of the start position, 7 bytes of
    // FEN fields, Dynamo's 13 bytes of hidden state (docs/datagen.md), as
    // each variant's registry entry has them.
    for variant in VariantId::ALL {
        let len = facts(variant).record_len;
        let layout = with_variant!(variant, P => Layout::of::<P>(variant));
        assert_eq!(layout.len(), len, "{variant}");
    }
}

/// A Dynamo position whose rook was pushed off its home square keeps its
/// castling right, which only the extra bytes carry.
#[test]
fn dynamo_keeps_what_its_fen_cannot_say() {
    use chimera::variants::dynamo::DynamoPosition;
    let variant = VariantId::Dynamo;
    let mut pos = DynamoPosition::start(variant);
    let layout = Layout::of::<DynamoPosition>(variant);
    let mut buf = vec![0u8; layout.len()];
    for token in ["e2e4", "e7e5"] {
        let m = pos.parse_move(token).expect("legal");
        pos.play(m);
    }
    pack(&pos, &layout, &mut buf).unwrap();
    let back: DynamoPosition = unpack(variant, &layout, &buf).unwrap();
    assert_eq!(back.hash(), pos.hash());
    // The same board from its FEN alone forgets the no-undo placement.
    let from_fen = DynamoPosition::from_fen(variant, &pos.fen()).unwrap();
    assert_ne!(from_fen.hash(), pos.hash());
    // Corrupt extra bytes are refused, not loaded.
    let extra = layout.len() - 13;
    let mut bad = buf.clone();
    bad[extra] = 4; // the white king-side rook "on e1", where the king is
    assert!(unpack::<DynamoPosition>(variant, &layout, &bad).is_err());
    let mut bad = buf.clone();
    bad[extra + 4] = 7; // no-undo flag
    assert!(unpack::<DynamoPosition>(variant, &layout, &bad).is_err());
}

fn temp_file(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
fn files_append_repair_and_refuse_damage() {
    use chimera::variants::chess::ChessPosition;
    let variant = VariantId::Chess;
    let layout = Layout::of::<ChessPosition>(variant);
    let path = temp_file("chess.data");
    let pos = ChessPosition::start(variant);
    let mut game = Vec::new();
    push_record(&mut game, &layout, &pos, 25, Wdl::Win).unwrap();
    push_record(&mut game, &layout, &pos, -7, Wdl::Draw).unwrap();
    let record = game.len() / 2;

    let mut w = DataWriter::open(&path, variant, &layout, "").unwrap();
    assert_eq!((w.existing, w.repaired), (0, 0));
    w.append_game(&mut game.clone()).unwrap();
    drop(w);
    // A second run appends.
    let mut w = DataWriter::open(&path, variant, &layout, "").unwrap();
    assert_eq!((w.existing, w.repaired), (2, 0));
    w.append_game(&mut game[..record].to_vec()).unwrap();
    drop(w);
    let file = DataFile::read(&path).unwrap();
    assert_eq!(file.variant, variant);
    assert_eq!(file.len(), 3);
    let scores: Vec<(i16, Wdl)> = file.records().map(|r| (r.score, r.result)).collect();
    assert_eq!(scores, [(25, Wdl::Win), (-7, Wdl::Draw), (25, Wdl::Win)]);
    // Each append is a game: its first record is marked.
    let starts: Vec<bool> = file.records().map(|r| r.starts_game).collect();
    assert_eq!(starts, [true, false, true]);
    assert_eq!(file.header.version, 2);
    let back: ChessPosition = file.position(&file.record(2)).unwrap();
    assert_eq!(back.fen(), pos.fen());

    // A torn last record: the reader refuses it, the next run cuts it off.
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.extend_from_slice(&game[..5]);
    std::fs::write(&path, &bytes).unwrap();
    let err = DataFile::read(&path).err().expect("truncated");
    assert!(err.contains("truncated"), "{err}");
    let w = DataWriter::open(&path, variant, &layout, "").unwrap();
    assert_eq!((w.existing, w.repaired), (3, 5));
    drop(w);
    assert_eq!(DataFile::read(&path).unwrap().len(), 3);

    // Another variant's run refuses to append to it.
    let atomic = with_variant!(VariantId::Atomic, P => Layout::of::<P>(VariantId::Atomic));
    let err = DataWriter::open(&path, VariantId::Atomic, &atomic, "")
        .err()
        .expect("chess data");
    assert!(err.contains("chess"), "{err}");

    // A corrupt result byte, a corrupt board, a foreign file.
    let good = std::fs::read(&path).unwrap();
    let mut bad = good.clone();
    bad[HEADER_LEN + record - 1] = 3;
    assert!(DataFile::from_bytes(bad).err().unwrap().contains("result"));
    let mut bad = good.clone();
    bad[HEADER_LEN..HEADER_LEN + 8].fill(0); // no pieces at all: no kings
    let file = DataFile::from_bytes(bad).unwrap();
    assert!(file.position::<ChessPosition>(&file.record(0)).is_err());
    let err = DataFile::from_bytes(b"PK\x03\x04 not data at all, a zip perhaps".to_vec())
        .err()
        .unwrap();
    assert!(err.contains("not a Chimera data file"), "{err}");
    let mut bad = good.clone();
    bad[8] = 99; // version
    assert!(DataFile::from_bytes(bad).err().unwrap().contains("version"));
    std::fs::remove_file(&path).unwrap();
}

/// Version 1 files (no metadata, no game marks) still read, and a run
/// appending to one keeps it version 1: its games told by fullmove numbers.
#[test]
fn version_1_files_still_read_and_append() {
    use chimera::variants::chess::ChessPosition;
    use chimera::variants::Rules;
    let variant = VariantId::Chess;
    let layout = Layout::of::<ChessPosition>(variant);
    let path = temp_file("v1.data");
    let mut pos = ChessPosition::start(variant);
    let mut game = Vec::new();
    push_record(&mut game, &layout, &pos, 10, Wdl::Draw).unwrap();
    for token in ["e2e4", "e7e5", "g1f3"] {
        let m = pos.parse_move(token).expect("legal");
        pos.play(m);
    }
    push_record(&mut game, &layout, &pos, 30, Wdl::Draw).unwrap();
    let mut v1 = Vec::new();
    v1.extend_from_slice(b"CHIMDATA");
    v1.extend_from_slice(&1u16.to_le_bytes());
    v1.extend_from_slice(&34u16.to_le_bytes());
    v1.extend_from_slice(&[0; 4]);
    v1.extend_from_slice(b"chess\0\0\0\0\0\0\0\0\0\0\0");
    assert_eq!(v1.len(), HEADER_LEN);
    v1.extend_from_slice(&game);
    std::fs::write(&path, &v1).unwrap();

    let mut w = DataWriter::open(&path, variant, &layout, "engine=x\n").unwrap();
    assert_eq!((w.existing, w.header.version), (2, 1));
    assert_eq!(w.header.metadata, "");
    w.append_game(&mut game.clone()).unwrap();
    drop(w);
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes[..HEADER_LEN], v1[..HEADER_LEN], "the header is kept");
    assert_eq!(
        bytes[HEADER_LEN..],
        [&game[..], &game[..]].concat(),
        "no marks"
    );
    let file = DataFile::read(&path).unwrap();
    assert_eq!(file.len(), 4);
    let starts: Vec<bool> = file.records().map(|r| r.starts_game).collect();
    assert_eq!(starts, [true, false, true, false]);
    let back: ChessPosition = file.position(&file.record(3)).unwrap();
    assert_eq!(back.fen(), pos.fen());
    // A version 1 header with metadata, or a mark, is corrupt.
    let mut bad = bytes.clone();
    bad[12] = 1;
    assert!(DataFile::from_bytes(bad).is_err());
    let mut bad = bytes.clone();
    bad[HEADER_LEN + 33] |= 0x80;
    assert!(DataFile::from_bytes(bad).err().unwrap().contains("result"));
    std::fs::remove_file(&path).unwrap();
}

/// A version 2 header: bytes 12..16 the length of the metadata after it.
#[test]
fn version_2_headers_carry_metadata() {
    use chimera::variants::chess::ChessPosition;
    let variant = VariantId::Chess;
    let layout = Layout::of::<ChessPosition>(variant);
    let path = temp_file("v2.data");
    let metadata = "seed=3\nshard=1/4\n";
    let mut w = DataWriter::open(&path, variant, &layout, metadata).unwrap();
    let mut game = Vec::new();
    push_record(
        &mut game,
        &layout,
        &ChessPosition::start(variant),
        5,
        Wdl::Win,
    )
    .unwrap();
    w.append_game(&mut game).unwrap();
    drop(w);
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes[8..16], [2, 0, 34, 0, 17, 0, 0, 0]);
    assert_eq!(&bytes[HEADER_LEN..HEADER_LEN + 17], metadata.as_bytes());
    assert_eq!(bytes.len(), HEADER_LEN + 17 + 34);
    assert_eq!(bytes[bytes.len() - 1], 0x82, "a win, first of its game");
    let file = DataFile::read(&path).unwrap();
    let pairs: Vec<(&str, &str)> = file.header.pairs().collect();
    assert_eq!(pairs, [("seed", "3"), ("shard", "1/4")]);
    assert_eq!(file.record(0).result, Wdl::Win);
    // A second run appends under the first run's header.
    let w = DataWriter::open(&path, variant, &layout, "seed=4\n").unwrap();
    assert_eq!((w.existing, w.header.metadata.as_str()), (1, metadata));
    drop(w);
    // Metadata cut short, or not UTF-8, is refused.
    let err = DataFile::from_bytes(bytes[..HEADER_LEN + 10].to_vec())
        .err()
        .unwrap();
    assert!(err.contains("metadata"), "{err}");
    let mut bad = bytes.clone();
    bad[HEADER_LEN] = 0xff;
    assert!(DataFile::from_bytes(bad).err().unwrap().contains("UTF-8"));
    std::fs::remove_file(&path).unwrap();
}

fn datagen_round_trip<P: Packed>(variant: VariantId) {
    let path = temp_file(&format!("{variant}.datagen"));
    let status = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args([
            "datagen",
            "--variant",
            variant.name(),
            "--games",
            "3",
            "--nodes",
            "300",
        ])
        // From the start position: random plies can give openings the
        // network judges decided, which datagen drops, and three games of
        // them would leave the file empty (it did with atomic gen 7).
        .args([
            "--random-plies",
            "0",
            "--threads",
            "2",
            "--seed",
            "5",
            "--out",
        ])
        .arg(&path)
        .output()
        .expect("chimera runs");
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    let stderr = String::from_utf8_lossy(&status.stderr);
    assert!(stderr.contains("positions/s"), "{stderr}");
    let file = DataFile::read(&path).unwrap();
    assert_eq!(file.variant, variant);
    assert!(!file.is_empty(), "{variant}: no positions");
    for r in file.records() {
        let pos: P = file.position(&r).unwrap();
        assert!(!pos.in_check(), "{}", pos.fen());
        assert!(pos.early_end().is_none(), "{}", pos.fen());
    }
    std::fs::remove_file(chimera::datagen::resume::Progress::path_for(&path)).unwrap();
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn datagen_writes_games_that_read_back() {
    // Every variant: the avalanche forms' names are longer than the
    // header's name field, which once panicked the writer.
    for variant in VariantId::ALL {
        with_variant!(variant, P => datagen_round_trip::<P>(variant));
    }
}
