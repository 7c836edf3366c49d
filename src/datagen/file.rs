//! Data files (docs/datagen.md): a 32-byte header naming the variant and
//! the record size, then (version 2) a block of `key=value` lines saying
//! how the data was made, then fixed-size records, each a packed position,
//! the search's score and the game's result, the first record of each game
//! marked. Games are appended whole, so a killed run leaves at most a torn
//! last record, which the next run cuts off before appending and a reader
//! refuses.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

use crate::variants::packed::{self, Layout, Packed};
use crate::variants::VariantId;

pub const MAGIC: &[u8; 8] = b"CHIMDATA";
/// The version this build writes: the header's bytes 12..16 give the length
/// of a metadata block after it, and a record's result byte marks the
/// first record of a game ([`GAME_START`]).
pub const VERSION: u16 = 2;
/// Version 1, still read: no metadata (bytes 12..16 zero), no game marks.
pub const VERSION_1: u16 = 1;
pub const HEADER_LEN: usize = 32;
/// The longest metadata block a reader accepts.
pub const MAX_METADATA: usize = 1 << 20;
/// Bytes after the packed position: the score (`i16`, centipawns, the side
/// to move's view) and the result for the side to move (0 loss, 1 draw,
/// 2 win).
pub const TAIL_LEN: usize = 3;
/// Set in the result byte of the first record of each game (version 2).
pub const GAME_START: u8 = 0x80;

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

/// What a file's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub version: u16,
    pub variant: VariantId,
    /// The metadata block, `key=value` lines (empty in version 1).
    pub metadata: String,
}

impl Header {
    /// Bytes before the first record.
    pub fn data_start(&self) -> usize {
        HEADER_LEN + self.metadata.len()
    }

    /// The metadata's `(key, value)` pairs, in order (a key may repeat).
    pub fn pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        metadata_pairs(&self.metadata)
    }
}

/// The `(key, value)` pairs of a metadata block, in order.
pub fn metadata_pairs(metadata: &str) -> impl Iterator<Item = (&str, &str)> {
    metadata.lines().filter_map(|line| line.split_once('='))
}

fn header_bytes(variant: VariantId, layout: &Layout, metadata: &str) -> Vec<u8> {
    let mut h = vec![0u8; HEADER_LEN];
    h[..8].copy_from_slice(MAGIC);
    h[8..10].copy_from_slice(&VERSION.to_le_bytes());
    h[10..12].copy_from_slice(&(record_len(layout) as u16).to_le_bytes());
    h[12..16].copy_from_slice(&(metadata.len() as u32).to_le_bytes());
    h[16..32].copy_from_slice(&variant.name_field());
    h.extend_from_slice(metadata.as_bytes());
    h
}

/// The length of the metadata block that follows the 32 header bytes `h`
/// (checked as far as these bytes go).
fn metadata_len(h: &[u8]) -> Result<usize, String> {
    if h.len() < HEADER_LEN || &h[..8] != MAGIC {
        return Err("not a Chimera data file (no CHIMDATA header)".to_string());
    }
    let version = u16::from_le_bytes([h[8], h[9]]);
    let len = u32::from_le_bytes([h[12], h[13], h[14], h[15]]) as usize;
    match version {
        VERSION_1 if len != 0 => Err("a version 1 header with bytes 12..16 not zero".to_string()),
        VERSION_1 | VERSION if len <= MAX_METADATA => Ok(len),
        VERSION => Err(format!(
            "a metadata block of {len} bytes (at most {MAX_METADATA})"
        )),
        _ => Err(format!(
            "data format version {version}, this build reads {VERSION_1} and {VERSION}"
        )),
    }
}

