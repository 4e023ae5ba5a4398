use serde::{Deserialize, Serialize};

/// An amount of US dollars as integer cents. All prices and charges use it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(transparent)]
#[schema(value_type = i64, example = 79900)]
pub struct Money(i64);

impl Money {
    pub const ZERO: Self = Self(0);
    /// The most one unit may cost in the event file, or a code take off it or set it to:
    /// $10,000,000. Beyond it an amount is a slip of the keyboard.
    pub const MAX_UNIT_PRICE: Self = Self(1_000_000_000);

    pub const fn from_cents(cents: i64) -> Self {
        Self(cents)
    }

    pub const fn cents(self) -> i64 {
        self.0
    }

    /// Whole dollars, rounded down: how the sponsorship page quotes prices.
    pub const fn whole_dollars(self) -> i64 {
        self.0 / 100
    }
}

impl std::fmt::Display for Money {
    /// "$1,299.00"
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let cents = self.0.unsigned_abs();
        let dollars = (cents / 100).to_string();
        let mut grouped = String::with_capacity(dollars.len() + dollars.len() / 3);
        for (index, digit) in dollars.chars().enumerate() {
            if index > 0 && (dollars.len() - index).is_multiple_of(3) {
                grouped.push(',');
            }
            grouped.push(digit);
        }
        write!(f, "{sign}${grouped}.{:02}", cents % 100)
    }
}

#[cfg(test)]
mod tests {
    use super::Money;

    #[test]
    fn formats_as_dollars_with_grouping_and_two_decimals() {
        assert_eq!(Money::from_cents(129_900).to_string(), "$1,299.00");
        assert_eq!(Money::from_cents(500).to_string(), "$5.00");
        assert_eq!(Money::from_cents(50_000_000).to_string(), "$500,000.00");
        assert_eq!(Money::from_cents(2_999).to_string(), "$29.99");
        assert_eq!(Money::from_cents(7).to_string(), "$0.07");
    }
}
