//! Stock keeping units: what stock limits, codes and orders name items by.

pub fn ticket(ticket_type: &str) -> String {
    format!("ticket:{ticket_type}")
}

pub fn merchandise(id: u32) -> String {
    format!("merchandise:{id}")
}

/// One size/colour combination of an item; "-" stands for an option the item lacks.
pub fn merchandise_variant(id: u32, size: Option<&str>, color: Option<&str>) -> String {
    format!("merchandise:{id}:{}:{}", size.unwrap_or("-"), color.unwrap_or("-"))
}

pub fn sponsorship(tier: &str) -> String {
    format!("sponsorship:{tier}")
}

/// The units of an item's price phase that ends by units: "ticket:developer@Early bird".
pub fn phase(item: &str, phase: &str) -> String {
    format!("{item}@{phase}")
}

/// What the organizer calls a stock keeping unit: "VIP Pass", "Conference T-Shirt, S / Black",
/// "Developer Pass at the Early bird price".
pub fn label(event: &crate::event::Event, sku: &str) -> String {
    if let Some((item, phase)) = sku.split_once('@') {
        return format!("{} at the {phase} price", label(event, item));
    }
    let mut parts = sku.split(':');
    let (kind, key) = (parts.next().unwrap_or_default(), parts.next().unwrap_or_default());
    let variant: Vec<&str> = parts.filter(|option| *option != "-").collect();
    let name = match kind {
        "ticket" => event.ticket_by_type(key).map(|ticket| ticket.name.clone()),
        "merchandise" => key
            .parse::<u32>()
            .ok()
            .and_then(|id| event.merchandise.iter().find(|item| item.id == id))
            .map(|item| item.name.clone()),
        "sponsorship" => event
            .sponsorship_tiers
            .iter()
            .find(|tier| tier.value == key)
            .map(|tier| format!("{} sponsorship", tier.label)),
        _ => None,
    };
    let name = name.unwrap_or_else(|| sku.to_owned());
    if variant.is_empty() {
        name
    } else {
        format!("{name}, {}", variant.join(" / "))
    }
}

/// Every item an order can be for, as (stock keeping unit, label), in catalogue order.
pub fn catalogue(event: &crate::event::Event) -> Vec<(String, String)> {
    let tickets = event.tickets.iter().map(|entry| ticket(&entry.ticket_type));
    let merchandise = event.merchandise.iter().map(|item| merchandise(item.id));
    let sponsorships = event.sponsorship_tiers.iter().map(|tier| sponsorship(&tier.value));
    tickets
        .chain(merchandise)
        .chain(sponsorships)
        .map(|sku| {
            let label = label(event, &sku);
            (sku, label)
        })
        .collect()
}
