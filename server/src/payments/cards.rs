//! The sandbox's test cards, as in Stripe's test mode (DESIGN.md §6).

/// Card details as the sandbox card form sends them.
#[derive(Debug, Clone)]
pub struct CardDetails<'a> {
    pub number: &'a str,
    pub exp_month: &'a str,
    pub exp_year: &'a str,
    pub cvc: &'a str,
}

/// Why a card was refused: Stripe's code and the message shown to the buyer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardRefusal {
    Declined,
    InsufficientFunds,
    ExpiredCard,
    IncorrectNumber,
    InvalidExpiryMonth,
    InvalidExpiryYear,
    IncorrectCvc,
}

impl CardRefusal {
    pub fn code(self) -> &'static str {
        match self {
            Self::Declined => "card_declined",
            Self::InsufficientFunds => "insufficient_funds",
            Self::ExpiredCard => "expired_card",
            Self::IncorrectNumber => "incorrect_number",
            Self::InvalidExpiryMonth => "invalid_expiry_month",
            Self::InvalidExpiryYear => "invalid_expiry_year",
            Self::IncorrectCvc => "incorrect_cvc",
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            Self::Declined => "Your card was declined.",
            Self::InsufficientFunds => "Your card has insufficient funds.",
            Self::ExpiredCard => "Your card has expired.",
            Self::IncorrectNumber => "Your card number is incorrect.",
            Self::InvalidExpiryMonth => "Your card's expiration month is invalid.",
            Self::InvalidExpiryYear => "Your card's expiration date is in the past.",
            Self::IncorrectCvc => "Your card's security code is incorrect.",
        }
    }
}

/// Decides what the sandbox does with a card, given today's year and month.
/// Any other number that passes the Luhn check succeeds, as in Stripe's test mode.
pub fn charge_outcome(card: &CardDetails<'_>, (year, month): (i32, u8)) -> Result<(), CardRefusal> {
    let number: String = card.number.chars().filter(|c| !c.is_whitespace()).collect();
    if !(12..=19).contains(&number.len()) || !number.chars().all(|c| c.is_ascii_digit()) || !passes_luhn(&number) {
        return Err(CardRefusal::IncorrectNumber);
    }
    let exp_month = match card.exp_month.trim().parse::<u8>() {
        Ok(month @ 1..=12) => month,
        _ => return Err(CardRefusal::InvalidExpiryMonth),
    };
    let exp_year = match card.exp_year.trim() {
        digits if digits.len() == 2 => digits.parse::<i32>().map(|yy| 2000 + yy),
        digits if digits.len() == 4 => digits.parse::<i32>(),
        _ => return Err(CardRefusal::InvalidExpiryYear),
    }
    .map_err(|_| CardRefusal::InvalidExpiryYear)?;
    if (exp_year, exp_month) < (year, month) {
        return Err(CardRefusal::InvalidExpiryYear);
    }
    let cvc = card.cvc.trim();
    if !(3..=4).contains(&cvc.len()) || !cvc.chars().all(|c| c.is_ascii_digit()) {
        return Err(CardRefusal::IncorrectCvc);
    }
    match number.as_str() {
        "4000000000000002" => Err(CardRefusal::Declined),
        "4000000000009995" => Err(CardRefusal::InsufficientFunds),
        "4000000000000069" => Err(CardRefusal::ExpiredCard),
        _ => Ok(()),
    }
}

fn passes_luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .chars()
        .rev()
        .filter_map(|c| c.to_digit(10))
        .enumerate()
        .map(|(index, digit)| match (index % 2 == 1, digit * 2) {
            (true, doubled) if doubled > 9 => doubled - 9,
            (true, doubled) => doubled,
            (false, _) => digit,
        })
        .sum();
    sum.is_multiple_of(10)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TODAY: (i32, u8) = (2026, 11);

    fn card(number: &str) -> CardDetails<'_> {
        CardDetails {
            number,
            exp_month: "12",
            exp_year: "34",
            cvc: "123",
        }
    }

    #[test]
    fn the_test_cards_behave_as_in_stripe_test_mode() {
        assert_eq!(charge_outcome(&card("4242 4242 4242 4242"), TODAY), Ok(()));
        assert_eq!(charge_outcome(&card("5555555555554444"), TODAY), Ok(()));
        assert_eq!(
            charge_outcome(&card("4000000000000002"), TODAY),
            Err(CardRefusal::Declined)
        );
        assert_eq!(
            charge_outcome(&card("4000000000009995"), TODAY),
            Err(CardRefusal::InsufficientFunds)
        );
        assert_eq!(
            charge_outcome(&card("4000000000000069"), TODAY),
            Err(CardRefusal::ExpiredCard)
        );
        assert_eq!(
            charge_outcome(&card("4242424242424241"), TODAY),
            Err(CardRefusal::IncorrectNumber)
        );
        assert_eq!(charge_outcome(&card("4242"), TODAY), Err(CardRefusal::IncorrectNumber));
    }

    #[test]
    fn a_past_expiry_is_refused_and_this_month_is_accepted() {
        let mut details = card("4242424242424242");
        details.exp_year = "2026";
        details.exp_month = "10";
        assert_eq!(charge_outcome(&details, TODAY), Err(CardRefusal::InvalidExpiryYear));
        details.exp_month = "11";
        assert_eq!(charge_outcome(&details, TODAY), Ok(()));
        details.exp_month = "13";
        assert_eq!(charge_outcome(&details, TODAY), Err(CardRefusal::InvalidExpiryMonth));
    }

    #[test]
    fn a_malformed_cvc_is_refused() {
        let mut details = card("4242424242424242");
        details.cvc = "12";
        assert_eq!(charge_outcome(&details, TODAY), Err(CardRefusal::IncorrectCvc));
        assert_eq!(CardRefusal::IncorrectCvc.code(), "incorrect_cvc");
    }
}
