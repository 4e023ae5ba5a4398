//! Turns a rendered email into a MIME message: text and HTML alternatives,
//! inline images next to the HTML, and attachments.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use lettre::Message;
use lettre::message::header::{ContentTransferEncoding, ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment, Body, Mailbox, MultiPart, SinglePart};

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
                .body(base64_lines(&image.bytes), content_type(&image.content_type)?),
        );
    }
    let body = MultiPart::alternative()
        .singlepart(SinglePart::plain(email.text.clone()))
        .multipart(html);
    let mut message = MultiPart::mixed().multipart(body);
    for attachment in &email.attachments {
        let file = Attachment::new(attachment.filename.clone());
        let kind = content_type(&attachment.content_type)?;
        message = message.singlepart(if attachment.content_type.starts_with("text/") {
            // Text (a calendar file) stays readable: lettre picks 7bit or quoted-printable for it.
            file.body(attachment.bytes.clone(), kind)
        } else {
            file.body(base64_lines(&attachment.bytes), kind)
        });
    }
    Ok(builder.multipart(message)?)
}

/// `bytes` in base64, in lines of 76 characters, as lettre writes a binary body: encoded in one pass, where lettre
/// encodes 57 bytes at a time through the base64 crate's path for short input (an invoice's PDF and the ticket's QR
/// code twice are most of a receipt's bytes).
fn base64_lines(bytes: &[u8]) -> Body {
    const LINE: usize = 76;
    let encoded = STANDARD.encode(bytes);
    let mut lines = Vec::with_capacity(encoded.len() + encoded.len() / LINE * 2);
    for (index, line) in encoded.as_bytes().chunks(LINE).enumerate() {
        if index > 0 {
            lines.extend_from_slice(b"\r\n");
        }
        lines.extend_from_slice(line);
    }
    Body::dangerous_pre_encoded(lines, ContentTransferEncoding::Base64)
}

fn content_type(value: &str) -> Result<ContentType, ComposeError> {
    ContentType::parse(value).map_err(|_| ComposeError::ContentType(value.to_owned()))
}

#[cfg(test)]
mod tests {
    use lettre::message::Body;

    use super::base64_lines;

    #[test]
    fn binary_bodies_are_encoded_as_lettre_encodes_them() {
        for length in [1, 2, 3, 56, 57, 58, 113, 114, 115, 171, 1000, 28_675] {
            let bytes: Vec<u8> = (0..length).map(|index| (128 + index * 151 % 128) as u8).collect();
            let ours = base64_lines(&bytes);
            let lettres = Body::new(bytes);
            assert_eq!(ours.encoding(), lettres.encoding(), "{length} bytes");
            assert_eq!(ours.into_vec(), lettres.into_vec(), "{length} bytes");
        }
    }
}
