/// An email address that passed the same checks a visitor's browser applies.
/// Stored lowercased, so one person registering twice keeps one registration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailAddress(String);

impl EmailAddress {
    pub fn parse(input: &str) -> Option<Self> {
        let address = input.trim();
        if address.len() > 254 {
            return None;
        }
        let (local, domain) = address.split_once('@')?;
        (is_valid_local_part(local) && is_valid_domain(domain)).then(|| Self(address.to_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn is_valid_local_part(local: &str) -> bool {
    const SPECIALS: &str = "!#$%&'*+/=?^_`{|}~.-";
    !local.is_empty()
        && local.len() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local.chars().all(|c| c.is_ascii_alphanumeric() || SPECIALS.contains(c))
}

fn is_valid_domain(domain: &str) -> bool {
    let labels: Vec<&str> = domain.split('.').collect();
    let top_level = labels.last().copied().unwrap_or_default();
    labels.len() >= 2
        && top_level.len() >= 2
        && top_level.chars().all(|c| c.is_ascii_alphabetic())
        && labels.iter().all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
}

#[cfg(test)]
mod tests {
    use super::EmailAddress;

    #[test]
    fn accepts_ordinary_addresses_and_lowercases_them() {
        for valid in [
            "ana@example.com",
            "first.last+tag@mail.example.co",
            "o'brien@example.io",
            "  A@B.CO  ",
        ] {
            assert!(EmailAddress::parse(valid).is_some(), "{valid}");
        }
        assert_eq!(
            EmailAddress::parse("Ana.Diaz@Example.COM").unwrap().as_str(),
            "ana.diaz@example.com"
        );
    }

    #[test]
    fn refuses_what_is_not_an_address() {
        for invalid in [
            "",
            "ana",
            "ana@",
            "@example.com",
            "ana@example",
            "ana@@example.com",
            "ana@exa mple.com",
            "ana@example.c",
            ".ana@example.com",
            "ana..diaz@example.com",
            "ana@-example.com",
            "ana@example..com",
            "<script>@example.com",
        ] {
            assert!(EmailAddress::parse(invalid).is_none(), "{invalid}");
        }
    }
}
