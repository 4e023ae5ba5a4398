const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Formats integer cents as US dollars with two decimals: 79900 -> "$799.00". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}
