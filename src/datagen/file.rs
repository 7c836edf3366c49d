//! Data files (docs/datagen.md): a 32-byte header naming the variant and
//! the record size, then fixed-size records, each a packed position, the
//! search's score and the game's result. Games are appended whole, so a
//! killed run leaves at most a torn last record, which the next run cuts
//! off before appending and a reader refuses.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

use crate::variants::packed::{self, Layout, Packed};
use crate::variants::VariantId;

pub const MAGIC: &[u8; 8] = b"CHIMDATA";
pub const VERSION: u16 = 1;
pub const HEADER_LEN: usize = 32;
/// Bytes after the packed position: the score (`i16`, centipawns, the side
/// to move's view) and the result for the side to move (0 loss, 1 draw,
/// 2 win).
pub const TAIL_LEN: usize = 3;

/// Bytes of one record of `variant`.
pub fn record_len(layout: &Layout) -> usize {
    layout.len() + TAIL_LEN
}

/// The result of a game for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wdl {
    Loss = 0,
    Draw = 1,
    Win = 2,
}

impl Wdl {
    fn from_byte(b: u8) -> Option<Wdl> {
        match b {
            0 => Some(Wdl::Loss),
            1 => Some(Wdl::Draw),
            2 => Some(Wdl::Win),
            _ => None,
        }
    }

    /// 0, ½ or 1.
    pub fn points(self) -> f32 {
        f32::from(self as u8) / 2.0
    }
}

/// Appends one record to `out`.
pub fn push_record<P: Packed>(
    out: &mut Vec<u8>,
    layout: &Layout,
    pos: &P,
    score: i16,
    result: Wdl,
) -> Result<(), String> {
    let start = out.len();
    out.resize(start + layout.len(), 0);
    if let Err(e) = packed::pack(pos, layout, &mut out[start..]) {
        out.truncate(start);
        return Err(e);
    }
    out.extend_from_slice(&score.to_le_bytes());
    out.push(result as u8);
    Ok(())
}

fn header(variant: VariantId, layout: &Layout) -> [u8; HEADER_LEN] {
    let mut h = [0u8; HEADER_LEN];
    h[..8].copy_from_slice(MAGIC);
    h[8..10].copy_from_slice(&VERSION.to_le_bytes());
    h[10..12].copy_from_slice(&(record_len(layout) as u16).to_le_bytes());
    h[16..32].copy_from_slice(&variant.name_field());
    h
}

/// Reads a header: the variant, checked against this build's record size.
fn parse_header(h: &[u8]) -> Result<VariantId, String> {
    if h.len() < HEADER_LEN || &h[..8] != MAGIC {
        return Err("not a Chimera data file (no CHIMDATA header)".to_string());
    }
    let version = u16::from_le_bytes([h[8], h[9]]);
    if version != VERSION {
        return Err(format!(
            "data format version {version}, this build reads {VERSION}"
        ));
    }
    let variant = VariantId::from_name_field(&h[16..HEADER_LEN])
        .map_err(|name| format!("unknown variant {name:?} in the header"))?;
    let expected = crate::with_variant!(variant, P => record_len(&Layout::of::<P>(variant)));
    let stored = usize::from(u16::from_le_bytes([h[10], h[11]]));
    if stored != expected {
        return Err(format!(
            "{variant} records of {stored} bytes, this build writes {expected}"
        ));
    }
    Ok(variant)
}

/// An open data file that whole games are appended to.
pub struct DataWriter {
    file: File,
    record_len: usize,
    /// Records in the file when it was opened.
    pub existing: u64,
    /// Bytes of a torn last record cut off when it was opened.
    pub repaired: u64,
}

impl DataWriter {
    /// Creates `path`, or opens it to append when it holds data of the same
    /// variant (cutting off a torn last record).
    pub fn open(path: &Path, variant: VariantId, layout: &Layout) -> Result<DataWriter, String> {
        let shown = path.display();
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| format!("cannot open {shown}: {e}"))?;
        let len = file
            .metadata()
            .map_err(|e| format!("cannot read {shown}: {e}"))?
            .len();
        let record_len = record_len(layout);
        let mut writer = DataWriter {
            file,
            record_len,
            existing: 0,
            repaired: 0,
        };
        if len == 0 {
            writer
                .file
                .write_all(&header(variant, layout))
                .map_err(|e| format!("cannot write {shown}: {e}"))?;
            return Ok(writer);
        }
        let mut h = [0u8; HEADER_LEN];
        writer
            .file
            .read_exact(&mut h)
            .map_err(|_| format!("{shown}: not a Chimera data file (shorter than its header)"))?;
        let found = parse_header(&h).map_err(|e| format!("{shown}: {e}"))?;
        if found != variant {
            return Err(format!("{shown} holds {found} data, not {variant}"));
        }
        let body = len - HEADER_LEN as u64;
        writer.existing = body / record_len as u64;
        writer.repaired = body % record_len as u64;
        let whole = HEADER_LEN as u64 + writer.existing * record_len as u64;
        if writer.repaired != 0 {
            writer
                .file
                .set_len(whole)
                .map_err(|e| format!("cannot repair {shown}: {e}"))?;
        }
        writer
            .file
            .seek(SeekFrom::Start(whole))
            .map_err(|e| format!("cannot append to {shown}: {e}"))?;
        Ok(writer)
    }

    /// Appends a game's records (whole records, one write).
    pub fn append(&mut self, records: &[u8]) -> Result<(), String> {
        debug_assert_eq!(records.len() % self.record_len, 0);
        self.file
            .write_all(records)
            .and_then(|()| self.file.flush())
            .map_err(|e| format!("cannot write the data file: {e}"))
    }
}

