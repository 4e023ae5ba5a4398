//! Where emails go: an SMTP server, or `.eml` files a developer can open.

use std::path::{Path, PathBuf};
use std::time::Duration;

use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::settings::MailSettings;

const SMTP_TIMEOUT: Duration = Duration::from_secs(20);

pub enum Transport {
    Smtp {
        transport: AsyncSmtpTransport<Tokio1Executor>,
        host: String,
    },
    Files {
        transport: AsyncFileTransport<Tokio1Executor>,
        folder: PathBuf,
    },
}

#[derive(Debug, thiserror::Error)]
pub enum TransportError {
    #[error("SMTP_URL is not usable: {0}")]
    SmtpUrl(#[from] lettre::transport::smtp::Error),
    #[error("cannot create the mail folder {}: {source}", folder.display())]
    Folder { folder: PathBuf, source: std::io::Error },
}

impl Transport {
    pub fn from_settings(mail: &MailSettings, data_dir: &Path) -> Result<Self, TransportError> {
        match &mail.smtp_url {
            Some(url) => {
                let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)?
                    .timeout(Some(SMTP_TIMEOUT))
                    .build();
                let host = url.rsplit_once('@').map_or(url.as_str(), |(_, host)| host);
                let host = host.split_once("://").map_or(host, |(_, host)| host);
                Ok(Self::Smtp {
                    transport,
                    host: host.split('?').next().unwrap_or_default().to_owned(),
                })
            }
            None => {
                let folder = data_dir.join("mail");
                std::fs::create_dir_all(&folder).map_err(|source| TransportError::Folder {
                    folder: folder.clone(),
                    source,
                })?;
                Ok(Self::Files {
                    transport: AsyncFileTransport::new(&folder),
                    folder,
                })
            }
        }
    }

    /// For the start-up log line, without credentials.
    pub fn describe(&self) -> String {
        match self {
            Self::Smtp { host, .. } => format!("SMTP at {host}"),
            Self::Files { folder, .. } => format!(".eml files in {}", folder.display()),
        }
    }

    pub async fn send(&self, message: Message) -> Result<(), String> {
        match self {
            Self::Smtp { transport, .. } => transport
                .send(message)
                .await
                .map(drop)
                .map_err(|error| error.to_string()),
            Self::Files { transport, .. } => transport
                .send(message)
                .await
                .map(drop)
                .map_err(|error| error.to_string()),
        }
    }
}
