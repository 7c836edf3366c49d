//! Text helpers shared by every layer: user input echoed in messages.

/// A piece of user input fit to be echoed in an error line: at most 60
/// bytes of it, and its length when it was cut.
pub fn shorten(s: &str) -> String {
    cut(s, 60)
}

/// At most `max` bytes of `s` (on a character boundary), and its length
/// when it was cut: for messages that may quote user input.
pub fn cut(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes)", &s[..end], s.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_input_is_shortened() {
        let long = "é".repeat(1000);
        let s = shorten(&long);
        assert!(s.len() < 100 && s.ends_with("(2000 bytes)"), "{s}");
        assert_eq!(shorten("e2e4"), "e2e4");
    }
}
