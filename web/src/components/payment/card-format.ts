// Input helpers for the sandbox card form. They only shape what is typed; whether a card
// is valid (Luhn, expiry in the past, declines) is the gateway's answer, as with Stripe.

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** American Express numbers have 15 digits, the cards the sandbox knows 16. */
export function cardNumberLength(digits: string): number {
  return /^3[47]/.test(digits) ? 15 : 16;
}

/** "4242424242424242" -> "4242 4242 4242 4242", capped at the card's length. */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value);
  return (
    digits
      .slice(0, cardNumberLength(digits))
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

export function isCardNumberComplete(value: string): boolean {
  const digits = digitsOf(value);
  return digits.length === cardNumberLength(digits);
}

/**
 * Shapes an expiry as MM/YY while typing: "1234" -> "12/34", "4" -> "04".
 * A slash the user (or autofill, "12/2034") typed is kept as the split between month and year.
 */
export function formatExpiry(value: string): string {
  const slash = value.indexOf('/');
  if (slash >= 0) {
    let month = digitsOf(value.slice(0, slash)).slice(0, 2);
    const year = digitsOf(value.slice(slash + 1)).slice(0, 4);
    if (month.length === 1 && year) month = `0${month}`;
    return month ? `${month}/${year}` : year;
  }
  let digits = digitsOf(value).slice(0, 6);
  // no month starts with 2-9, so "4" can only mean April
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 6);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The month and year of a complete expiry ("12/34" or "12/2034"), otherwise null. */
export function parseExpiry(value: string): { month: string; year: string } | null {
  const match = /^(\d{2})\/(\d{2}|\d{4})$/.exec(formatExpiry(value));
  return match ? { month: match[1], year: match[2] } : null;
}

export function formatCvc(value: string): string {
  return digitsOf(value).slice(0, 4);
}

/** Where the caret goes after reformatting: just after the same number of digits as before. */
export function caretAfterDigits(formatted: string, digitCount: number): number {
  if (digitCount <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index]) && ++seen === digitCount) return index + 1;
  }
  return formatted.length;
}
