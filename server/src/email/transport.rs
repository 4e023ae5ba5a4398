//! Where emails go: an SMTP server, or `.eml` files a developer can open.

use std::path::{Path, PathBuf};
use std::time::Duration;

use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::settings::MailSettings;

const SMTP_TIMEOUT: Duration = Duration::from_secs(20);
/// The longest one whole send may take. lettre's timeout covers only connecting, so a
/// server that stalls mid-conversation would otherwise hold the send, and its worker,
/// forever. Below the worker's send budget, so a send always ends inside its lease.
const SEND_LIMIT: Duration = Duration::from_secs(25);

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
        self.send_within(message, SEND_LIMIT).await
    }

    async fn send_within(&self, message: Message, limit: Duration) -> Result<(), String> {
        match self {
            Self::Smtp { transport, .. } => match tokio::time::timeout(limit, transport.send(message)).await {
                Ok(sent) => sent.map(drop).map_err(|error| error.to_string()),
                Err(_) => Err(format!(
                    "the SMTP server did not finish the send within {} s",
                    limit.as_secs_f32()
                )),
            },
            Self::Files { transport, .. } => transport
                .send(message)
                .await
                .map(drop)
                .map_err(|error| error.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use lettre::Message;
    use tokio::io::AsyncWriteExt;

    use super::Transport;
    use crate::settings::MailSettings;

    #[tokio::test]
    async fn a_server_that_stalls_mid_conversation_fails_the_send_in_time() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        // Greets, then never answers EHLO.
        tokio::spawn(async move {
            let (mut socket, _) = listener.accept().await.unwrap();
            socket.write_all(b"220 stalled.example ESMTP\r\n").await.unwrap();
            tokio::time::sleep(Duration::from_secs(60)).await;
        });
        let settings = MailSettings {
            smtp_url: Some(format!("smtp://127.0.0.1:{port}")),
            from: None,
            max_attempts: 1,
            retry_base_seconds: 1,
            poll_seconds: 1,
            worker: false,
        };
        let transport = Transport::from_settings(&settings, std::path::Path::new(".")).unwrap();
        let message = Message::builder()
            .from("Organizers <hello@codewave.events>".parse().unwrap())
            .to("ana@example.com".parse().unwrap())
            .subject("Your receipt")
            .body("Thanks".to_owned())
            .unwrap();

        let sent = transport.send_within(message, Duration::from_millis(300)).await;

        assert_eq!(
            sent,
            Err("the SMTP server did not finish the send within 0.3 s".to_owned())
        );
    }
}
