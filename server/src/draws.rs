//! The waitlist's draw: who wins is decided by a seed anyone can check. Each candidate's
//! ticket is the SHA-256 of `<seed>:<email>` in lowercase hex, and the winners are the
//! candidates with the smallest tickets, smallest first. The seed is recorded with the draw,
//! so re-running it over the same candidates (`sha256sum` is enough) gives the same winners;
//! no two candidates share an email, so nobody can win twice.

use sha2::{Digest, Sha256};

/// A candidate's ticket in the draw seeded with `seed`.
pub fn ticket(seed: &str, email: &str) -> String {
    Sha256::digest(format!("{seed}:{email}").as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
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

/// A seed for an organizer who gave none: 128 random bits, as 32 hex digits.
pub fn new_seed() -> String {
    uuid::Uuid::new_v4().simple().to_string()
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
        assert_eq!(new_seed().len(), 32);
    }
}
