const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Formats integer cents as US dollars with two decimals: 79900 -> "$799.00". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** Formats cents taken off an order with a true minus sign, read as "minus": 15980 -> "−$159.80". */
export function formatDiscount(cents: number): string {
  return `−${formatCents(cents)}`;
}
