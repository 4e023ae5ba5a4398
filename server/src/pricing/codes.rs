//! What a code looks like: what buyers type (any case, letters, digits, `-` and `_`) and
//! what the back office generates (no characters that look alike).

/// Letters and digits nobody mistakes for one another: no 0/O, 1/I/L, or U.
const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Random characters after the prefix: 30^8, about 6.6 * 10^11 codes.
const GENERATED_CHARS: usize = 8;
pub const MIN_CHARS: usize = 3;
pub const MAX_CHARS: usize = 40;

/// A code as stored: trimmed, upper case; `None` unless it is 3 to 40 of `A-Z`, `0-9`, `-`, `_`.
pub fn parse_code(text: &str) -> Option<String> {
    let code = text.trim().to_uppercase();
    let length = code.chars().count();
    ((MIN_CHARS..=MAX_CHARS).contains(&length)
        && code
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-' || c == '_'))
    .then_some(code)
}

/// A fresh code: `prefix` (already parsed, may be empty) and 8 random characters.
pub fn generate_code(prefix: &str) -> String {
    let random = uuid::Uuid::new_v4().as_u128();
    let tail: String = (0..GENERATED_CHARS)
        .map(|index| ALPHABET[((random >> (index * 8)) % ALPHABET.len() as u128) as usize] as char)
        .collect();
    format!("{prefix}{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_read_in_any_case_and_generated_without_look_alikes() {
        assert_eq!(parse_code("  partner20 "), Some("PARTNER20".into()));
        assert_eq!(parse_code("speaker-2027_a"), Some("SPEAKER-2027_A".into()));
        assert_eq!(parse_code("ab"), None);
        assert_eq!(parse_code("two words"), None);
        assert_eq!(parse_code("café"), None);
        let generated = generate_code("TEAM-");
        assert!(generated.starts_with("TEAM-") && generated.len() == 13, "{generated}");
        assert!(!generated[5..].contains(['0', 'O', '1', 'I', 'L', 'U']), "{generated}");
        assert_eq!(parse_code(&generated).as_deref(), Some(generated.as_str()));
        assert_ne!(generate_code(""), generate_code(""));
    }
}
