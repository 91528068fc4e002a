const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A USD amount with two decimals: 12.5 -> "$12.50". Currency is always USD (SPEC.md section 9). */
export function formatPrice(amount: number | string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  return usd.format(Number.isFinite(value) ? value : 0);
}
