//! Why the server refuses its settings; its own module, so that each setting's module may name it.

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
    #[error(
        "PUBLIC_URL {public_url} is https://, so this is a live site taking real payments, and it cannot start: {}. \
         Fix these, or use an http:// PUBLIC_URL for a site that takes no real payments.",
        problems.join("; ")
    )]
    NotReadyForLive { public_url: String, problems: Vec<String> },
}
