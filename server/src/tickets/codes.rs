//! Door codes: 20 Crockford base32 characters, 100 random bits, shown in groups of
//! four ("TK-7K3P-9QXM-…") and read back however they were typed.

const ALPHABET: &[u8] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_CHARS: usize = 20;
const PREFIX: &str = "TK";

/// A fresh code, as stored: "7K3P9QXM…" (no prefix, no dashes).
pub fn new_ticket_code() -> String {
    let random = crate::secrets::random_bits();
    (0..CODE_CHARS)
        .map(|index| ALPHABET[((random >> (index * 5)) & 31) as usize] as char)
        .collect()
}

/// What a door device knows a code by, so a lost phone gives away no ticket: the first 16
/// hex digits of the SHA-256 of the code's stored form.
pub fn code_digest(code: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(code.as_bytes())[..8]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// As printed and shown: "TK-7K3P-9QXM-…".
pub fn display_code(code: &str) -> String {
    let groups: Vec<String> = code
        .as_bytes()
        .chunks(4)
        .map(|group| String::from_utf8_lossy(group).into_owned())
        .collect();
    format!("{PREFIX}-{}", groups.join("-"))
}

/// A code as typed, scanned or pasted, in its stored form: any case, with or without
/// the prefix, dashes or spaces; O read as 0 and I or L as 1, as Crockford intends.
/// `None` when it cannot be a code.
pub fn normalize_code(input: &str) -> Option<String> {
    let mut text: String = input
        .chars()
        .filter(|c| !matches!(c, '-' | ' ' | '\t'))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if let Some(rest) = text.strip_prefix(PREFIX)
        && rest.len() == CODE_CHARS
    {
        text = rest.to_owned();
    }
    let code: String = text
        .chars()
        .map(|c| match c {
            'O' => '0',
            'I' | 'L' => '1',
            other => other,
        })
        .collect();
    (code.len() == CODE_CHARS && code.bytes().all(|byte| ALPHABET.contains(&byte))).then_some(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_codes_digest_is_the_one_door_devices_compute() {
        // web/src/features/admin/door/offline/ticket-code.test.ts expects the same digest.
        assert_eq!(code_digest("7K3P9QXMABCDEFGHJKMN"), "5768e4383a837b80");
    }

    #[test]
    fn codes_are_long_random_and_read_back_however_typed() {
        let code = new_ticket_code();
        assert_eq!(code.len(), 20);
        assert_ne!(code, new_ticket_code());
        let shown = display_code(&code);
        assert_eq!(shown.len(), 3 + 20 + 4);
        assert_eq!(normalize_code(&shown), Some(code.clone()));
        assert_eq!(normalize_code(&shown.to_lowercase()), Some(code.clone()));
        assert_eq!(normalize_code(&format!(" {code} ")), Some(code));
        assert_eq!(
            normalize_code("TK-OOOO-IIII-LLLL-0000-1111").as_deref(),
            Some("00001111111100001111")
        );
        assert_eq!(normalize_code("TK-1234"), None);
        assert_eq!(
            normalize_code("TK-UUUU-UUUU-UUUU-UUUU-UUUU"),
            None,
            "U is not in the alphabet"
        );
    }
}
