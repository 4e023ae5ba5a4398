//! Deployment settings, read once from the environment (DESIGN.md §3).

mod error;
mod live;
mod trusted_proxies;
mod wallets;

use crate::catalogue::PaymentSettings;
use std::collections::HashMap;
use std::net::IpAddr;
use std::path::PathBuf;

pub use error::SettingsError;
pub use trusted_proxies::{IpNetwork, TrustedProxies, canonical};
pub use wallets::{AppleWalletFiles, GoogleWalletFiles, WalletSettings};

#[derive(Debug, Clone)]
pub struct Settings {
    pub bind: IpAddr,
    pub port: u16,
    pub data_dir: PathBuf,
    pub database_url: String,
    pub conference_file: PathBuf,
    /// The built browser app (`web/dist`), served for every non-API path.
    pub web_dir: PathBuf,
    /// The address visitors use, without a trailing slash; used in sitemaps and links.
    pub public_url: String,
    /// A site on `https://` is live: it has real Stripe keys and SMTP, never the sandbox or files.
    pub live: bool,
    pub stripe: Option<StripeSettings>,
    /// How long an unpaid order holds its stock.
    pub reservation_minutes: u32,
    pub mail: MailSettings,
    /// Reverse proxies whose `X-Forwarded-For` names the client.
    pub trusted_proxies: TrustedProxies,
    /// Per-address rate limits and caps on open reservations; off only for load tests.
    pub rate_limits: bool,
    pub admin: AdminSettings,
    /// The bearer token a Prometheus scraper presents at `/metrics`; without it, no metrics.
    pub metrics: MetricsSettings,
    /// Lets the programme's import fetch speakers' photos over http and from private addresses
    /// (`PROGRAMME_PHOTOS_ALLOW_LOCAL`): for tests against a local server; refused on a live site.
    pub programme_photos_allow_local: bool,
    /// Apple and Google Wallet passes: each on only with all of its settings.
    pub wallets: WalletSettings,
}

/// How the organizer signs in to the back office; with neither, it is closed.
#[derive(Clone, Default)]
pub struct AdminSettings {
    /// An argon2 hash (PHC string) of the password, from `conference admin hash-password`.
    pub password_hash: Option<String>,
    /// A bearer token for scripts, at least `MIN_TOKEN_CHARS` long.
    pub token: Option<String>,
}

impl AdminSettings {
    pub const MIN_TOKEN_CHARS: usize = 32;

    pub fn enabled(&self) -> bool {
        self.password_hash.is_some() || self.token.is_some()
    }
}

impl std::fmt::Debug for AdminSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AdminSettings")
            .field("password", &self.password_hash.is_some())
            .field("token", &self.token.is_some())
            .finish()
    }
}

#[derive(Clone, Default)]
pub struct MetricsSettings {
    /// At least `AdminSettings::MIN_TOKEN_CHARS` long.
    pub token: Option<String>,
}

impl std::fmt::Debug for MetricsSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MetricsSettings")
            .field("token", &self.token.is_some())
            .finish()
    }
}

/// Where and how email goes (DESIGN.md §2).
#[derive(Clone)]
pub struct MailSettings {
    /// `smtp://user:pass@host:587?tls=required` (STARTTLS) or `smtps://…:465` (TLS);
    /// without it, emails are written as `.eml` files under `DATA_DIR/mail/`.
    pub smtp_url: Option<String>,
    /// The sender; defaults to the event's name and contact address.
    pub from: Option<String>,
    /// Sends per email before it is marked failed for the organizer to see.
    pub max_attempts: u32,
    /// The first retry waits this long; each later one twice as long as the last.
    pub retry_base_seconds: u32,
    /// How often the worker looks for due emails.
    pub poll_seconds: u32,
    /// Whether this instance sends email; with several instances, any or all may.
    pub worker: bool,
}

impl std::fmt::Debug for MailSettings {
    // The SMTP URL may carry a password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MailSettings")
            .field("smtp", &self.smtp_url.is_some())
            .field("from", &self.from)
            .field("max_attempts", &self.max_attempts)
            .finish_non_exhaustive()
    }
}

#[derive(Clone)]
pub struct StripeSettings {
    pub secret_key: String,
    /// Stripe's API address; tests point it at a fake.
    pub api_base: String,
    pub publishable_key: Option<String>,
    pub webhook_secret: Option<String>,
}

