//! The docs true to the tree: every `src/...` and `engine-tests/...` path
//! that README.md, docs/*.md and nets/README.md name exists.

use std::path::{Path, PathBuf};

/// Words the docs use for a file that does not exist on purpose (the
/// variant `foo` of "how to add a variant").
const PLACEHOLDERS: [&str; 1] = ["foo"];

const ROOTS: [&str; 2] = ["src/", "engine-tests/"];

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The markdown files a reader is sent to.
fn docs() -> Vec<PathBuf> {
    let mut files = vec![repo().join("README.md"), repo().join("nets/README.md")];
    let dir = repo().join("docs");
    let mut pages: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    pages.sort();
    files.extend(pages);
    files
}

/// The folders the tree ignores because runs make them (`.gitignore`'s
/// rooted entries, such as the browser test's screenshots).
fn generated_folders() -> Vec<String> {
    let ignore = std::fs::read_to_string(repo().join(".gitignore")).unwrap_or_default();
    ignore
        .lines()
        .filter_map(|l| l.strip_prefix('/'))
        .map(String::from)
        .collect()
}

fn is_path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/')
}

/// Every `src/...` or `engine-tests/...` path in `text`: a root at a word's
/// start, then path characters; a trailing `.` or `,` ends the sentence,
/// not the path. A path that runs into a placeholder (`<name>`, `{a,b}`,
/// `*`) is kept up to its last whole folder.
fn paths_in(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (start, _) in text.char_indices() {
        let rest = &text[start..];
        let Some(root) = ROOTS.iter().find(|r| rest.starts_with(**r)) else {
            continue;
        };
        let before = text[..start].chars().next_back();
        if before.is_some_and(|c| is_path_char(c) || c == '$') {
            continue;
        }
        let len = rest.find(|c: char| !is_path_char(c)).unwrap_or(rest.len());
        let mut path = rest[..len].trim_end_matches(['.', ',']).to_string();
        let stopped_at = rest[len..].chars().next();
        if matches!(stopped_at, Some('<' | '{' | '*')) {
            path.truncate(path.rfind('/').map_or(0, |i| i + 1));
        }
        if path.len() > root.len() {
            found.push(path);
        }
    }
    found
}

#[test]
fn the_scanner_reads_paths_as_a_reader_does() {
    let text = "See `src/uci/go.rs`, then src/engine/ (and engine-tests/perft/<name>.epd). \
                Not chimera/src/x.rs nor $src/y. Also src/variants/{id,mod}.rs.";
    assert_eq!(
        paths_in(text),
        [
            "src/uci/go.rs",
            "src/engine/",
            "engine-tests/perft/",
            "src/variants/"
        ]
    );
}

#[test]
fn every_path_the_docs_name_exists() {
    let generated = generated_folders();
    let mut missing = Vec::new();
    let mut checked = 0;
    for doc in docs() {
        let text = std::fs::read_to_string(&doc)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", doc.display()));
        for path in paths_in(&text) {
            if PLACEHOLDERS
                .iter()
                .any(|p| path.split('/').any(|part| part.starts_with(p)))
            {
                continue;
            }
            checked += 1;
            let made_by_a_run = generated.iter().any(|g| path.starts_with(g.as_str()));
            if !made_by_a_run && !Path::new(&repo().join(&path)).exists() {
                let shown = doc
                    .strip_prefix(repo())
                    .unwrap_or(&doc)
                    .display()
                    .to_string();
                missing.push(format!("{shown}: {path}"));
            }
        }
    }
    // The docs name well over a hundred paths: a scanner that finds few is
    // broken, not the docs right.
    assert!(checked > 100, "only {checked} paths found in the docs");
    assert!(
        missing.is_empty(),
        "paths the docs name but the tree lacks:\n{}",
        missing.join("\n")
    );
}
