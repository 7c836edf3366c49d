//! Builds the list of networks built into the binary from `nets/*.nnue`:
//! shipping a variant's network is putting its file there (each file names
//! its variant in its header), with no list to edit. `CHIMERA_EVALFILE`
//! (`make EVALFILE=<file>`, as OpenBench builds) puts one more network
//! first, which then evaluates the variant it names instead of the shipped
//! one. It also gives the build its git commit (`CHIMERA_COMMIT`, which
//! `chimera --version` prints and `chimera datagen` writes into each data
//! file's header), from a source archive's `.archive-commit` or from git.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "src/build_info.rs"]
mod build_info;

/// A git command's output in the package's folder, if git answers.
fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && !text.is_empty()).then_some(text)
}

/// `CHIMERA_COMMIT` (a source archive's `.archive-commit`, else git's
/// HEAD), and the files whose change means another commit: that file,
/// HEAD (a detached one holds the commit), the branch's ref, packed refs.
fn commit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let archive_file = root.join(build_info::ARCHIVE_COMMIT_FILE);
    let archive = std::fs::read_to_string(&archive_file).ok();
    let head = git(&["rev-parse", "HEAD"]);
    let commit = build_info::choose_commit(archive.as_deref(), head.as_deref());
    println!("cargo:rustc-env=CHIMERA_COMMIT={commit}");
    let mut watched: Vec<PathBuf> = vec![archive_file];
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        watched.push(root.join(dir).join("HEAD"));
    }
    if let Some(common) = git(&["rev-parse", "--git-common-dir"]) {
        let common = root.join(common);
        if let Some(branch) = git(&["rev-parse", "--symbolic-full-name", "HEAD"]) {
            watched.push(common.join(branch));
        }
        watched.push(common.join("packed-refs"));
    }
    for path in watched.iter().filter(|p| p.exists()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
}

fn main() {
    commit();
    let nets = Path::new(env!("CARGO_MANIFEST_DIR")).join("nets");
    println!("cargo:rerun-if-changed={}", nets.display());
    let mut files: Vec<_> = std::fs::read_dir(&nets)
        .expect("the nets/ folder")
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "nnue"))
        .collect();
    files.sort();
    println!("cargo:rerun-if-env-changed=CHIMERA_EVALFILE");
    if let Some(extra) = std::env::var_os("CHIMERA_EVALFILE").filter(|f| !f.is_empty()) {
        let extra = std::fs::canonicalize(&extra)
            .unwrap_or_else(|e| panic!("EVALFILE {}: {e}", Path::new(&extra).display()));
        println!("cargo:rerun-if-changed={}", extra.display());
        files.insert(0, extra);
    }
    let mut code = String::from("pub const SHIPPED: &[&[u8]] = &[\n");
    for file in &files {
        println!("cargo:rerun-if-changed={}", file.display());
        writeln!(
            code,
            "    include_bytes!({:?}),",
            file.display().to_string()
        )
        .unwrap();
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("builtin_networks.rs");
    std::fs::write(out, code).expect("write the network list");
}
