//! A `nets/*.txt` parameter file as text with numbered values, so that a
//! fit can write new numbers into it and keep every comment, name and
//! column of the original (the grammar of [`crate::eval::params::Params`]).

/// One value of the file: where it is written and which table it is in.
#[derive(Clone, Debug)]
pub struct Value {
    pub table: String,
    /// Index within its table.
    pub index: usize,
    start: usize,
    end: usize,
}

/// The file's text and its values in file order.
#[derive(Clone, Debug)]
pub struct ParamText {
    text: String,
    pub values: Vec<Value>,
    /// The numbers as written.
    pub numbers: Vec<i32>,
}

impl ParamText {
    pub fn parse(text: &str) -> Result<ParamText, String> {
        let mut values = Vec::new();
        let mut numbers = Vec::new();
        let mut table: Option<(String, usize)> = None;
        let mut offset = 0;
        for (n, raw) in text.split_inclusive('\n').enumerate() {
            let line_start = offset;
            offset += raw.len();
            let code = raw.split('#').next().unwrap_or("");
            let continues = raw.starts_with(char::is_whitespace);
            let mut words = words_with_offsets(code).into_iter();
            if code.trim().is_empty() {
                continue;
            }
            if !continues {
                let (_, name) = words.next().expect("a non-blank line has a word");
                table = Some((name.to_string(), 0));
            }
            let Some((name, count)) = table.as_mut() else {
                return Err(format!("line {}: values before any table name", n + 1));
            };
            for (at, word) in words {
                let v = word
                    .parse::<i32>()
                    .map_err(|_| format!("line {}: {word} is not an integer", n + 1))?;
                values.push(Value {
                    table: name.clone(),
                    index: *count,
                    start: line_start + at,
                    end: line_start + at + word.len(),
                });
                numbers.push(v);
                *count += 1;
            }
        }
        Ok(ParamText {
            text: text.to_string(),
            values,
            numbers,
        })
    }

    /// The file with `numbers` (one per value, in file order) written in
    /// place of the old ones: right-aligned in the old number's column,
    /// taking spaces from its left when it is wider.
    pub fn render(&self, numbers: &[i32]) -> String {
        assert_eq!(numbers.len(), self.values.len(), "one number per value");
        let bytes = self.text.as_bytes();
        let mut out = String::with_capacity(self.text.len() + 64);
        let mut copied = 0;
        for (value, &n) in self.values.iter().zip(numbers) {
            let new = n.to_string();
            // Spaces before the old number that a wider one may take, one
            // always kept to separate it from what precedes.
            let mut start = value.start;
            while value.end - start < new.len()
                && start >= copied + 2
                && bytes[start - 1] == b' '
                && bytes[start - 2] == b' '
            {
                start -= 1;
            }
            out.push_str(&self.text[copied..start]);
            let room = value.end - start;
            out.push_str(&" ".repeat(room.saturating_sub(new.len())));
            out.push_str(&new);
            copied = value.end;
        }
        out.push_str(&self.text[copied..]);
        out
    }
}

/// The whitespace-separated words of a line with their byte offsets.
fn words_with_offsets(line: &str) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                words.push((s, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        words.push((s, &line[s..]));
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::params::Params;

    use crate::eval::Tunable;
    use crate::variants::VariantId;

    /// Every registered variant's built-in file (the avalanche forms share
    /// one), so that a new variant's file is checked too.
    fn files() -> Vec<&'static str> {
        let mut files: Vec<&str> = VariantId::ALL
            .into_iter()
            .map(|v| crate::with_variant!(v, P => P::TEXT))
            .collect();
        files.dedup();
        files
    }

    #[test]
    fn every_file_renders_back_unchanged() {
        for text in files() {
            let t = ParamText::parse(text).unwrap();
            assert!(t.values.len() > 40);
            assert_eq!(t.render(&t.numbers), text);
        }
    }

    #[test]
    fn new_numbers_are_read_back_in_their_tables() {
        for text in files() {
            let t = ParamText::parse(text).unwrap();
            // Wider, narrower and negative numbers everywhere.
            let numbers: Vec<i32> = (0..t.numbers.len() as i32)
                .map(|i| match i % 4 {
                    0 => -12345,
                    1 => 7,
                    2 => i * 1000,
                    _ => -i,
                })
                .collect();
            let rendered = t.render(&numbers);
            let again = ParamText::parse(&rendered).unwrap();
            assert_eq!(again.numbers, numbers);
            let p = Params::parse(&rendered).unwrap();
            for (v, &n) in t.values.iter().zip(&numbers) {
                let len = t.values.iter().filter(|w| w.table == v.table).count();
                assert_eq!(p.table(&v.table, len).unwrap()[v.index], n);
            }
            // Comments survive.
            assert_eq!(
                rendered
                    .lines()
                    .filter(|l| l.trim_start().starts_with('#'))
                    .count(),
                text.lines()
                    .filter(|l| l.trim_start().starts_with('#'))
                    .count()
            );
        }
    }

    #[test]
    fn layout_is_kept_where_the_numbers_fit() {
        let text = "# c\nmaterial  90 110   320\npst\n    -5   10\n    20    0 # note\n";
        let t = ParamText::parse(text).unwrap();
        assert_eq!(t.numbers, [90, 110, 320, -5, 10, 20, 0]);
        let out = t.render(&[91, -9, 1000, 5, -10, 200, 7]);
        assert_eq!(
            out,
            "# c\nmaterial  91  -9  1000\npst\n     5  -10\n   200    7 # note\n"
        );
    }
}
