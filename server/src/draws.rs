//! The waitlist's draw: who wins is decided by a seed anyone can check. Each candidate's
//! ticket is the SHA-256 of `<seed>:<email>` in lowercase hex, and the winners are the
//! candidates with the smallest tickets, smallest first. The seed is recorded with the draw,
//! so re-running it over the same candidates (`sha256sum` is enough) gives the same winners;
//! no two candidates share an email, so nobody can win twice.
//!
//! A seed chosen once the candidates are known could be tried until it favours someone, so the
//! server draws the seed itself and publishes its SHA-256 (the commitment) when the draw is
//! announced, before anyone can know its winners; the seed is revealed when the draw is made,
//! with the candidates' count and the SHA-256 of their sorted list, which anyone can check.

use sha2::{Digest, Sha256};

/// The lowercase hex SHA-256 of `bytes`, as `sha256sum` prints it.
fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|byte| format!("{byte:02x}")).collect()
}

/// A candidate's ticket in the draw seeded with `seed`.
pub fn ticket(seed: &str, email: &str) -> String {
    sha256_hex(format!("{seed}:{email}").as_bytes())
}

/// The commitment published when a draw is announced: the SHA-256 of its seed's text.
pub fn commitment(seed: &str) -> String {
    sha256_hex(seed.as_bytes())
}

/// The SHA-256 of the candidates' emails sorted byte by byte (as `LC_ALL=C sort` does), each
/// followed by a line feed: `printf '%s\n' … | LC_ALL=C sort | sha256sum`.
pub fn candidates_hash(emails: &[&str]) -> String {
    let mut sorted = emails.to_vec();
    sorted.sort_unstable();
    let list: String = sorted.iter().map(|email| format!("{email}\n")).collect();
    sha256_hex(list.as_bytes())
}

/// The indices in `emails` of the `winners` candidates with the smallest tickets, in that
/// order; all of them when there are fewer.
pub fn draw(seed: &str, emails: &[&str], winners: usize) -> Vec<usize> {
    let mut tickets: Vec<(String, usize)> = emails
        .iter()
        .enumerate()
        .map(|(index, email)| (ticket(seed, email), index))
        .collect();
    tickets.sort();
    tickets.into_iter().take(winners).map(|(_, index)| index).collect()
}

/// A draw's secret seed: 244 bits from the operating system's CSPRNG, as 64 hex digits.
pub fn new_seed() -> String {
    crate::secrets::random_token()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ticket_is_the_sha256_of_seed_and_email_as_sha256sum_prints_it() {
        // printf 'launch-2026:ana@example.com' | sha256sum
        assert_eq!(
            ticket("launch-2026", "ana@example.com"),
            "c9c86fc5d4b52246d12f4ca640ea4875311ef29bbff0bd8dc5e514c12648d635"
        );
    }

    #[test]
    fn the_commitment_and_the_candidates_hash_are_what_sha256sum_prints() {
        // printf '%s' 'launch-2026' | sha256sum
        assert_eq!(
            commitment("launch-2026"),
            "a06ee5ad67d027d58b9658362068ef13fb9cce15ec8616a5268ea4f08915c990"
        );
        // printf 'a@example.com\nb@example.com\n' | sha256sum
        let sorted = "f5a71101dd81efd955c4ada6bd4401827b8325c2e8e169909faa9721ee3c9685";
        assert_eq!(candidates_hash(&["b@example.com", "a@example.com"]), sorted);
        assert_eq!(candidates_hash(&["a@example.com", "b@example.com"]), sorted);
        // printf '' | sha256sum
        assert_eq!(
            candidates_hash(&[]),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }

    #[test]
    fn the_same_seed_draws_the_same_distinct_winners_whatever_the_candidates_order() {
        let emails: Vec<String> = (0..200).map(|n| format!("person{n}@example.com")).collect();
        let forward: Vec<&str> = emails.iter().map(String::as_str).collect();
        let backward: Vec<&str> = forward.iter().rev().copied().collect();
        let names = |candidates: &[&str], seed: &str| -> Vec<String> {
            draw(seed, candidates, 10)
                .into_iter()
                .map(|index| candidates[index].to_owned())
                .collect()
        };

        let winners = names(&forward, "seed-1");
        assert_eq!(winners.len(), 10);
        assert_eq!(names(&forward, "seed-1"), winners);
        assert_eq!(names(&backward, "seed-1"), winners);
        let mut distinct = winners.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 10);
        assert_ne!(names(&forward, "seed-2"), winners);
        let tickets: Vec<String> = winners.iter().map(|email| ticket("seed-1", email)).collect();
        assert!(
            tickets.windows(2).all(|pair| pair[0] < pair[1]),
            "smallest ticket first"
        );
    }

    #[test]
    fn fewer_candidates_than_winners_all_win_and_none_draws_nobody() {
        assert_eq!(draw("s", &["a@example.com", "b@example.com"], 5).len(), 2);
        assert!(draw("s", &[], 3).is_empty());
        assert_eq!(new_seed().len(), 64);
        assert_ne!(new_seed(), new_seed());
    }
}
