//! What a code looks like: what buyers type (any case, letters, digits, `-` and `_`) and
//! what the site generates (no characters that look alike, in groups of four).

/// Letters and digits nobody mistakes for one another: no 0/O, 1/I/L, or U.
const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Random characters after the prefix, "7K3P-9QXM-…": 30^16, about 2^78. A generated code may
/// hold units, be someone's own or be free, so guessing one must be hopeless at any rate of
/// tries (64 bits at least).
const GROUPS: usize = 4;
const GROUP_CHARS: usize = 4;
/// What a generated code adds to its prefix: the groups and the dashes between them.
pub const GENERATED_CHARS: usize = GROUPS * GROUP_CHARS + GROUPS - 1;
pub const MIN_CHARS: usize = 3;
pub const MAX_CHARS: usize = 40;
/// The longest prefix of generated codes: with it, they are still codes a buyer can type.
pub const MAX_PREFIX_CHARS: usize = 20;
const _: () = assert!(MAX_PREFIX_CHARS + GENERATED_CHARS <= MAX_CHARS);

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

/// A fresh code: `prefix` (already parsed, may be empty), then four groups of four random
/// characters joined by dashes.
pub fn generate_code(prefix: &str) -> String {
    let mut random = RandomCharacters::default();
    let groups: Vec<String> = (0..GROUPS)
        .map(|_| (0..GROUP_CHARS).map(|_| random.next_char()).collect())
        .collect();
    format!("{prefix}{}", groups.join("-"))
}

/// Characters of `ALPHABET`, each as likely as any other: five random bits at a time, and
/// the two values past the alphabet's 30 drawn again rather than folded onto its first
/// characters (which `% 30` would make likelier).
#[derive(Default)]
struct RandomCharacters {
    bits: u128,
    left: u32,
}

impl RandomCharacters {
    fn next_char(&mut self) -> char {
        loop {
            if self.left < 5 {
                self.bits = crate::secrets::random_bits();
                self.left = 128;
            }
            let value = (self.bits & 0b1_1111) as usize;
            self.bits >>= 5;
            self.left -= 5;
            if let Some(&character) = ALPHABET.get(value) {
                return character as char;
            }
        }
    }
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
        assert_eq!(generated.len(), 5 + GENERATED_CHARS, "{generated}");
        let groups: Vec<&str> = generated[5..].split('-').collect();
        assert!(groups.iter().all(|group| group.len() == 4), "{generated}");
        assert!(!generated[5..].contains(['0', 'O', '1', 'I', 'L', 'U']), "{generated}");
        assert_eq!(parse_code(&generated).as_deref(), Some(generated.as_str()));
        assert_ne!(generate_code(""), generate_code(""));
        let longest = generate_code(&"P".repeat(MAX_PREFIX_CHARS));
        assert_eq!(parse_code(&longest).as_deref(), Some(longest.as_str()));
    }

    #[test]
    fn generated_codes_carry_at_least_64_bits() {
        let bits = (GROUPS * GROUP_CHARS) as f64 * (ALPHABET.len() as f64).log2();
        assert!(bits >= 64.0, "{bits}");
    }

    #[test]
    fn every_character_is_as_likely_as_any_other() {
        // 30,000 characters: about 1,000 each. With `% 30` on five bits, the first two would
        // come twice as often (about 2,000); a fair draw keeps every count within 800..1,200
        // (over six standard deviations).
        let mut random = RandomCharacters::default();
        let mut counts = [0_u32; 30];
        for _ in 0..30_000 {
            let character = random.next_char() as u8;
            let index = ALPHABET.iter().position(|&c| c == character).unwrap();
            counts[index] += 1;
        }
        assert!(counts.iter().all(|count| (800..=1_200).contains(count)), "{counts:?}");
    }
}
