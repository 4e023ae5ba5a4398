//! Why an email could not be rendered: a template, or the QR code it carries.

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("an email template failed to render")]
    Template(#[from] minijinja::Error),
    #[error("cannot make a QR code of {text:?}")]
    QrCode {
        text: String,
        #[source]
        source: qrcode::types::QrError,
    },
    #[error("cannot encode a QR code as PNG")]
    Png(#[from] png::EncodingError),
}
