//! Live mode (DESIGN.md §3): a site on `https://` takes real money, so it starts only
//! with real Stripe keys, a webhook secret and SMTP. Everything missing or wrong is
//! reported at once, so one restart fixes it all.

/// What a live site lacks, as sentences naming each setting; empty when it may start.
/// Values are never quoted: they are secrets.
pub(super) fn live_site_problems(get: &dyn Fn(&str) -> Option<String>, allow_test_keys: bool) -> Vec<String> {
    let mut problems = Vec::new();
    let secret_mode = key_problem(
        &mut problems,
        "STRIPE_SECRET_KEY",
        get("STRIPE_SECRET_KEY"),
        &["sk_", "rk_"],
        "a Stripe secret key (sk_live_… or rk_live_…)",
        allow_test_keys,
    );
    let publishable_mode = key_problem(
        &mut problems,
        "STRIPE_PUBLISHABLE_KEY",
        get("STRIPE_PUBLISHABLE_KEY"),
        &["pk_"],
        "a Stripe publishable key (pk_live_…)",
        allow_test_keys,
    );
    if let (Some(secret), Some(publishable)) = (secret_mode, publishable_mode)
        && secret != publishable
    {
        problems.push(format!(
            "STRIPE_SECRET_KEY is a {secret} key but STRIPE_PUBLISHABLE_KEY is a {publishable} key: both must come from the same Stripe mode"
        ));
    }
    match get("STRIPE_WEBHOOK_SECRET") {
        None => problems.push(
            "STRIPE_WEBHOOK_SECRET is not set: without it a buyer whose page closes after paying gets nothing".into(),
        ),
        Some(secret) if !secret.starts_with("whsec_") => {
            problems.push("STRIPE_WEBHOOK_SECRET is not a Stripe webhook signing secret (whsec_…)".into());
        }
        Some(_) => {}
    }
    if let Some(base) = get("STRIPE_API_BASE")
        && !base.starts_with("https://")
    {
        problems.push("STRIPE_API_BASE must be an https:// address on a live site".into());
    }
    if get("PROGRAMME_PHOTOS_ALLOW_LOCAL").is_some_and(|value| matches!(value.as_str(), "true" | "1" | "on")) {
        problems.push(
            "PROGRAMME_PHOTOS_ALLOW_LOCAL is on: a live site fetches speakers' photos from public https addresses only"
                .into(),
        );
    }
    if get("SMTP_URL").is_none() {
        problems.push("SMTP_URL is not set: receipts would be written to files on the server, not sent".into());
    }
    problems.extend(super::wallets::half_configurations(get));
    problems
}

/// Records what is wrong with a key; returns its mode ("live" or "test") when it is usable.
fn key_problem(
    problems: &mut Vec<String>,
    name: &str,
    value: Option<String>,
    prefixes: &[&str],
    expected: &str,
    allow_test_keys: bool,
) -> Option<&'static str> {
    let Some(value) = value else {
        problems.push(format!("{name} is not set"));
        return None;
    };
    let mode = prefixes.iter().find_map(|prefix| {
        let rest = value.strip_prefix(prefix)?;
        if rest.starts_with("live_") {
            Some("live")
        } else if rest.starts_with("test_") {
            Some("test")
        } else {
            None
        }
    });
    match mode {
        None => {
            problems.push(format!("{name} is not {expected}"));
            None
        }
        Some("test") if !allow_test_keys => {
            problems.push(format!(
                "{name} is a test key: use the live key, or set STRIPE_ALLOW_TEST_KEYS=true on a staging site"
            ));
            None
        }
        mode => mode,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::live_site_problems;

    fn problems(pairs: &[(&str, &str)], allow_test_keys: bool) -> Vec<String> {
        let vars: HashMap<&str, &str> = pairs.iter().copied().collect();
        live_site_problems(&|name| vars.get(name).map(|value| (*value).to_owned()), allow_test_keys)
    }

    const COMPLETE: &[(&str, &str)] = &[
        ("STRIPE_SECRET_KEY", "sk_live_abc"),
        ("STRIPE_PUBLISHABLE_KEY", "pk_live_abc"),
        ("STRIPE_WEBHOOK_SECRET", "whsec_abc"),
        ("SMTP_URL", "smtps://user:pass@mail.example.com"),
    ];

    #[test]
    fn a_complete_live_configuration_has_no_problems() {
        assert!(problems(COMPLETE, false).is_empty());
        let restricted: Vec<_> = COMPLETE
            .iter()
            .map(|&(name, value)| {
                if name == "STRIPE_SECRET_KEY" {
                    (name, "rk_live_abc")
                } else {
                    (name, value)
                }
            })
            .collect();
        assert!(problems(&restricted, false).is_empty());
    }

    #[test]
    fn nothing_set_names_all_four_settings() {
        let found = problems(&[], false);
        assert_eq!(found.len(), 4, "{found:?}");
        for name in [
            "STRIPE_SECRET_KEY",
            "STRIPE_PUBLISHABLE_KEY",
            "STRIPE_WEBHOOK_SECRET",
            "SMTP_URL",
        ] {
            assert!(
                found.iter().any(|problem| problem.starts_with(name)),
                "{name} in {found:?}"
            );
        }
    }

    #[test]
    fn test_keys_need_the_staging_switch_and_matching_modes() {
        let test_keys = [
            ("STRIPE_SECRET_KEY", "sk_test_abc"),
            ("STRIPE_PUBLISHABLE_KEY", "pk_test_abc"),
            ("STRIPE_WEBHOOK_SECRET", "whsec_abc"),
            ("SMTP_URL", "smtp://mail.example.com"),
        ];
        assert_eq!(problems(&test_keys, false).len(), 2);
        assert!(problems(&test_keys, true).is_empty());
        let mixed = [test_keys[0], COMPLETE[1], test_keys[2], test_keys[3]];
        let found = problems(&mixed, true);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("same Stripe mode"), "{found:?}");
    }

    #[test]
    fn mistyped_values_are_named_without_being_shown() {
        let found = problems(
            &[
                ("STRIPE_SECRET_KEY", "pk_live_secret123"),
                ("STRIPE_PUBLISHABLE_KEY", "pk_live_abc"),
                ("STRIPE_WEBHOOK_SECRET", "secret456"),
                ("STRIPE_API_BASE", "http://stripe.internal"),
                ("SMTP_URL", "smtp://mail.example.com"),
            ],
            false,
        );
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(
            found
                .iter()
                .all(|problem| !problem.contains("secret123") && !problem.contains("secret456"))
        );
    }

    #[test]
    fn local_photo_fetches_are_refused_on_a_live_site() {
        let mut with_local = COMPLETE.to_vec();
        with_local.push(("PROGRAMME_PHOTOS_ALLOW_LOCAL", "true"));
        let found = problems(&with_local, false);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].starts_with("PROGRAMME_PHOTOS_ALLOW_LOCAL"), "{found:?}");
        with_local.pop();
        with_local.push(("PROGRAMME_PHOTOS_ALLOW_LOCAL", "false"));
        assert!(problems(&with_local, false).is_empty());
    }

    #[test]
    fn half_a_wallet_is_refused_naming_what_it_lacks() {
        let mut half = COMPLETE.to_vec();
        half.extend([
            ("APPLE_PASS_TYPE_ID", "pass.events.codewave.ticket"),
            ("GOOGLE_WALLET_KEY", "/key.json"),
        ]);
        let found = problems(&half, false);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].contains("APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY, APPLE_WWDR_CERT are not set"));
        assert!(found[1].contains("GOOGLE_WALLET_ISSUER_ID is not set"));
    }
}
