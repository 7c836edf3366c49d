//! Evaluation parameters embedded from `nets/*.txt`.
//!
//! Format: one named table per line, `name v1 v2 ...` (integers, centipawns),
//! `#` starts a comment; a table may continue on following lines that start
//! with whitespace. Each evaluator turns its tables into a typed struct once.

use std::collections::BTreeMap;

/// Named integer tables parsed from a `nets/` file.
pub struct Params {
    tables: BTreeMap<String, Vec<i32>>,
}

impl Params {
    pub fn parse(text: &str) -> Result<Params, String> {
        let mut tables: BTreeMap<String, Vec<i32>> = BTreeMap::new();
        let mut current: Option<String> = None;
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("");
            if line.trim().is_empty() {
                continue;
            }
            let mut words = line.split_whitespace();
            if !raw.starts_with(char::is_whitespace) {
                let name = words.next().unwrap_or_default().to_string();
                if tables.contains_key(&name) {
                    return Err(format!("line {}: table {name} given twice", n + 1));
                }
                tables.insert(name.clone(), Vec::new());
                current = Some(name);
            }
            let Some(name) = &current else {
                return Err(format!("line {}: values before any table name", n + 1));
            };
            let table = tables.get_mut(name).expect("table was inserted");
            for w in words {
                let v = w
                    .parse::<i32>()
                    .map_err(|_| format!("line {}: {w} is not an integer", n + 1))?;
                table.push(v);
            }
        }
        Ok(Params { tables })
    }

    /// A table that must have exactly `len` values.
    pub fn table(&self, name: &str, len: usize) -> Result<Vec<i32>, String> {
        let t = self
            .tables
            .get(name)
            .ok_or_else(|| format!("missing table {name}"))?;
        if t.len() != len {
            return Err(format!(
                "table {name} has {} values, expected {len}",
                t.len()
            ));
        }
        Ok(t.clone())
    }

    /// A table of one value.
    pub fn scalar(&self, name: &str) -> Result<i32, String> {
        Ok(self.table(name, 1)?[0])
    }

    /// A table of exactly `N` values as an array.
    pub fn array<const N: usize>(&self, name: &str) -> Result<[i32; N], String> {
        let t = self.table(name, N)?;
        let mut a = [0; N];
        a.copy_from_slice(&t);
        Ok(a)
    }
}

/// Parses an embedded parameter file, panicking with the file's name on a
/// malformed file: the files are part of the build and a unit test of each
/// evaluator loads them, so this can only fail for a broken commit.
pub fn load<T>(file: &str, text: &str, build: impl FnOnce(&Params) -> Result<T, String>) -> T {
    match Params::parse(text).and_then(|p| build(&p)) {
        Ok(t) => t,
        Err(e) => panic!("nets/{file}: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_tables_and_continuations() {
        let p = Params::parse("# c\na 1 2\n  3\nb -4 # note\n").unwrap();
        assert_eq!(p.table("a", 3).unwrap(), vec![1, 2, 3]);
        assert_eq!(p.scalar("b").unwrap(), -4);
        assert!(p.table("a", 2).is_err());
        assert!(Params::parse("a x").is_err());
        assert!(Params::parse("a 1\na 2").is_err());
    }
}