/// Reads a header from the start of a file (`bytes` holding at least the
/// 32 header bytes and the metadata): the variant, checked against this
/// build's record size.
pub fn parse_header(bytes: &[u8]) -> Result<Header, String> {
    let len = metadata_len(bytes)?;
    let h = &bytes[..HEADER_LEN];
    let version = u16::from_le_bytes([h[8], h[9]]);
    let variant = VariantId::from_name_field(&h[16..HEADER_LEN])
        .map_err(|name| format!("unknown variant {name:?} in the header"))?;
    let expected = crate::with_variant!(variant, P => record_len(&Layout::of::<P>(variant)));
    let stored = usize::from(u16::from_le_bytes([h[10], h[11]]));
    if stored != expected {
        return Err(format!(
            "{variant} records of {stored} bytes, this build writes {expected}"
        ));
    }
    let block = bytes
        .get(HEADER_LEN..HEADER_LEN + len)
        .ok_or("truncated: shorter than its metadata block")?;
    let metadata = String::from_utf8(block.to_vec())
        .map_err(|_| "the metadata block is not UTF-8".to_string())?;
    Ok(Header {
        version,
        variant,
        metadata,
    })
}

/// The header of the data file at `path` and its whole records (read
/// without the records).
pub fn read_header(path: &Path) -> Result<(Header, u64), String> {
    let shown = path.display();
    let mut file = File::open(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let len = file
        .metadata()
        .map_err(|e| format!("cannot read {shown}: {e}"))?
        .len();
    let header = read_header_from(&mut file).map_err(|e| format!("{shown}: {e}"))?;
    let record_len =
        crate::with_variant!(header.variant, P => record_len(&Layout::of::<P>(header.variant)));
    let records = (len - header.data_start() as u64) / record_len as u64;
    Ok((header, records))
}

/// Reads a header and its metadata from the start of `file`.
fn read_header_from(file: &mut File) -> Result<Header, String> {
    let mut h = vec![0u8; HEADER_LEN];
    file.read_exact(&mut h)
        .map_err(|_| "not a Chimera data file (shorter than its header)".to_string())?;
    let meta = metadata_len(&h)?;
    h.resize(HEADER_LEN + meta, 0);
    file.read_exact(&mut h[HEADER_LEN..])
        .map_err(|_| "truncated: shorter than its metadata block".to_string())?;
    parse_header(&h)
}

/// An open data file that whole games are appended to.
pub struct DataWriter {
    file: File,
    record_len: usize,
    /// The header of the file (an existing file's, kept as it was).
    pub header: Header,
    /// Records in the file when it was opened.
    pub existing: u64,
    /// Bytes of a torn last record cut off when it was opened.
    pub repaired: u64,
}

impl DataWriter {
    /// Creates `path` with `metadata` in its header, or opens it to append
    /// when it holds data of the same variant (cutting off a torn last
    /// record); an existing file keeps its header and its version.
    pub fn open(
        path: &Path,
        variant: VariantId,
        layout: &Layout,
        metadata: &str,
    ) -> Result<DataWriter, String> {
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
        if len == 0 {
            return DataWriter::start(file, path, variant, layout, metadata);
        }
        let mut writer = DataWriter {
            file,
            record_len: record_len(layout),
            header: Header {
                version: VERSION,
                variant,
                metadata: String::new(),
            },
            existing: 0,
            repaired: 0,
        };
        writer.header = read_header_from(&mut writer.file).map_err(|e| format!("{shown}: {e}"))?;
        if writer.header.variant != variant {
            return Err(format!(
                "{shown} holds {} data, not {variant}",
                writer.header.variant
            ));
        }
        let start = writer.header.data_start() as u64;
        let body = len - start;
        writer.existing = body / writer.record_len as u64;
        writer.repaired = body % writer.record_len as u64;
        let whole = start + writer.existing * writer.record_len as u64;
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

    /// Creates `path`, which must not exist, with `metadata` in its header.
    pub fn create(
        path: &Path,
        variant: VariantId,
        layout: &Layout,
        metadata: &str,
    ) -> Result<DataWriter, String> {
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        DataWriter::start(file, path, variant, layout, metadata)
    }

    /// Writes the header of a new file.
    fn start(
        mut file: File,
        path: &Path,
        variant: VariantId,
        layout: &Layout,
        metadata: &str,
    ) -> Result<DataWriter, String> {
        if metadata.len() > MAX_METADATA {
            return Err(format!(
                "a metadata block of {} bytes (at most {MAX_METADATA})",
                metadata.len()
            ));
        }
        file.write_all(&header_bytes(variant, layout, metadata))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(DataWriter {
            file,
            record_len: record_len(layout),
            header: Header {
                version: VERSION,
                variant,
                metadata: metadata.to_string(),
            },
            existing: 0,
            repaired: 0,
        })
    }

    /// Appends a game's records (whole records, one write), its first
    /// record marked as a game's start when the file's version has marks.
    pub fn append_game(&mut self, records: &mut [u8]) -> Result<(), String> {
        if self.header.version >= VERSION && records.len() >= self.record_len {
            records[self.record_len - 1] |= GAME_START;
        }
        self.append_records(records)
    }

    /// Appends whole records as they are, marks included.
    pub fn append_records(&mut self, records: &[u8]) -> Result<(), String> {
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
    pub header: Header,
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
    /// The first record of a game: marked in version 2 (and the file's
    /// first record), told by the fullmove number in version 1
    /// ([`DataFile::starts_game`]).
    pub starts_game: bool,
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
        let header = parse_header(&bytes)?;
        let variant = header.variant;
        let layout = crate::with_variant!(variant, P => Layout::of::<P>(variant));
        let record_len = record_len(&layout);
        let body = bytes.len() - header.data_start();
        if !body.is_multiple_of(record_len) {
            return Err(format!(
                "truncated: {} bytes after the last whole record of {record_len} (an interrupted run? `chimera datagen` with the same --out repairs it)",
                body % record_len
            ));
        }
        let marks = if header.version >= VERSION {
            GAME_START
        } else {
            0
        };
        let file = DataFile {
            variant,
            layout,
            header,
            bytes,
        };
        if let Some(i) = (0..file.len())
            .find(|&i| Wdl::from_byte(file.raw(i)[record_len - 1] & !marks).is_none())
        {
            return Err(format!("record {i}: result byte is not 0, 1 or 2"));
        }
        Ok(file)
    }

    pub fn record_len(&self) -> usize {
        record_len(&self.layout)
    }

    /// The bytes of the `i`-th record, as the file holds them.
    pub fn raw(&self, i: usize) -> &[u8] {
        let n = self.record_len();
        let start = self.header.data_start() + i * n;
        &self.bytes[start..start + n]
    }

    /// Records in the file.
    pub fn len(&self) -> usize {
        (self.bytes.len() - self.header.data_start()) / self.record_len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the `i`-th record starts a game. Version 2: the first record
    /// and every marked one. Version 1, which has no marks: the first record
    /// and every one whose fullmove number is below the one before (a
    /// game's fullmove numbers never fall; two games whose second starts no
    /// later than the first ended count as one).
    pub fn starts_game(&self, i: usize) -> bool {
        if i == 0 {
            return true;
        }
        if self.header.version >= VERSION {
            return self.raw(i)[self.record_len() - 1] & GAME_START != 0;
        }
        let fullmove = |i: usize| self.layout.fullmove(self.raw(i));
        fullmove(i) < fullmove(i - 1)
    }

    /// The `i`-th record.
    pub fn record(&self, i: usize) -> Record<'_> {
        let raw = self.raw(i);
        let p = self.layout.len();
        Record {
            position: &raw[..p],
            score: i16::from_le_bytes([raw[p], raw[p + 1]]),
            result: Wdl::from_byte(raw[p + 2] & !GAME_START).unwrap_or(Wdl::Draw),
            starts_game: self.starts_game(i),
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
