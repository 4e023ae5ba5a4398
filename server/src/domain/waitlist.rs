use super::EmailAddress;

/// A visitor's name: at least 3 characters after trimming (the brief's rule), at most 100,
/// and nothing a mail client could turn into a link: names are quoted in the emails the
/// site sends, to addresses anyone can type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonName(String);

impl PersonName {
    pub const MIN_CHARS: usize = 3;
    pub const MAX_CHARS: usize = 100;

    pub fn parse(input: &str) -> Result<Self, NameError> {
        let name = input.trim();
        match name.chars().count() {
            n if n < Self::MIN_CHARS => Err(NameError::TooShort),
            n if n > Self::MAX_CHARS => Err(NameError::TooLong),
            _ if name.chars().any(super::is_hidden) => Err(NameError::ControlCharacters),
            _ if super::could_carry_a_link(name) => Err(NameError::LooksLikeALink),
            _ => Ok(Self(name.to_owned())),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameError {
    TooShort,
    TooLong,
    /// Control, format (a text-direction override) or non-characters: never part of a name.
    ControlCharacters,
    LooksLikeALink,
}

/// The interest options of the waitlist form, by their stored values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, utoipa::ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum InterestArea {
    Web,
    Mobile,
    Ai,
    Cloud,
    Blockchain,
    Security,
}

impl InterestArea {
    pub const ALL: [Self; 6] = [
        Self::Web,
        Self::Mobile,
        Self::Ai,
        Self::Cloud,
        Self::Blockchain,
        Self::Security,
    ];

    pub fn value(self) -> &'static str {
        match self {
            Self::Web => "web",
            Self::Mobile => "mobile",
            Self::Ai => "ai",
            Self::Cloud => "cloud",
            Self::Blockchain => "blockchain",
            Self::Security => "security",
        }
    }

    /// The form's label for this option.
    pub fn label(self) -> &'static str {
        match self {
            Self::Web => "Web Development",
            Self::Mobile => "Mobile Development",
            Self::Ai => "AI & Machine Learning",
            Self::Cloud => "Cloud & DevOps",
            Self::Blockchain => "Blockchain",
            Self::Security => "Cybersecurity",
        }
    }

    pub fn from_value(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|area| area.value() == value)
    }
}

/// A validated waitlist sign-up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitlistRegistration {
    pub full_name: PersonName,
    pub email: EmailAddress,
    pub job_title: Option<String>,
    /// Sorted and without duplicates.
    pub interest_areas: Vec<InterestArea>,
    pub subscribe: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_needs_three_characters_after_trimming() {
        assert_eq!(PersonName::parse("  Al  "), Err(NameError::TooShort));
        assert_eq!(PersonName::parse("Ana").unwrap().as_str(), "Ana");
        assert_eq!(PersonName::parse("José").unwrap().as_str(), "José");
        assert_eq!(PersonName::parse(&"x".repeat(101)), Err(NameError::TooLong));
        assert_eq!(PersonName::parse("Ana\u{0}Diaz"), Err(NameError::ControlCharacters));
        assert_eq!(PersonName::parse("Ana\u{202e}zaiD"), Err(NameError::ControlCharacters));
        assert_eq!(PersonName::parse("Ana\u{fdd0}"), Err(NameError::ControlCharacters));
    }

    #[test]
    fn interest_areas_round_trip_through_their_values() {
        for area in InterestArea::ALL {
            assert_eq!(InterestArea::from_value(area.value()), Some(area));
        }
        assert_eq!(InterestArea::from_value("gaming"), None);
    }

    #[test]
    fn the_api_contract_lists_the_interest_areas_by_their_values() {
        use utoipa::PartialSchema;

        let schema = serde_json::to_value(InterestArea::schema()).unwrap();

        let values: Vec<&str> = InterestArea::ALL.iter().map(|area| area.value()).collect();
        assert_eq!(schema["enum"], serde_json::json!(values));
    }
}