impl std::fmt::Debug for StripeSettings {
    // Secrets never reach a log line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripeSettings")
            .field("publishable_key", &self.publishable_key)
            .finish_non_exhaustive()
    }
}

impl Settings {
    /// How payments are taken: through Stripe when its keys are set, else the offline sandbox.
    pub fn payments(&self) -> PaymentSettings {
        match &self.stripe {
            Some(stripe) => PaymentSettings {
                provider: "stripe",
                stripe_publishable_key: stripe.publishable_key.clone(),
            },
            None => PaymentSettings {
                provider: "sandbox",
                stripe_publishable_key: None,
            },
        }
    }

    pub fn from_env() -> Result<Self, SettingsError> {
        Self::from_vars(std::env::vars().collect())
    }

    /// Reads settings from a map of variables; empty values count as unset.
    pub fn from_vars(mut vars: HashMap<String, String>) -> Result<Self, SettingsError> {
        vars.retain(|_, value| !value.trim().is_empty());
        let get = |name: &str| vars.get(name).map(|value| value.trim().to_owned());

        let bind = match get("BIND") {
            Some(value) => value.parse().map_err(|_| SettingsError::Invalid {
                name: "BIND",
                expected: "an IP address such as 127.0.0.1 or 0.0.0.0",
                value,
            })?,
            None => IpAddr::from([127, 0, 0, 1]),
        };
        let port = match get("PORT") {
            Some(value) => value.parse().map_err(|_| SettingsError::Invalid {
                name: "PORT",
                expected: "a port number between 0 and 65535",
                value,
            })?,
            None => 8080,
        };
        let data_dir = PathBuf::from(get("DATA_DIR").unwrap_or_else(|| "./data".into()));
        let database_url = match get("DATABASE_URL") {
            Some(url) if is_supported_database_url(&url) => url,
            Some(value) => {
                return Err(SettingsError::Invalid {
                    name: "DATABASE_URL",
                    expected: "a sqlite:// or postgres:// URL",
                    value,
                });
            }
            None => format!("sqlite://{}?mode=rwc", data_dir.join("conference.db").display()),
        };
        let public_url = match get("PUBLIC_URL") {
            Some(url) if is_http_url(&url) => url.trim_end_matches('/').to_owned(),
            Some(value) => {
                return Err(SettingsError::Invalid {
                    name: "PUBLIC_URL",
                    expected: "an http:// or https:// URL",
                    value,
                });
            }
            None => format!("http://{}", std::net::SocketAddr::new(bind, port)),
        };
        let live = public_url.starts_with("https://");
        let flag = |name: &'static str, default: bool| match get(name).as_deref() {
            None => Ok(default),
            Some("true" | "1" | "on") => Ok(true),
            Some("false" | "0" | "off") => Ok(false),
            Some(value) => Err(SettingsError::Invalid {
                name,
                expected: "true or false",
                value: value.to_owned(),
            }),
        };
        if live {
            let problems = live::live_site_problems(&get, flag("STRIPE_ALLOW_TEST_KEYS", false)?);
            if !problems.is_empty() {
                return Err(SettingsError::NotReadyForLive { public_url, problems });
            }
        }
        let stripe = match (get("STRIPE_SECRET_KEY"), get("STRIPE_WEBHOOK_SECRET")) {
            (Some(secret_key), webhook_secret) => Some(StripeSettings {
                secret_key: stripe_key("STRIPE_SECRET_KEY", secret_key, &["sk_", "rk_"])?,
                api_base: match get("STRIPE_API_BASE") {
                    Some(url) if is_http_url(&url) => url,
                    Some(value) => {
                        return Err(SettingsError::Invalid {
                            name: "STRIPE_API_BASE",
                            expected: "an http:// or https:// URL",
                            value,
                        });
                    }
                    None => "https://api.stripe.com".into(),
                },
                publishable_key: get("STRIPE_PUBLISHABLE_KEY")
                    .map(|key| stripe_key("STRIPE_PUBLISHABLE_KEY", key, &["pk_"]))
                    .transpose()?,
                webhook_secret: webhook_secret
                    .map(|secret| stripe_key("STRIPE_WEBHOOK_SECRET", secret, &["whsec_"]))
                    .transpose()?,
            }),
            (None, Some(_)) => return Err(SettingsError::WebhookSecretWithoutKey),
            (None, None) => None,
        };
        let number = |name: &'static str,
                      default: u32,
                      range: std::ops::RangeInclusive<u32>,
                      expected: &'static str| match get(name) {
            Some(value) => match value.parse() {
                Ok(number) if range.contains(&number) => Ok(number),
                _ => Err(SettingsError::Invalid { name, expected, value }),
            },
            None => Ok(default),
        };
        let reservation_minutes = number(
            "RESERVATION_MINUTES",
            30,
            1..=1440,
            "a whole number of minutes between 1 and 1440",
        )?;
        let smtp_url = match get("SMTP_URL") {
            Some(url) if url.starts_with("smtp://") || url.starts_with("smtps://") => Some(url),
            Some(value) => {
                return Err(SettingsError::Invalid {
                    name: "SMTP_URL",
                    expected: "an smtp:// or smtps:// URL",
                    value: value
                        .split_once('@')
                        .map_or(value.clone(), |(_, host)| format!("…@{host}")),
                });
            }
            None => None,
        };
        let mail = MailSettings {
            smtp_url,
            from: get("MAIL_FROM"),
            max_attempts: number("MAIL_MAX_ATTEMPTS", 8, 1..=100, "a whole number between 1 and 100")?,
            retry_base_seconds: number(
                "MAIL_RETRY_BASE_SECONDS",
                30,
                1..=3600,
                "a whole number of seconds between 1 and 3600",
            )?,
            poll_seconds: number(
                "MAIL_POLL_SECONDS",
                2,
                1..=3600,
                "a whole number of seconds between 1 and 3600",
            )?,
            worker: flag("MAIL_WORKER", true)?,
        };
        let trusted_proxies = match get("TRUSTED_PROXIES") {
            Some(list) => TrustedProxies::parse(&list).map_err(|entry| SettingsError::Invalid {
                name: "TRUSTED_PROXIES",
                expected: "comma-separated IP addresses or CIDR blocks such as 10.0.0.0/8",
                value: entry,
            })?,
            None => TrustedProxies::default(),
        };
        let rate_limits = flag("RATE_LIMITS", true)?;
        let programme_photos_allow_local = flag("PROGRAMME_PHOTOS_ALLOW_LOCAL", false)?;
        let wallets = WalletSettings::from_vars(&get)?;
        let admin = AdminSettings {
            password_hash: match get("ADMIN_PASSWORD_HASH") {
                Some(hash)
                    if argon2::PasswordHash::new(&hash)
                        .is_ok_and(|parsed| parsed.algorithm.as_str().starts_with("argon2")) =>
                {
                    Some(hash)
                }
                Some(_) => {
                    return Err(SettingsError::Invalid {
                        name: "ADMIN_PASSWORD_HASH",
                        expected: "an argon2 hash from `conference admin hash-password` ($argon2id$…)",
                        value: "…".into(),
                    });
                }
                None => None,
            },
            token: match get("ADMIN_TOKEN") {
                Some(token) if token.chars().count() >= AdminSettings::MIN_TOKEN_CHARS => Some(token),
                Some(_) => {
                    return Err(SettingsError::Invalid {
                        name: "ADMIN_TOKEN",
                        expected: "at least 32 characters (try `openssl rand -hex 32`)",
                        value: "…".into(),
                    });
                }
                None => None,
            },
        };

        let metrics = MetricsSettings {
            token: match get("METRICS_TOKEN") {
                Some(token) if token.chars().count() >= AdminSettings::MIN_TOKEN_CHARS => Some(token),
                Some(_) => {
                    return Err(SettingsError::Invalid {
                        name: "METRICS_TOKEN",
                        expected: "at least 32 characters (try `openssl rand -hex 32`)",
                        value: "…".into(),
                    });
                }
                None => None,
            },
        };

        Ok(Self {
            bind,
            port,
            data_dir,
            database_url,
            conference_file: PathBuf::from(get("CONFERENCE_FILE").unwrap_or_else(|| "./conference.toml".into())),
            web_dir: PathBuf::from(get("WEB_DIR").unwrap_or_else(|| "./web/dist".into())),
            public_url,
            stripe,
            reservation_minutes,
            mail,
            live,
            trusted_proxies,
            rate_limits,
            admin,
            metrics,
            programme_photos_allow_local,
            wallets,
        })
    }
}

