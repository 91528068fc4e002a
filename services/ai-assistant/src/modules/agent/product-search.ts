import type { Product } from '@jesus-walks/contracts/products';

/** A word without a plural ending, so 'bottles' finds 'bottle' and 'socks' finds 'sock'. */
export const singular = (word: string) => (word.length > 3 ? word.replace(/(?<!s)(es|s)$/, '') : word);
export const wordsOf = (text: string) =>
  new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(singular));

/** The group's own words are in product names (the Jesus Walks Trail Tee): they find no product. */
const brandWords = new Set(['jesus', 'walk', 'hike', 'hiking', 'trail', 'napa', 'valley', 'vineyard']);

/** The words of a question that may name a product. */
export const productWords = (words: readonly string[]) =>
  words.filter((word) => !brandWords.has(singular(word)));

/** Whole words only ('red' is not in 'Embroidered'): name 3, category 2, description 1 a word. */
function productScore(product: Product, words: readonly string[]): number {
  const name = wordsOf(product.name);
  const category = wordsOf(product.category);
  const description = wordsOf(product.description);
  let score = 0;
  for (const word of words.map(singular)) {
    if (name.has(word)) score += 3;
    if (category.has(word)) score += 2;
    if (description.has(word)) score += 1;
  }
  return score;
}

/** Products named by these words (a name match, or category and description), best first. */
export function rankProductsByWords(products: readonly Product[], words: readonly string[]): Product[] {
  return products
    .map((product) => ({ product, score: productScore(product, words) }))
    .filter(({ score }) => score >= 3)
    .sort((a, b) => b.score - a.score)
    .map(({ product }) => product);
}
