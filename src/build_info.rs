//! Where a build's commit comes from. `build.rs` includes this file, so the
//! rule it applies is the one the tests below check.

/// The file that names the commit in a source archive: `.gitattributes`
/// marks it `export-subst`, so `git archive` and GitHub's zip of a commit
/// (what OpenBench's client builds from) write the commit's hash where the
/// repository holds `$Format:%H$`.
pub const ARCHIVE_COMMIT_FILE: &str = ".archive-commit";

/// The commit an archive file names: its hash (40 or 64 hex digits), or
/// `None` for the unexpanded `$Format:%H$` of a checkout or anything else.
pub fn archive_commit(text: &str) -> Option<String> {
    let text = text.trim();
    let hex = text.bytes().all(|b| b.is_ascii_hexdigit());
    (hex && (text.len() == 40 || text.len() == 64)).then(|| text.to_ascii_lowercase())
}

/// The commit a build names: an expanded archive file first (an archive
/// unpacked inside another repository would otherwise take that
/// repository's HEAD), then what git says, else `unknown`.
pub fn choose_commit(archive_text: Option<&str>, git_head: Option<&str>) -> String {
    archive_text
        .and_then(archive_commit)
        .or_else(|| git_head.and_then(archive_commit))
        .unwrap_or_else(|| "unknown".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HASH: &str = "2fe2717a0c2f6d1f0b5c8e2a9a4d7e1b3c5f6a7d";

    #[test]
    fn an_expanded_archive_file_names_the_commit() {
        assert_eq!(archive_commit(&format!("{HASH}\n")).as_deref(), Some(HASH));
        assert_eq!(
            archive_commit(&HASH.to_ascii_uppercase()).as_deref(),
            Some(HASH)
        );
        // The archive's commit wins over a repository around the archive.
        let other = "0".repeat(40);
        assert_eq!(choose_commit(Some(HASH), Some(&other)), HASH);
    }

    #[test]
    fn an_unexpanded_or_broken_file_falls_back_to_git_then_unknown() {
        let unexpanded = "$Format:%H$\n";
        assert_eq!(archive_commit(unexpanded), None);
        assert_eq!(archive_commit(&HASH[..39]), None);
        assert_eq!(archive_commit(&format!("{HASH} x")), None);
        assert_eq!(archive_commit(""), None);
        assert_eq!(choose_commit(Some(unexpanded), Some(HASH)), HASH);
        assert_eq!(choose_commit(Some(unexpanded), None), "unknown");
        assert_eq!(choose_commit(None, None), "unknown");
        assert_eq!(choose_commit(None, Some("garbage")), "unknown");
    }
}
