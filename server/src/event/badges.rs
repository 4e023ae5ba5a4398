//! What the event file says for passes and badges (issue 32): the sheets name badges print on
//! (`[[badge_layouts]]`, with defaults for every sheet when it names none) and the venue's coordinates, which
//! bring a wallet pass to the lock screen near the venue.

use toml::Spanned;

use super::field::{Invalid, invalid};
use super::file::{BadgeLayoutEntry, BadgeSheet};

/// A layout the back office prints badges with, by the name `?layout=` gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadgeLayout {
    pub name: String,
    pub sheet: BadgeSheet,
}

/// The file's layouts in its order, or one for every sheet, named after it, when it has none.
pub(super) fn layouts(entries: Option<Vec<BadgeLayoutEntry>>) -> Result<Vec<BadgeLayout>, Invalid> {
    let Some(entries) = entries.filter(|entries| !entries.is_empty()) else {
        return Ok(BadgeSheet::ALL
            .into_iter()
            .map(|sheet| BadgeLayout {
                name: sheet.as_str().to_owned(),
                sheet,
            })
            .collect());
    };
    let mut layouts: Vec<BadgeLayout> = Vec::with_capacity(entries.len());
    for (index, entry) in entries.into_iter().enumerate() {
        if layouts.iter().any(|layout| layout.name == entry.name.get_ref().0) {
            return invalid(
                entry.name.span(),
                format!("badge_layouts[{index}].name"),
                "another layout already has this name",
            );
        }
        layouts.push(BadgeLayout {
            name: entry.name.into_inner().0,
            sheet: entry.sheet,
        });
    }
    Ok(layouts)
}

/// `[venue] latitude` and `longitude`, in degrees: both or neither.
pub(super) fn coordinates(
    latitude: Option<Spanned<f64>>,
    longitude: Option<Spanned<f64>>,
) -> Result<Option<(f64, f64)>, Invalid> {
    match (latitude, longitude) {
        (None, None) => Ok(None),
        (Some(latitude), _) if !(-90.0..=90.0).contains(latitude.get_ref()) => {
            invalid(latitude.span(), "venue.latitude", "must be between -90 and 90 degrees")
        }
        (_, Some(longitude)) if !(-180.0..=180.0).contains(longitude.get_ref()) => invalid(
            longitude.span(),
            "venue.longitude",
            "must be between -180 and 180 degrees",
        ),
        (Some(latitude), Some(longitude)) => Ok(Some((latitude.into_inner(), longitude.into_inner()))),
        (Some(latitude), None) => invalid(latitude.span(), "venue.longitude", "give it with venue.latitude"),
        (None, Some(longitude)) => invalid(longitude.span(), "venue.latitude", "give it with venue.longitude"),
    }
}
