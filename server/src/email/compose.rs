//! Turns a rendered email into a MIME message: text and HTML alternatives,
//! inline images next to the HTML, and attachments.

use lettre::Message;
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};

use super::message::RenderedEmail;

#[derive(Debug, thiserror::Error)]
pub enum ComposeError {
    #[error("invalid content type {0:?}")]
    ContentType(String),
    #[error(transparent)]
    Message(#[from] lettre::error::Error),
}

/// `outbox_id` names the message: a send repeated after a crash (sent, but not yet
/// marked sent) carries the same Message-ID, which mail systems use to drop the copy.
pub fn compose(email: &RenderedEmail, outbox_id: &str, from: &Mailbox, to: Mailbox) -> Result<Message, ComposeError> {
    let mut builder = Message::builder()
        .message_id(Some(format!("<{outbox_id}@{}>", from.email.domain())))
        .from(from.clone())
        .to(to)
        .subject(&email.subject);
    if let Some(url) = &email.unsubscribe_url {
        // RFC 8058: mail clients show an unsubscribe button that POSTs to the link.
        builder = builder
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe"),
                format!("<{url}>"),
            ))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".to_owned(),
            ));
    }
    let mut html = MultiPart::related().singlepart(SinglePart::html(email.html.clone()));
    for image in &email.inline_images {
        html = html.singlepart(
            Attachment::new_inline(image.content_id.clone())
                .body(image.bytes.clone(), content_type(&image.content_type)?),
        );
    }
    let body = MultiPart::alternative()
        .singlepart(SinglePart::plain(email.text.clone()))
        .multipart(html);
    let mut message = MultiPart::mixed().multipart(body);
    for attachment in &email.attachments {
        message = message.singlepart(
            Attachment::new(attachment.filename.clone())
                .body(attachment.bytes.clone(), content_type(&attachment.content_type)?),
        );
    }
    Ok(builder.multipart(message)?)
}

fn content_type(value: &str) -> Result<ContentType, ComposeError> {
    ContentType::parse(value).map_err(|_| ComposeError::ContentType(value.to_owned()))
}
