//! Reading a programme from the file a call-for-papers tool exports: pretalx's `schedule.json` (the frab/c3voc
//! JSON), the frab XML `schedule.xml`, or Sessionize's "All" view JSON. The format is told from the file itself.

mod draft;
mod error;
mod frab_xml;
mod json;
mod kind;
mod pretalx;
mod sessionize;
mod slug;
mod times;

use time::UtcOffset;

use super::model::Programme;

pub use error::{Entry, ImportError, Problem};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Pretalx,
    FrabXml,
    Sessionize,
}

impl Format {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pretalx => "pretalx",
            Self::FrabXml => "frab-xml",
            Self::Sessionize => "sessionize",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub format: Format,
    pub programme: Programme,
}

/// Reads `file` in whichever format it is. `venue` is the offset Sessionize's local times are read in; the other
/// formats carry their own offsets, and every time comes out in the venue's.
pub fn parse(file: &[u8], venue: UtcOffset) -> Result<Imported, ImportError> {
    let text = std::str::from_utf8(file).map_err(|_| ImportError::UnknownFormat)?;
    let text = text.trim_start_matches('\u{feff}').trim_start();
    if text.starts_with('<') {
        let programme = frab_xml::parse(text, venue)?;
        return Ok(Imported {
            format: Format::FrabXml,
            programme,
        });
    }
    let value: serde_json::Value = serde_json::from_str(text).map_err(|_| ImportError::UnknownFormat)?;
    if value.pointer("/schedule/conference").is_some() {
        let programme = pretalx::parse(&value, venue)?;
        return Ok(Imported {
            format: Format::Pretalx,
            programme,
        });
    }
    if ["sessions", "speakers", "rooms"]
        .iter()
        .all(|key| value.get(key).is_some())
    {
        let programme = sessionize::parse(&value, venue)?;
        return Ok(Imported {
            format: Format::Sessionize,
            programme,
        });
    }
    Err(ImportError::UnknownFormat)
}

#[cfg(test)]
mod tests;
