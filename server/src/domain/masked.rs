//! Personal data shown to someone who has not proved they are its owner: enough to
//! recognise one's own order, not enough to learn someone else's.

/// "Ana Torres" → "A. T.": initials only.
pub fn mask_name(name: &str) -> String {
    let initials: Vec<String> = name
        .split_whitespace()
        .filter_map(|word| word.chars().find(|c| c.is_alphanumeric()))
        .map(|initial| format!("{}.", initial.to_uppercase()))
        .collect();
    if initials.is_empty() {
        "•".to_owned()
    } else {
        initials.join(" ")
    }
}

/// "ana@example.com" → "a•••@example.com": the first character and the domain.
pub fn mask_email(address: &str) -> String {
    match address.split_once('@') {
        Some((local, domain)) => format!("{}•••@{domain}", local.chars().next().unwrap_or('•')),
        None => "•••".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_initials_and_emails_keep_their_first_letter_and_domain() {
        assert_eq!(mask_name("Ana Torres"), "A. T.");
        assert_eq!(mask_name("  josé   de la Vega "), "J. D. L. V.");
        assert_eq!(mask_name("(Bo)"), "B.");
        assert_eq!(mask_name("   "), "•");
        assert_eq!(mask_email("ana.torres@example.com"), "a•••@example.com");
        assert_eq!(mask_email("nonsense"), "•••");
    }
}
