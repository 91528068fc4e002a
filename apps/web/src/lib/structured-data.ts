/** JSON for a <script type="application/ld+json">, with '<' escaped so no text can close the tag. */
export function jsonLd(data: unknown): string {
  return JSON.stringify(data).replaceAll('<', '\\u003c');
}
