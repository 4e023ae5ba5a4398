//! A company's billing details, as a buyer gives them for an invoice: parsed once, so an
//! invoice never carries an address nobody checked.

use serde::{Deserialize, Serialize};

use super::country::country_name;
use super::text::unprintable;

/// Billing details as checked and stored on an order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BillingDetails {
    pub company: String,
    /// One or two lines.
    pub address: String,
    pub city: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub region: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub postal_code: Option<String>,
    /// An ISO 3166-1 alpha-2 code: "US".
    pub country: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub tax_id: Option<String>,
}

/// Billing details as a request sends them, before they are checked. What the invoice prints
/// must print as typed: no control characters, invisible format characters or
/// non-characters, and nothing its font (DejaVu Sans) has no glyph for, such as most emoji.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = BillingDetailsRequest)]
pub struct BillingRequest {
    /// 2 to 200 characters. The sponsor form's company name stands in when it is left out there.
    #[schema(example = "Acme Inc.")]
    pub company: Option<String>,
    /// The street address, one or two lines, up to 200 characters.
    #[schema(example = "1 Main Street\nSuite 200")]
    pub address: Option<String>,
    #[schema(example = "Miami")]
    pub city: Option<String>,
    #[schema(example = "FL")]
    pub region: Option<String>,
    #[schema(example = "33139")]
    pub postal_code: Option<String>,
    /// An ISO 3166-1 alpha-2 code.
    #[schema(example = "US")]
    pub country: Option<String>,
    /// A tax or VAT id, such as "DE123456789".
    pub tax_id: Option<String>,
}

/// A field of the billing details and why it was refused, keyed as the forms key them.
pub type BillingError = (&'static str, String);

impl BillingDetails {
    /// The checked details, or every field's error. `company` stands in for a missing company.
    /// What the invoice prints must print as typed: no control, invisible or non-characters,
    /// and nothing its font cannot draw.
    pub fn parse(request: &BillingRequest, company: Option<&str>) -> Result<Self, Vec<BillingError>> {
        let mut errors: Vec<BillingError> = Vec::new();
        fn text(value: &Option<String>) -> Option<&str> {
            value.as_deref().map(str::trim).filter(|value| !value.is_empty())
        }
        let mut check = |field: &'static str, checked: Result<(), String>| {
            if let Err(message) = checked {
                errors.push((field, message));
            }
        };
        let company = text(&request.company).or(company.map(str::trim).filter(|value| !value.is_empty()));
        check(
            "billing.company",
            printed(company, 2..=200, 1, "The company name").map_err(|problem| {
                problem.unwrap_or_else(|| "Please enter the company's name (2 to 200 characters).".into())
            }),
        );
        let address = text(&request.address);
        check(
            "billing.address",
            printed(address, 1..=200, 2, "The street address").map_err(|problem| {
                problem.unwrap_or_else(|| "Please enter the street address (one or two lines).".into())
            }),
        );
        let city = text(&request.city);
        check(
            "billing.city",
            printed(city, 1..=100, 1, "The city")
                .map_err(|problem| problem.unwrap_or_else(|| "Please enter the city.".into())),
        );
        let region = text(&request.region);
        if region.is_some() {
            check(
                "billing.region",
                printed(region, 1..=100, 1, "The region")
                    .map_err(|problem| problem.unwrap_or_else(|| "The region may have at most 100 characters.".into())),
            );
        }
        let postal_code = text(&request.postal_code);
        let postal_ok = |code: &str| {
            code.chars().count() <= 20 && code.chars().all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-')
        };
        if postal_code.is_some_and(|code| !postal_ok(code)) {
            errors.push(("billing.postalCode", "Please enter a valid postal code.".to_owned()));
        }
        let country = text(&request.country).map(str::to_uppercase);
        if country.as_deref().is_none_or(|code| country_name(code).is_none()) {
            errors.push(("billing.country", "Please choose a country from the list.".to_owned()));
        }
        let tax_id = text(&request.tax_id);
        let tax_id_ok = |id: &str| {
            (2..=40).contains(&id.chars().count())
                && id.chars().all(|c| c.is_ascii_alphanumeric() || " .-/".contains(c))
        };
        if tax_id.is_some_and(|id| !tax_id_ok(id)) {
            errors.push((
                "billing.taxId",
                "Please enter a valid tax or VAT ID (letters, digits, spaces, . - /).".to_owned(),
            ));
        }
        match (company, address, city, country) {
            (Some(company), Some(address), Some(city), Some(country)) if errors.is_empty() => Ok(Self {
                company: company.to_owned(),
                address: address.lines().map(str::trim).collect::<Vec<_>>().join("\n"),
                city: city.to_owned(),
                region: region.map(str::to_owned),
                postal_code: postal_code.map(str::to_owned),
                country,
                tax_id: tax_id.map(str::to_owned),
            }),
            _ => Err(errors),
        }
    }

    /// The address as an envelope prints it: street lines, then "City, Region Postal code", then the country.
    pub fn address_lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self.address.lines().map(str::to_owned).collect();
        let place = [Some(self.city.as_str()), self.region.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(", ");
        lines.push(match &self.postal_code {
            Some(code) => format!("{place} {code}"),
            None => place,
        });
        lines.push(country_name(&self.country).unwrap_or(&self.country).to_owned());
        lines
    }
}

