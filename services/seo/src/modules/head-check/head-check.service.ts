import type { HeadCheck, HeadProblem, PageHead } from '@jesus-walks/contracts/seo';
import { matchWebRoute, type StructuredDataType, webPages } from '@jesus-walks/contracts/web-routes';
import { type SeoDeps, siteUrl } from '../../deps';

/** Pages fetched at once: the check must not weigh on the site it looks at. */
const CONCURRENCY = 4;
const TIMEOUT_MS = 5_000;
/** A head lies in the first bytes; a page bigger than this is read no further. */
const MAX_BYTES = 512 * 1024;
/** Pages named in a duplicate-title problem; the rest are counted. */
const DUPLICATES_NAMED = 5;

/**
 * The structured data a page is expected to carry, as the web app declares its head
 * (packages/contracts web-routes.ts; issue 12: Organization, Event, Product).
 */
export function expectedStructuredData(path: string): StructuredDataType | null {
  const route = matchWebRoute(path);
  const page = route === null ? null : webPages[route];
  return page && 'head' in page ? page.head.structuredData : null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };
const decode = (text: string) =>
  text
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (match, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#') && name !== '#39') return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? match;
    })
    .replace(/\s+/g, ' ')
    .trim();

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[2] ?? match[3] ?? match[4] ?? '') : null;
}

/**
 * The @type of every node of a JSON-LD value, nested ones included (arrays, @graph, and nodes
 * inside properties: the shop's Products are the items of an ItemList, as search engines read them).
 */
function typesOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) typesOf(item, found);
  else if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    const type = node['@type'];
    if (typeof type === 'string') found.push(type);
    else if (Array.isArray(type)) found.push(...type.filter((t): t is string => typeof t === 'string'));
    for (const [key, property] of Object.entries(node)) {
      if (key !== '@type' && key !== '@context') typesOf(property, found);
    }
  }
  return found;
}

/**
 * What a crawler reads in a page's head, from the HTML as served (no script runs): the title, the
 * meta description and the JSON-LD types. Regular expressions suffice for these three tags, which
 * the site writes itself; a page whose markup they miss is reported as missing them.
 */
export function readHead(html: string): Pick<PageHead, 'title' | 'description' | 'structuredDataTypes'> {
  const head = /<head[\s>][\s\S]*?<\/head>/i.exec(html)?.[0] ?? html;
  const titleText = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(head)?.[1];
  const title = titleText === undefined ? null : decode(titleText) || null;
  let description: string | null = null;
  for (const tag of head.match(/<meta\s[^>]*>/gi) ?? []) {
    if (attribute(tag, 'name')?.toLowerCase() === 'description') {
      description = decode(attribute(tag, 'content') ?? '') || null;
      break;
    }
  }
  const structuredDataTypes: string[] = [];
  for (const match of html.matchAll(
    /<script\s[^>]*type\s*=\s*["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/gi,
  )) {
    try {
      typesOf(JSON.parse(match[1] ?? ''), structuredDataTypes);
    } catch {
      structuredDataTypes.push('(invalid JSON-LD)');
    }
  }
  return { title, description, structuredDataTypes };
}

async function fetchHead(
  deps: Pick<SeoDeps, 'publicOrigin' | 'headCheckOrigin'>,
  path: string,
): Promise<PageHead> {
  const url = siteUrl(deps, path);
  const page: PageHead = {
    path,
    url,
    status: null,
    title: null,
    description: null,
    structuredDataTypes: [],
    problems: [],
  };
  let html: string;
  try {
    const response = await fetch(new URL(path, deps.headCheckOrigin), {
      headers: { accept: 'text/html', 'user-agent': 'JesusWalksHeadCheck/1.0' },
      // A redirect is reported as the status it is, as a crawler would first see it.
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    page.status = response.status;
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    while (reader && size < MAX_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
    await reader?.cancel();
    html = Buffer.concat(chunks).toString('utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    page.problems.push({ code: 'fetch_failed', message: `The page could not be fetched: ${reason}` });
    return page;
  }
  if (page.status !== 200) {
    page.problems.push({ code: 'bad_status', message: `The page answered HTTP ${page.status}` });
  }
  Object.assign(page, readHead(html));
  if (!page.title) page.problems.push({ code: 'missing_title', message: 'No <title>' });
  if (!page.description) page.problems.push({ code: 'missing_description', message: 'No meta description' });
  const expected = expectedStructuredData(path);
  if (expected && !page.structuredDataTypes.includes(expected)) {
    page.problems.push({
      code: 'missing_structured_data',
      message: `No ${expected} structured data (JSON-LD)`,
    });
  }
  return page;
}

export function markDuplicateTitles(pages: PageHead[]): void {
  const byTitle = new Map<string, PageHead[]>();
  for (const page of pages) {
    if (page.title) byTitle.set(page.title, [...(byTitle.get(page.title) ?? []), page]);
  }
  for (const [title, sharing] of byTitle) {
    if (sharing.length < 2) continue;
    for (const page of sharing) {
      const others = sharing.filter((other) => other !== page).map((other) => other.path);
      const named = others.slice(0, DUPLICATES_NAMED).join(', ');
      const more = others.length - DUPLICATES_NAMED;
      const problem: HeadProblem = {
        code: 'duplicate_title',
        message: `The title "${title}" is also the title of ${named}${more > 0 ? ` and ${more} more pages` : ''}`,
      };
      page.problems.push(problem);
    }
  }
}

/**
 * Fetches every page of the sitemap through the gateway (HEAD_CHECK_ORIGIN, else the public
 * origin), as a crawler would, and lists what is missing from each head. Each page is reported
 * under its public URL.
 */
export async function checkHeads(
  deps: Pick<SeoDeps, 'publicOrigin' | 'headCheckOrigin' | 'sitemap'>,
): Promise<HeadCheck> {
  const { entries } = await deps.sitemap.sitemap();
  const paths = entries.map((entry) => entry.path);
  const pages: PageHead[] = new Array(paths.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, paths.length) }, async () => {
      while (next < paths.length) {
        const index = next++;
        pages[index] = await fetchHead(deps, paths[index] ?? '/');
      }
    }),
  );
  markDuplicateTitles(pages);
  return { checkedAt: new Date().toISOString(), pages };
}
