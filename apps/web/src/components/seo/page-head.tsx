import { useSiteOrigin } from '@/lib/site-origin';
import { jsonLd } from '@/lib/structured-data';

export const SITE_NAME = 'Jesus Walks';
/** The image shared pages show when they have none of their own. */
export const DEFAULT_SHARE_IMAGE = '/images/events/vineyard-loop.svg';

interface PageHeadProps {
  /** The document title, as SPEC.md names the page. */
  title: string;
  description: string;
  /** The page's canonical path ('/events/12'): query strings never make another page. */
  path: string;
  /** Relative or absolute; the default share image otherwise. */
  image?: string | null;
  type?: 'website' | 'article';
  /** Test, account and one-off pages stay out of search results. */
  noindex?: boolean;
  /** schema.org objects, each in its own script. */
  structuredData?: readonly Record<string, unknown>[];
}

/**
 * Everything a page's head needs for search engines and link previews: title, description,
 * canonical URL, Open Graph and Twitter tags, and structured data. React places the tags in the
 * document head; the server render puts them in the first HTML (docs/decisions/016).
 */
export function PageHead({
  title,
  description,
  path,
  image,
  type = 'website',
  noindex = false,
  structuredData = [],
}: PageHeadProps) {
  const origin = useSiteOrigin();
  const url = new URL(path, origin).toString();
  const imageUrl = new URL(image || DEFAULT_SHARE_IMAGE, origin).toString();
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      {structuredData.map((data, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole, never reordered
        <script key={index} type="application/ld+json">
          {jsonLd(data)}
        </script>
      ))}
    </>
  );
}
