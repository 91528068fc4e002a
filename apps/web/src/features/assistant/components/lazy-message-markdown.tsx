import { lazy, Suspense } from 'react';

/**
 * The Markdown renderer is most of this page's code, and no reply exists before the first answer
 * (none is rendered on the server): it loads when a question is sent or a kept conversation
 * returns, and a reply shows as plain text for the moment it takes.
 */
export function preloadMessageMarkdown() {
  return import('./message-markdown');
}

const MessageMarkdown = lazy(() =>
  preloadMessageMarkdown().then((module) => ({ default: module.MessageMarkdown })),
);

export function LazyMessageMarkdown({ content }: { content: string }) {
  return (
    <Suspense fallback={<p className="whitespace-pre-wrap break-words">{content}</p>}>
      <MessageMarkdown content={content} />
    </Suspense>
  );
}
