//! Deployment settings, read once from the environment (DESIGN.md §3).

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::PathBuf;

/// A setting that is present but unusable. The server refuses to start with it.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SettingsError {
    #[error("{name} must be {expected}, got {value:?}")]
    Invalid {
        name: &'static str,
        expected: &'static str,
        value: String,
    },
    #[error("STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY is not: set both, or neither for the sandbox gateway")]
    WebhookSecretWithoutKey,
}

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
    pub stripe: Option<StripeSettings>,
    /// How long an unpaid order holds its stock.
    pub reservation_minutes: u32,
    pub mail: MailSettings,
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
        let stripe = match (get("STRIPE_SECRET_KEY"), get("STRIPE_WEBHOOK_SECRET")) {
            (Some(secret_key), webhook_secret) => Some(StripeSettings {
                secret_key,
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
                publishable_key: get("STRIPE_PUBLISHABLE_KEY"),
                webhook_secret,
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
            worker: match get("MAIL_WORKER").as_deref() {
                None | Some("true" | "1") => true,
                Some("false" | "0") => false,
                Some(value) => {
                    return Err(SettingsError::Invalid {
                        name: "MAIL_WORKER",
                        expected: "true or false",
                        value: value.to_owned(),
                    });
                }
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
        let settings = Settings::from_vars(vars(&[("PUBLIC_URL", "https://codewave.events/")])).unwrap();
        assert_eq!(settings.public_url, "https://codewave.events");
        assert!(Settings::from_vars(vars(&[("PUBLIC_URL", "codewave.events")])).is_err());
    }
}
