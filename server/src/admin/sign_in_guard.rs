//! How fast passwords may be guessed at the back office, without letting anyone's wrong guesses
//! refuse someone else's right password.
//!
//! Failures are counted per account and client address: an address gets 5 tries at an account,
//! then waits a minute, twice as long after each further failure, at most an hour, until a right
//! password forgives it. Against guessing one account from many addresses, each account also has a
//! budget of failures (10, then one a minute) that gates only the addresses that have failed at it:
//! an address that never failed there is never refused, so the owner's phone signs in while a
//! botnet guesses, and a botnet gets one guess per address before it waits with the rest. A try
//! counts as a failure from the moment it starts (a right password gives it back), so tries sent
//! at once cannot slip past the count.
//!
//! Kept in memory per instance, like the rate limits.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Tries an address gets at an account before it waits.
const FREE_TRIES: u32 = 5;
/// The first wait after the free tries; each further failure doubles it.
const FIRST_WAIT: Duration = Duration::from_secs(60);
const LONGEST_WAIT: Duration = Duration::from_secs(60 * 60);
/// Failures an account takes from addresses that failed at it before those wait, then one per `ACCOUNT_EVERY`.
const ACCOUNT_BURST: u32 = 10;
const ACCOUNT_EVERY: Duration = Duration::from_secs(60);
/// An address that has not tried an account for this long starts afresh there.
const FORGET_AFTER: Duration = Duration::from_secs(24 * 60 * 60);
/// Entries kept before old ones are swept out, and the most kept after a sweep.
const SWEEP_ABOVE: usize = 10_000;
const MAX_PAIRS: usize = 100_000;

/// What a password is tried against.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Target {
    /// An account, by its lowercased email (unknown ones too, so they look the same).
    Account(String),
    /// `ADMIN_PASSWORD_HASH`, whichever email or name comes with it.
    SharedPassword,
}

/// One address's failures at one target.
#[derive(Debug, Clone, Copy)]
struct Failures {
    count: u32,
    last_try: Instant,
}

impl Failures {
    /// How long after the last try the next may start.
    fn wait(self) -> Duration {
        let Some(beyond_free) = self.count.checked_sub(FREE_TRIES) else {
            return Duration::ZERO;
        };
        FIRST_WAIT
            .checked_mul(1_u32 << beyond_free.min(16))
            .map_or(LONGEST_WAIT, |wait| wait.min(LONGEST_WAIT))
    }
}

#[derive(Debug, Default)]
struct Ledger {
    pairs: HashMap<(Target, IpAddr), Failures>,
    /// Each account's failure budget: the moment it would be full again (a generic cell rate).
    accounts: HashMap<Target, Instant>,
}

#[derive(Debug, Default)]
pub struct SignInGuard {
    ledger: Mutex<Ledger>,
}

/// A try under way, counted as a failure until `SignInGuard::succeeded` is told otherwise.
#[derive(Debug)]
#[must_use = "a right password must be reported with `succeeded`"]
pub struct Attempt {
    target: Target,
    address: IpAddr,
    charged_account: bool,
}

impl SignInGuard {
    /// Starts a try at `target` from `address`, or answers how long the address must wait.
    pub fn begin(&self, target: Target, address: IpAddr, now: Instant) -> Result<Attempt, Duration> {
        let mut ledger = self.ledger.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        ledger.sweep(now);
        let key = (target, address);
        let failed_here = ledger.pairs.get(&key).copied();
        if let Some(failures) = failed_here {
            let ready_at = failures.last_try + failures.wait();
            if ready_at > now {
                return Err(ready_at - now);
            }
        }
        let charged_account = match ledger.charge_account(&key.0, now) {
            Ok(()) => true,
            // Only addresses that failed here wait for the account: the others are never refused.
            Err(wait) if failed_here.is_some() => return Err(wait),
            Err(_) => false,
        };
        let failures = ledger.pairs.entry(key.clone()).or_insert(Failures {
            count: 0,
            last_try: now,
        });
        failures.count += 1;
        failures.last_try = now;
        let (target, address) = key;
        Ok(Attempt {
            target,
            address,
            charged_account,
        })
    }

    /// The password was right: the address's failures at the target are forgiven, and the try
    /// gives back what it took from the account's budget.
    pub fn succeeded(&self, attempt: Attempt, now: Instant) {
        let mut ledger = self.ledger.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        ledger.pairs.remove(&(attempt.target.clone(), attempt.address));
        if attempt.charged_account
            && let Some(full_at) = ledger.accounts.get_mut(&attempt.target)
        {
            *full_at = full_at.checked_sub(ACCOUNT_EVERY).unwrap_or(now).max(now);
        }
    }
}

