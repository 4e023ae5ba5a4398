//! The key of a ticket's wallet links in its emails, which cannot send the manage link's header. It is derived from
//! the ticket's current code, so it opens that ticket's passes only while the code is current (a hand-over ends it),
//! and it gives away nothing the email does not carry already: the pass it opens shows the same code.

use crate::secrets;

/// The key for the ticket `ticket_id` while its code (stored form) is `code`: 64 hex characters.
pub fn wallet_key(ticket_id: &str, code: &str) -> String {
    secrets::derived_token(code, &format!("wallet:{ticket_id}"))
}

/// Whether `key` is the ticket's current key, compared in constant time.
pub fn opens_wallet(ticket_id: &str, code: &str, key: &str) -> bool {
    let expected = wallet_key(ticket_id, code);
    expected.len() == key.len()
        && expected
            .bytes()
            .zip(key.bytes())
            .fold(0u8, |difference, (a, b)| difference | (a ^ b))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_opens_its_ticket_while_the_code_is_current() {
        let key = wallet_key("t1", "7K3P9QXMABCDEFGHJKMN");
        assert_eq!(key.len(), 64);
        assert!(opens_wallet("t1", "7K3P9QXMABCDEFGHJKMN", &key));
        assert!(!opens_wallet("t2", "7K3P9QXMABCDEFGHJKMN", &key), "another ticket");
        assert!(
            !opens_wallet("t1", "00001111222233334444", &key),
            "a new code after a hand-over"
        );
        assert!(!opens_wallet("t1", "7K3P9QXMABCDEFGHJKMN", &key[..63]));
    }
}