/// A Stripe key or secret with its documented prefix. Its value is never echoed.
fn stripe_key(name: &'static str, value: String, prefixes: &[&str]) -> Result<String, SettingsError> {
    if prefixes.iter().any(|prefix| value.starts_with(prefix)) {
        Ok(value)
    } else {
        Err(SettingsError::Invalid {
            name,
            expected: match name {
                "STRIPE_SECRET_KEY" => "a Stripe secret key (sk_… or rk_…)",
                "STRIPE_PUBLISHABLE_KEY" => "a Stripe publishable key (pk_…)",
                _ => "a Stripe webhook signing secret (whsec_…)",
            },
            value: format!("{}…", value.chars().take(3).collect::<String>()),
        })
    }
}

fn is_supported_database_url(url: &str) -> bool {
    ["sqlite:", "postgres://", "postgresql://"]
        .iter()
        .any(|scheme| url.starts_with(scheme))
}

fn is_http_url(url: &str) -> bool {
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    rest.is_some_and(|host| !host.is_empty() && !host.starts_with('/') && !host.contains(char::is_whitespace))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn defaults_run_the_site_on_sqlite_in_the_data_dir() {
        let settings = Settings::from_vars(vars(&[])).unwrap();
        assert_eq!(settings.port, 8080);
        assert_eq!(settings.bind.to_string(), "127.0.0.1");
        assert_eq!(settings.database_url, "sqlite://./data/conference.db?mode=rwc");
        assert_eq!(settings.public_url, "http://127.0.0.1:8080");
        assert!(settings.stripe.is_none());
    }

    #[test]
    fn a_malformed_port_is_refused_by_name() {
        let error = Settings::from_vars(vars(&[("PORT", "80a")])).unwrap_err();
        assert_eq!(
            error.to_string(),
            "PORT must be a port number between 0 and 65535, got \"80a\""
        );
    }

    #[test]
    fn an_unknown_database_scheme_is_refused() {
        let error = Settings::from_vars(vars(&[("DATABASE_URL", "mysql://localhost/db")])).unwrap_err();
        assert!(matches!(
            error,
            SettingsError::Invalid {
                name: "DATABASE_URL",
                ..
            }
        ));
    }

    #[test]
    fn a_webhook_secret_without_a_secret_key_is_refused() {
        let error = Settings::from_vars(vars(&[("STRIPE_WEBHOOK_SECRET", "whsec_1")])).unwrap_err();
        assert_eq!(error, SettingsError::WebhookSecretWithoutKey);
    }

    #[test]
    fn mail_settings_default_to_files_and_refuse_other_schemes() {
        let settings = Settings::from_vars(vars(&[])).unwrap();
        assert_eq!(settings.mail.smtp_url, None);
        assert_eq!((settings.mail.max_attempts, settings.mail.retry_base_seconds), (8, 30));
        let error = Settings::from_vars(vars(&[("SMTP_URL", "http://user:secret@mail.example.com")])).unwrap_err();
        assert!(!error.to_string().contains("secret"), "{error}");
        assert!(Settings::from_vars(vars(&[("MAIL_MAX_ATTEMPTS", "0")])).is_err());
        assert!(settings.mail.worker);
        assert!(
            !Settings::from_vars(vars(&[("MAIL_WORKER", "false")]))
                .unwrap()
                .mail
                .worker
        );
        assert!(Settings::from_vars(vars(&[("MAIL_WORKER", "maybe")])).is_err());
    }

    #[test]
    fn public_url_must_be_http_and_loses_its_trailing_slash() {
        let settings = Settings::from_vars(vars(&[("PUBLIC_URL", "http://codewave.events/")])).unwrap();
        assert_eq!(settings.public_url, "http://codewave.events");
        assert!(!settings.live);
        assert!(Settings::from_vars(vars(&[("PUBLIC_URL", "codewave.events")])).is_err());
    }

    #[test]
    fn an_https_site_without_its_payment_and_mail_settings_refuses_to_start_naming_them_all() {
        let error = Settings::from_vars(vars(&[("PUBLIC_URL", "https://codewave.events")])).unwrap_err();

        let SettingsError::NotReadyForLive { problems, .. } = &error else {
            panic!("expected the live-site refusal, got {error}");
        };
        assert_eq!(problems.len(), 4, "{problems:?}");
        let message = error.to_string();
        for name in [
            "STRIPE_SECRET_KEY",
            "STRIPE_PUBLISHABLE_KEY",
            "STRIPE_WEBHOOK_SECRET",
            "SMTP_URL",
        ] {
            assert!(message.contains(name), "{name} missing from: {message}");
        }
    }

    #[test]
    fn an_https_site_with_live_keys_and_smtp_is_live() {
        let settings = Settings::from_vars(vars(&[
            ("PUBLIC_URL", "https://codewave.events"),
            ("STRIPE_SECRET_KEY", "sk_live_abc"),
            ("STRIPE_PUBLISHABLE_KEY", "pk_live_abc"),
            ("STRIPE_WEBHOOK_SECRET", "whsec_abc"),
            ("SMTP_URL", "smtps://user:pass@mail.example.com"),
        ]))
        .unwrap();
        assert!(settings.live);
        assert!(settings.stripe.is_some() && settings.mail.smtp_url.is_some());
    }

    #[test]
    fn test_keys_start_a_live_site_only_when_staging_is_declared() {
        let staging = [
            ("PUBLIC_URL", "https://staging.codewave.events"),
            ("STRIPE_SECRET_KEY", "sk_test_abc"),
            ("STRIPE_PUBLISHABLE_KEY", "pk_test_abc"),
            ("STRIPE_WEBHOOK_SECRET", "whsec_abc"),
            ("SMTP_URL", "smtp://mail.example.com"),
        ];
        let error = Settings::from_vars(vars(&staging)).unwrap_err();
        assert!(error.to_string().contains("STRIPE_ALLOW_TEST_KEYS=true"), "{error}");
        let mut allowed = staging.to_vec();
        allowed.push(("STRIPE_ALLOW_TEST_KEYS", "true"));
        assert!(Settings::from_vars(vars(&allowed)).unwrap().live);
    }

    #[test]
    fn stripe_keys_must_have_their_documented_prefix_on_any_site() {
        let error = Settings::from_vars(vars(&[("STRIPE_SECRET_KEY", "pk_test_oops")])).unwrap_err();
        assert!(
            matches!(
                error,
                SettingsError::Invalid {
                    name: "STRIPE_SECRET_KEY",
                    ..
                }
            ),
            "{error}"
        );
        assert!(!error.to_string().contains("oops"), "{error}");
        let error = Settings::from_vars(vars(&[
            ("STRIPE_SECRET_KEY", "sk_test_1"),
            ("STRIPE_WEBHOOK_SECRET", "abc"),
        ]))
        .unwrap_err();
        assert!(
            matches!(
                error,
                SettingsError::Invalid {
                    name: "STRIPE_WEBHOOK_SECRET",
                    ..
                }
            ),
            "{error}"
        );
    }

    #[test]
    fn admin_settings_are_checked_without_echoing_them() {
        assert!(!Settings::from_vars(vars(&[])).unwrap().admin.enabled());
        let error = Settings::from_vars(vars(&[("ADMIN_TOKEN", "short-secret")])).unwrap_err();
        assert!(matches!(
            error,
            SettingsError::Invalid {
                name: "ADMIN_TOKEN",
                ..
            }
        ));
        assert!(!error.to_string().contains("short-secret"), "{error}");
        let error = Settings::from_vars(vars(&[("ADMIN_PASSWORD_HASH", "hunter2")])).unwrap_err();
        assert!(matches!(
            error,
            SettingsError::Invalid {
                name: "ADMIN_PASSWORD_HASH",
                ..
            }
        ));
        assert!(!error.to_string().contains("hunter2"), "{error}");
        let token = "t".repeat(32);
        assert!(
            Settings::from_vars(vars(&[("ADMIN_TOKEN", &token)]))
                .unwrap()
                .admin
                .enabled()
        );
    }

    #[test]
    fn limits_are_on_by_default_and_proxies_are_parsed() {
        let settings = Settings::from_vars(vars(&[])).unwrap();
        assert!(settings.rate_limits);
        assert!(settings.trusted_proxies.is_empty());
        let settings = Settings::from_vars(vars(&[
            ("RATE_LIMITS", "off"),
            ("TRUSTED_PROXIES", "10.0.0.0/8, 192.0.2.1"),
        ]))
        .unwrap();
        assert!(!settings.rate_limits);
        assert!(settings.trusted_proxies.trusts("10.9.8.7".parse().unwrap()));
        let error = Settings::from_vars(vars(&[("TRUSTED_PROXIES", "10.0.0.0/8, lb.internal")])).unwrap_err();
        assert_eq!(
            error.to_string(),
            "TRUSTED_PROXIES must be comma-separated IP addresses or CIDR blocks such as 10.0.0.0/8, got \"lb.internal\""
        );
    }
}
