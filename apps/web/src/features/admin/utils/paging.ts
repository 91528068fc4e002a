/** How many pages a server-paged list has: at least one, so an empty list reads 'Page 1 of 1'. */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** 'Page 2 of 200'. */
export function pageLabel(page: number, total: number, pageSize: number): string {
  return `Page ${page} of ${pageCountOf(total, pageSize)}`;
}

/** '5,000 users', '1 user'. */
export function countLabel(total: number, noun: { one: string; many: string }): string {
  return `${total.toLocaleString('en-US')} ${total === 1 ? noun.one : noun.many}`;
}
