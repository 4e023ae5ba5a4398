//! A rendered email, ready for a transport.

/// An email as it will be sent: both parts, plus images and files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedEmail {
    pub subject: String,
    pub text: String,
    pub html: String,
    /// Images the HTML part shows with `<img src="cid:{content_id}">`.
    pub inline_images: Vec<InlineImage>,
    pub attachments: Vec<Attachment>,
    /// The one-click unsubscribe address, sent as `List-Unsubscribe`.
    pub unsubscribe_url: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlineImage {
    pub content_id: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    pub filename: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}