/// Whether `value` is text an invoice prints as typed: present, of `chars` characters on at
/// most `lines` lines, none of them a control, invisible or non-character, or one the invoice's
/// font cannot draw. `Err(None)` when it is missing or of the wrong length, `Err(Some(message))`
/// naming what cannot be printed, `what` being the field in a sentence.
fn printed(
    value: Option<&str>,
    chars: std::ops::RangeInclusive<usize>,
    lines: usize,
    what: &str,
) -> Result<(), Option<String>> {
    let value = value.ok_or(None)?;
    if !chars.contains(&value.chars().count()) || value.lines().count() > lines {
        return Err(None);
    }
    match value.lines().find_map(unprintable) {
        Some(problem) => Err(Some(problem.message(what))),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request() -> BillingRequest {
        BillingRequest {
            company: Some(" Acme Inc. ".into()),
            address: Some("1 Main Street\nSuite 200".into()),
            city: Some("Miami".into()),
            region: Some("FL".into()),
            postal_code: Some("33139".into()),
            country: Some("us".into()),
            tax_id: Some("12-3456789".into()),
        }
    }

    #[test]
    fn good_details_are_kept_trimmed_with_the_country_code_in_upper_case() {
        let details = BillingDetails::parse(&request(), None).unwrap();
        assert_eq!(
            (details.company.as_str(), details.country.as_str()),
            ("Acme Inc.", "US")
        );
        assert_eq!(
            details.address_lines(),
            ["1 Main Street", "Suite 200", "Miami, FL 33139", "United States"]
        );
    }

    #[test]
    fn every_bad_field_is_named() {
        let bad = BillingRequest {
            company: Some("A".into()),
            address: Some("1\n2\n3".into()),
            city: None,
            region: None,
            postal_code: Some("33139!".into()),
            country: Some("XX".into()),
            tax_id: Some("x".into()),
        };
        let fields: Vec<&str> = BillingDetails::parse(&bad, None)
            .unwrap_err()
            .into_iter()
            .map(|(field, _)| field)
            .collect();
        assert_eq!(
            fields,
            [
                "billing.company",
                "billing.address",
                "billing.city",
                "billing.postalCode",
                "billing.country",
                "billing.taxId"
            ]
        );
    }

    #[test]
    fn what_an_invoice_cannot_print_is_refused_naming_the_field() {
        let bad = BillingRequest {
            company: Some("Acme\u{202e}cnI".into()),
            address: Some("1 Main Street\nSuite 🚀".into()),
            city: Some("Mia\u{200b}mi".into()),
            region: Some("F\u{fdd0}L".into()),
            ..request()
        };

        let errors = BillingDetails::parse(&bad, None).unwrap_err();

        let fields: Vec<&str> = errors.iter().map(|(field, _)| *field).collect();
        assert_eq!(
            fields,
            ["billing.company", "billing.address", "billing.city", "billing.region"]
        );
        assert_eq!(
            errors[0].1,
            "The company name cannot contain invisible characters, such as text-direction marks or zero-width spaces."
        );
        assert_eq!(
            errors[1].1,
            "The street address cannot contain “🚀”: invoices are printed in a font that does not have it. Please \
             leave it out."
        );
        let tabbed = BillingRequest {
            city: Some("Mi\tami".into()),
            ..request()
        };
        assert_eq!(
            BillingDetails::parse(&tabbed, None).unwrap_err(),
            [("billing.city", "The city cannot contain control characters.".to_owned())]
        );
    }

    #[test]
    fn the_sponsor_forms_company_stands_in() {
        let sponsor = BillingRequest {
            company: None,
            ..request()
        };
        assert_eq!(
            BillingDetails::parse(&sponsor, Some("Globex")).unwrap().company,
            "Globex"
        );
    }
}