impl Ledger {
    /// Takes one failure from the account's budget, or answers how long until there is room.
    fn charge_account(&mut self, target: &Target, now: Instant) -> Result<(), Duration> {
        let tolerance = ACCOUNT_EVERY * (ACCOUNT_BURST - 1);
        let at = self.accounts.get(target).copied().filter(|at| *at > now).unwrap_or(now);
        let ahead = at - now;
        if ahead > tolerance {
            return Err(ahead - tolerance);
        }
        self.accounts.insert(target.clone(), at + ACCOUNT_EVERY);
        Ok(())
    }

    fn sweep(&mut self, now: Instant) {
        if self.accounts.len() > SWEEP_ABOVE {
            self.accounts.retain(|_, full_at| *full_at > now);
        }
        if self.pairs.len() <= SWEEP_ABOVE {
            return;
        }
        self.pairs
            .retain(|_, failures| now.duration_since(failures.last_try) < FORGET_AFTER);
        if self.pairs.len() > MAX_PAIRS {
            // Many addresses at once: the most recent half is kept, the rest start afresh.
            let mut tries: Vec<Instant> = self.pairs.values().map(|failures| failures.last_try).collect();
            let oldest_kept = tries.len() - MAX_PAIRS / 2;
            let cutoff = *tries.select_nth_unstable(oldest_kept).1;
            self.pairs.retain(|_, failures| failures.last_try >= cutoff);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address(last: u8) -> IpAddr {
        IpAddr::from([198, 51, 100, last])
    }

    fn dora() -> Target {
        Target::Account("dora@crew.example.com".into())
    }

    #[test]
    fn an_address_gets_five_tries_then_waits_twice_as_long_after_each_failure() {
        let guard = SignInGuard::default();
        let start = Instant::now();
        for _ in 0..FREE_TRIES {
            let _failed = guard.begin(dora(), address(1), start).unwrap();
        }
        assert_eq!(guard.begin(dora(), address(1), start).unwrap_err(), FIRST_WAIT);
        let later = start + FIRST_WAIT;
        let _failed = guard.begin(dora(), address(1), later).unwrap();
        assert_eq!(guard.begin(dora(), address(1), later).unwrap_err(), FIRST_WAIT * 2);
        assert_eq!(
            Failures {
                count: 40,
                last_try: start
            }
            .wait(),
            LONGEST_WAIT,
            "never longer than an hour"
        );
    }

    #[test]
    fn a_right_password_forgives_the_address_and_gives_its_try_back() {
        let guard = SignInGuard::default();
        let now = Instant::now();
        for _ in 0..FREE_TRIES - 1 {
            let _failed = guard.begin(dora(), address(1), now).unwrap();
        }
        let right = guard.begin(dora(), address(1), now).unwrap();
        guard.succeeded(right, now);
        for _ in 0..FREE_TRIES {
            let _failed = guard.begin(dora(), address(1), now).unwrap();
        }
        assert!(guard.begin(dora(), address(1), now).is_err());
    }

    #[test]
    fn tries_at_once_count_before_their_answers() {
        let guard = SignInGuard::default();
        let now = Instant::now();
        let _in_flight: Vec<Attempt> = (0..FREE_TRIES)
            .map(|_| guard.begin(dora(), address(1), now).unwrap())
            .collect();
        assert!(guard.begin(dora(), address(1), now).is_err());
    }

    #[test]
    fn an_account_under_attack_refuses_only_the_addresses_that_failed_at_it() {
        let guard = SignInGuard::default();
        let now = Instant::now();
        for last in 1..=ACCOUNT_BURST as u8 + 2 {
            let _failed = guard
                .begin(dora(), address(last), now)
                .expect("a first try is never refused");
        }
        assert_eq!(guard.begin(dora(), address(1), now).unwrap_err(), ACCOUNT_EVERY);
        let owner = guard
            .begin(dora(), address(200), now)
            .expect("an address that never failed here");
        guard.succeeded(owner, now);
        assert!(
            guard
                .begin(Target::Account("bo@crew.example.com".into()), address(1), now)
                .is_ok(),
            "another account"
        );
        assert!(guard.begin(Target::SharedPassword, address(1), now).is_ok());
        assert!(guard.begin(dora(), address(1), now + ACCOUNT_EVERY).is_ok());
    }
}
