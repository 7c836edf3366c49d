//! `chimera data merge --out FILE A B ...`: the records of files of one
//! variant (a data set's shards, several runs) one file after the other,
//! each game kept whole and marked. The merged file's metadata lists every
//! part's as `part.<n>.<key>=<value>`.

use std::path::PathBuf;

use anyhow::anyhow;

use crate::datagen::file::read_header;

#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// The merged file (must not exist).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,

    /// The files to merge, all of one variant.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

pub fn run(args: &MergeArgs) -> anyhow::Result<()> {
    // Every header first: a mixed set is refused before anything is written.
    let mut metadata = format!("merge={} files\n", args.files.len());
    let mut variant = None;
    for (n, path) in args.files.iter().enumerate() {
        let (header, records) = read_header(path).map_err(|e| anyhow!(e))?;
        match variant {
            None => variant = Some(header.variant),
            Some(v) if v != header.variant => {
                return Err(anyhow!(
                    "{} holds {} data, {} {v}: merge takes files of one variant",
                    path.display(),
                    header.variant,
                    args.files[0].display()
                ))
            }
            Some(_) => {}
        }
        metadata.push_str(&format!("part.{n}.file={}\n", super::name(path)));
        metadata.push_str(&format!("part.{n}.records={records}\n"));
        metadata.push_str(&format!("part.{n}.format={}\n", header.version));
        for line in header.metadata.lines() {
            metadata.push_str(&format!("part.{n}.{line}\n"));
        }
    }
    let mut out = None;
    let mut records = 0;
    for path in &args.files {
        let file = super::read(path)?;
        let out = match &mut out {
            Some(out) => out,
            None => out.insert(super::create(&args.out, &file, &metadata)?),
        };
        for i in 0..file.len() {
            out.push(file.raw(i), file.starts_game(i))?;
        }
        records += file.len();
    }
    if let Some(out) = out {
        out.finish()?;
    }
    eprintln!(
        "{}: {records} records from {} files",
        args.out.display(),
        args.files.len()
    );
    Ok(())
}
