/**
 * Words the services' e-mails and records and the browser's pages write alike. Free of Zod, so a
 * page may load it with its first scripts.
 */

/** 'a', 'a and b', 'a, b and c'. */
export function listInWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
