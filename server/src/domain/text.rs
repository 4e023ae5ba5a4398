//! Text people type that other people will read.

/// Whether mail clients could turn part of `text` into a link: a scheme, an address,
/// a path, or a word with a dot inside it ("example.com", "bit.ly/x").
pub fn could_carry_a_link(text: &str) -> bool {
    let lowered = text.to_lowercase();
    lowered.contains("www")
        || lowered.chars().any(|c| matches!(c, ':' | '/' | '\\' | '@' | '<' | '>'))
        || lowered.split_whitespace().any(|word| {
            let word = word.trim_end_matches(|c: char| !c.is_alphanumeric());
            word.split_once('.')
                .is_some_and(|(_, after)| after.chars().any(char::is_alphanumeric))
                && word.split('.').skip(1).any(|part| part.chars().count() >= 2)
        })
}

#[cfg(test)]
mod tests {
    use super::could_carry_a_link;

    #[test]
    fn names_that_could_become_links_are_recognised() {
        for name in [
            "Ana Diaz",
            "J. R. R. Tolkien",
            "Ana-María O'Neil",
            "Dr. Bo Lee",
            "J.R.R. Tolkien",
        ] {
            assert!(!could_carry_a_link(name), "{name}");
        }
        for name in [
            "Win at evil.com",
            "visit https://x",
            "bit.ly/abc",
            "WWW dot evil",
            "mail me@evil.io",
            "Ana evil.COM.",
            "<b>Ana</b>",
        ] {
            assert!(could_carry_a_link(name), "{name}");
        }
    }
}
