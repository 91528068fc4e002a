import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router-dom';
import { useSiteOrigin } from '@/lib/site-origin';
import { classifySiteLink, linkifySitePaths } from '../utils/site-links';

const linkClass = 'font-medium text-primary underline underline-offset-2 hover:text-primary-hover';

/** A link of an answer: this site's pages in the app, other sites in a new tab, the rest as text. */
function AnswerLink({ href, children }: ComponentProps<'a'>) {
  const siteOrigin = useSiteOrigin();
  const link = classifySiteLink(href, siteOrigin);
  if (!link) return <span>{children}</span>;
  if (link.kind === 'external') {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer nofollow" className={linkClass}>
        {children}
      </a>
    );
  }
  return (
    <Link to={link.to} className={linkClass} data-site-link={link.kind}>
      {children}
    </Link>
  );
}

const components: Components = {
  a: ({ href, children }) => <AnswerLink href={href}>{children}</AnswerLink>,
  // Headings of an answer are emphasis inside a bubble, not sections of the page.
  h1: ({ children }) => <p className="font-semibold">{children}</p>,
  h2: ({ children }) => <p className="font-semibold">{children}</p>,
  h3: ({ children }) => <p className="font-semibold">{children}</p>,
  h4: ({ children }) => <p className="font-semibold">{children}</p>,
  h5: ({ children }) => <p className="font-semibold">{children}</p>,
  h6: ({ children }) => <p className="font-semibold">{children}</p>,
};

/**
 * A model's answer as sanitised Markdown: HTML in it is dropped (never rendered), images are not
 * shown, URLs pass react-markdown's safe-protocol check, then links go through `AnswerLink`.
 */
export function MessageMarkdown({ content }: { content: string }) {
  return (
    <div className="grid gap-2 break-words [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:text-[0.9em] [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-5 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-2 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">
      <Markdown skipHtml disallowedElements={['img']} unwrapDisallowed components={components}>
        {linkifySitePaths(content)}
      </Markdown>
    </div>
  );
}
