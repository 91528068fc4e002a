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

const pluralRules = new Intl.PluralRules('en-US');

/** A noun's two English forms: 'seat' and 'seats'. */
export interface NounForms {
  one: string;
  other: string;
}

/** The form of the noun that agrees with the count (Intl.PluralRules): 1 seat, 0 seats, 2 seats. */
export function pluralNoun(count: number, forms: NounForms): string {
  return pluralRules.select(count) === 'one' ? forms.one : forms.other;
}

/** The count and its noun: "1 walker", "12 walkers". */
export function formatCount(count: number, forms: NounForms): string {
  return `${count} ${pluralNoun(count, forms)}`;
}
