use serde::Serialize;

/// What an order is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum OrderKind {
    Ticket,
    Merchandise,
    Sponsorship,
}

impl OrderKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Ticket => "ticket",
            Self::Merchandise => "merchandise",
            Self::Sponsorship => "sponsorship",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        [Self::Ticket, Self::Merchandise, Self::Sponsorship]
            .into_iter()
            .find(|kind| kind.as_str() == value)
    }
}
