//! Page addresses made from titles and names: lower-case ASCII words joined by hyphens, unique within one file.

use std::collections::HashSet;

/// `"Rust & WebAssembly: 2026!"` → `rust-webassembly-2026`; accents lose their marks where the letter is plain
/// Latin underneath, anything else separates words.
pub(super) fn slugify(text: &str) -> String {
    let mut slug = String::with_capacity(text.len());
    for c in text.chars().map(fold_accent) {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let trimmed = slug.trim_end_matches('-');
    // Keeps addresses short enough to read; a cut mid-word is fine, the suffix still makes it unique.
    trimmed
        .chars()
        .take(80)
        .collect::<String>()
        .trim_end_matches('-')
        .to_owned()
}

fn fold_accent(c: char) -> char {
    match c {
        'à'..='å' | 'À'..='Å' => 'a',
        'ç' | 'Ç' => 'c',
        'è'..='ë' | 'È'..='Ë' => 'e',
        'ì'..='ï' | 'Ì'..='Ï' => 'i',
        'ñ' | 'Ñ' => 'n',
        'ò'..='ö' | 'ø' | 'Ò'..='Ö' | 'Ø' => 'o',
        'ù'..='ü' | 'Ù'..='Ü' => 'u',
        'ý' | 'ÿ' | 'Ý' => 'y',
        _ => c,
    }
}

/// Hands out slugs, adding `-2`, `-3`… to one already taken.
#[derive(Default)]
pub(super) struct Slugs {
    taken: HashSet<String>,
}

impl Slugs {
    pub(super) fn claim(&mut self, wanted: &str, fallback: &str) -> String {
        let base = match slugify(wanted) {
            slug if slug.is_empty() => fallback.to_owned(),
            slug => slug,
        };
        let mut slug = base.clone();
        let mut n = 2;
        while !self.taken.insert(slug.clone()) {
            slug = format!("{base}-{n}");
            n += 1;
        }
        slug
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_becomes_lower_case_ascii_words_joined_by_hyphens() {
        assert_eq!(slugify("Rust & WebAssembly: 2026!"), "rust-webassembly-2026");
        assert_eq!(slugify("  Café Señor  "), "cafe-senor");
    }

    #[test]
    fn a_slug_already_taken_gets_a_number() {
        let mut slugs = Slugs::default();
        assert_eq!(slugs.claim("Lunch", "session"), "lunch");
        assert_eq!(slugs.claim("lunch", "session"), "lunch-2");
        assert_eq!(slugs.claim("Lunch!", "session"), "lunch-3");
        assert_eq!(slugs.claim("日本", "session"), "session");
    }
}