/// A whole data file in memory.
pub struct DataFile {
    pub variant: VariantId,
    pub layout: Layout,
    bytes: Vec<u8>,
}

/// One record of a [`DataFile`].
#[derive(Clone, Copy, Debug)]
pub struct Record<'a> {
    /// The packed position ([`packed::unpack`] reads it).
    pub position: &'a [u8],
    /// Centipawns, the side to move's view.
    pub score: i16,
    pub result: Wdl,
}

impl DataFile {
    /// Reads and checks a data file: its header, a whole number of records,
    /// every result byte. A truncated or corrupt file is an error that says
    /// what is wrong.
    pub fn read(path: &Path) -> Result<DataFile, String> {
        let shown = path.display();
        let mut bytes = Vec::new();
        File::open(path)
            .and_then(|mut f| f.read_to_end(&mut bytes))
            .map_err(|e| format!("cannot read {shown}: {e}"))?;
        DataFile::from_bytes(bytes).map_err(|e| format!("{shown}: {e}"))
    }

    pub fn from_bytes(bytes: Vec<u8>) -> Result<DataFile, String> {
        if bytes.len() < HEADER_LEN {
            return Err("not a Chimera data file (shorter than its header)".to_string());
        }
        let variant = parse_header(&bytes[..HEADER_LEN])?;
        let layout = crate::with_variant!(variant, P => Layout::of::<P>(variant));
        let record_len = record_len(&layout);
        let body = bytes.len() - HEADER_LEN;
        if !body.is_multiple_of(record_len) {
            return Err(format!(
                "truncated: {} bytes after the last whole record of {record_len} (an interrupted run? `chimera datagen` with the same --out repairs it)",
                body % record_len
            ));
        }
        let file = DataFile {
            variant,
            layout,
            bytes,
        };
        if let Some(i) =
            (0..file.len()).find(|&i| Wdl::from_byte(file.raw(i)[record_len - 1]).is_none())
        {
            return Err(format!("record {i}: result byte is not 0, 1 or 2"));
        }
        Ok(file)
    }

    fn record_len(&self) -> usize {
        record_len(&self.layout)
    }

    fn raw(&self, i: usize) -> &[u8] {
        let n = self.record_len();
        &self.bytes[HEADER_LEN + i * n..HEADER_LEN + (i + 1) * n]
    }

    /// Records in the file.
    pub fn len(&self) -> usize {
        (self.bytes.len() - HEADER_LEN) / self.record_len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`-th record.
    pub fn record(&self, i: usize) -> Record<'_> {
        let raw = self.raw(i);
        let p = self.layout.len();
        Record {
            position: &raw[..p],
            score: i16::from_le_bytes([raw[p], raw[p + 1]]),
            result: Wdl::from_byte(raw[p + 2]).unwrap_or(Wdl::Draw),
        }
    }

    pub fn records(&self) -> impl Iterator<Item = Record<'_>> {
        (0..self.len()).map(|i| self.record(i))
    }

    /// The position of a record, as a backend's position.
    pub fn position<P: Packed>(&self, record: &Record<'_>) -> Result<P, String> {
        packed::unpack(self.variant, &self.layout, record.position)
    }
}

/// Which records are held out when a fit is checked: every record of one
/// game in `one_in` (at least one game), chosen by `seed`. A game's records
/// are consecutive in a data file and their fullmove numbers never fall, so
/// a record whose fullmove number is below the one before starts a game.
/// (Two games merge when the second starts no earlier than the first
/// ended, which only holds more out together.) Holding out records, or
/// blocks of them, would let the fit see the held-out positions' games
/// through their neighbours, and flatter it: an Omega game leaves about
/// 150 records.
pub fn held_out_games(fullmoves: &[u16], one_in: usize, seed: u64) -> Vec<bool> {
    let mut game_of = Vec::with_capacity(fullmoves.len());
    let mut games = 0;
    for (i, &fullmove) in fullmoves.iter().enumerate() {
        if i == 0 || fullmove < fullmoves[i - 1] {
            games += 1;
        }
        game_of.push(games - 1);
    }
    let mut order: Vec<usize> = (0..games).collect();
    crate::rng::SplitMix64::new(seed).shuffle(&mut order);
    let mut held_game = vec![false; games];
    for &g in order.iter().take(games.div_ceil(one_in.max(1))) {
        held_game[g] = true;
    }
    game_of.iter().map(|&g| held_game[g]).collect()
}
