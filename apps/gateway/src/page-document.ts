import {
  PAGE_MODULES_ATTRIBUTE,
  PAGE_STATE_ELEMENT_ID,
  type RenderedHead,
} from '@jesus-walks/contracts/server-render';
import { classesIn, type UsedCss, usedCssOf } from './used-css';

/**
 * The web build's index.html, cut once at start-up into the parts that every page is assembled
 * from (docs/decisions/019-server-rendering.md): a page is the parts joined with what the server
 * render gave, never the document searched and replaced in.
 */

/** One piece of the document as written: a tag (a raw-text element whole), a comment or text. */
interface Token {
  html: string;
  /** The tag's name, lower case; null for text, comments and the doctype. */
  tag: string | null;
  closing: boolean;
  attributes: Attribute[];
}

interface Attribute {
  name: string;
  value: string;
  /** Where the attribute, with the space before it, starts and ends in its tag's html. */
  start: number;
  end: number;
}

/** Elements whose content is text up to their end tag; a token holds them whole. */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea']);

const isSpace = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';
const isLetter = (c: string | undefined) =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
const isNameChar = (c: string | undefined) =>
  c !== undefined && !isSpace(c) && c !== '>' && c !== '/' && c !== '=' && c !== '"' && c !== "'";

/** The start tag at `from` (its '<'): its name, attributes and where it ends. */
function readStartTag(html: string, from: number): { tag: string; attributes: Attribute[]; end: number } {
  let i = from + 1;
  while (isNameChar(html[i])) i++;
  const tag = html.slice(from + 1, i).toLowerCase();
  const attributes: Attribute[] = [];
  for (;;) {
    const start = i;
    while (isSpace(html[i])) i++;
    if (html[i] === '/') i++;
    if (i >= html.length) throw new Error(`index.html: the <${tag}> tag does not end`);
    if (html[i] === '>') return { tag, attributes, end: i + 1 };
    const nameStart = i;
    while (isNameChar(html[i])) i++;
    const name = html.slice(nameStart, i).toLowerCase();
    let value = '';
    let afterName = i;
    while (isSpace(html[afterName])) afterName++;
    if (html[afterName] === '=') {
      i = afterName + 1;
      while (isSpace(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close === -1) throw new Error(`index.html: an attribute of <${tag}> is not closed`);
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !isSpace(html[i]) && html[i] !== '>') i++;
        value = html.slice(valueStart, i);
      }
    }
    if (i === nameStart) i++; // a stray character: step over it
    attributes.push({ name, value, start: start - from, end: i - from });
  }
}

/** The document as a flat list of tokens: enough to find its parts, never a tree. */
export function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  // End tags are found whatever their case.
  const lower = html.toLowerCase();
  let i = 0;
  const push = (end: number, tag: string | null = null, closing = false, attributes: Attribute[] = []) => {
    tokens.push({ html: html.slice(i, end), tag, closing, attributes });
    i = end;
  };
  while (i < html.length) {
    const next = html[i + 1] ?? '';
    if (html[i] !== '<') {
      const lt = html.indexOf('<', i + 1);
      push(lt === -1 ? html.length : lt);
    } else if (html.startsWith('<!--', i)) {
      const close = html.indexOf('-->', i + 4);
      push(close === -1 ? html.length : close + 3);
    } else if (next === '!' || next === '?') {
      const close = html.indexOf('>', i);
      push(close === -1 ? html.length : close + 1);
    } else if (next === '/') {
      const close = html.indexOf('>', i);
      const end = close === -1 ? html.length : close + 1;
      push(
        end,
        html
          .slice(i + 2, end - 1)
          .trim()
          .toLowerCase(),
        true,
      );
    } else if (isLetter(next)) {
      const { tag, attributes, end } = readStartTag(html, i);
      if (RAW_TEXT.has(tag)) {
        const endTag = lower.indexOf(`</${tag}`, end);
        const close = endTag === -1 ? -1 : html.indexOf('>', endTag);
        if (close === -1) throw new Error(`index.html: <${tag}> is not closed`);
        push(close + 1, tag, false, attributes);
      } else {
        push(end, tag, false, attributes);
      }
    } else {
      push(i + 1);
    }
  }
  return tokens;
}

const attributeOf = (token: Token, name: string) =>
  token.attributes.find((attribute) => attribute.name === name)?.value;

/** The token without one of its attributes (with the space before it). */
function withoutAttribute(token: Token, name: string): string {
  const attribute = token.attributes.find((candidate) => candidate.name === name);
  return attribute ? token.html.slice(0, attribute.start) + token.html.slice(attribute.end) : token.html;
}

const isWhitespace = (token: Token | undefined) => token?.tag === null && token.html.trim() === '';

const escapeAttribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** Where the used part of the build's stylesheets goes, until a page is rendered. */
const USED_CSS_MARK = '<!--used-css-->';

export interface PageDocument {
  /**
   * For a page the browser renders: the document as built. It shows nothing until its scripts
   * have run, so they go at their usual priority, and it starts the app at once, so the app's
   * modules are asked for with the entry rather than after it.
   */
  shell: Buffer;
  /**
   * A page the server rendered: the document's head without the defaults the page replaces, then
   * the page's head; its markup in the root; its state, naming its own modules, after the root.
   */
  rendered(page: {
    head: RenderedHead;
    body: string;
    state: string;
    /** The page's own modules (preloads.json), named on its state element; none for a page the build does not list. */
    modules: readonly string[] | undefined;
  }): string;
}

export interface PageDocumentOptions {
  /** The app's modules, which the entry imports when it starts the app (preloads.json). */
  appModules: readonly string[];
  /** The content of a stylesheet of the build (`/assets/...css`), or null when it is not there. */
  readStylesheet(href: string): string | null;
}

/**
 * Cuts index.html into its parts. Null when it lacks a head or an empty root element after it (a
 * build this code does not know): the caller then serves it as it is.
 *
 * A rendered page keeps the build's low priority for its scripts (apps/web/vite.config.ts): it
 * paints without them. What it uses of the stylesheet comes inlined (used-css.ts): it paints from its
 * first response, with no second round trip (the Content Security Policy allows inline styles), and
 * the whole stylesheet, linked at the end of the body, is there for what hydration and the next
 * pages show; the shell keeps the link where it was.
 */
export function pageDocumentOf(indexHtml: string, options: PageDocumentOptions): PageDocument | null {
  const tokens = tokenize(indexHtml);
  const headEnd = tokens.findIndex((token) => token.closing && token.tag === 'head');
  const root = tokens.findIndex(
    (token, i) =>
      i > headEnd &&
      token.tag === 'div' &&
      !token.closing &&
      attributeOf(token, 'id') === 'root' &&
      tokens[i + 1]?.closing === true &&
      tokens[i + 1]?.tag === 'div',
  );
  if (headEnd === -1 || root === -1) return null;
  const rootStart = tokens[root]?.html ?? '';
  const rootEnd = tokens[root + 1]?.html ?? '';

  // Each token as a rendered page has it: in place of each of the build's stylesheets, the part of
  // it that the page uses (read once, here; chosen per page in rendered()); the stylesheets
  // themselves are linked at the end of the body, where they hold up neither the paint nor the
  // markup before them.
  const inlined: UsedCss[] = [];
  const deferredLinks: string[] = [];
  const inPage = tokens.map((token) => {
    const href = attributeOf(token, 'href');
    const isStylesheet =
      token.tag === 'link' && attributeOf(token, 'rel') === 'stylesheet' && href?.startsWith('/assets/');
    const css = isStylesheet && href ? options.readStylesheet(href) : null;
    if (css === null) return token.html;
    inlined.push(usedCssOf(css));
    deferredLinks.push(token.html);
    return USED_CSS_MARK;
  });
  const bodyEnd = tokens.findIndex((token, i) => i > root && token.closing && token.tag === 'body');
  if (deferredLinks.length > 0) {
    if (bodyEnd === -1) inPage.push(deferredLinks.join(''));
    else inPage[bodyEnd] = `${deferredLinks.join('')}${inPage[bodyEnd]}`;
  }
  // The head's defaults that a page's own replace: each element, and the whitespace after it.
  const defaultOf = (token: Token | undefined): 'title' | 'description' | null => {
    if (token?.tag === 'title' && !token.closing) return 'title';
    if (token?.tag === 'meta' && attributeOf(token, 'name')?.toLowerCase() === 'description')
      return 'description';
    return null;
  };
  const defaults = tokens
    .slice(0, headEnd)
    .map((token, i) => defaultOf(isWhitespace(token) ? tokens[i - 1] : token));
  const headWithout = (replaced: { title: boolean; description: boolean }) =>
    inPage
      .slice(0, headEnd)
      .filter((_, i) => {
        const kind = defaults[i];
        return !(kind && replaced[kind]);
      })
      .join('');
  // The document's head up to its end tag, for each pair of defaults a page may replace.
  const heads = [
    headWithout({ title: false, description: false }),
    headWithout({ title: false, description: true }),
    headWithout({ title: true, description: false }),
    headWithout({ title: true, description: true }),
  ];
  const headOf = (page: RenderedHead) => heads[(page.hasTitle ? 2 : 0) + (page.hasDescription ? 1 : 0)] ?? '';
  const headEndToRoot = inPage.slice(headEnd, root).join('');
  const afterRoot = inPage.slice(root + 2).join('');

  const preloads = options.appModules
    .map((file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`)
    .join('');
  const shellTokens = tokens.map((token) => withoutAttribute(token, 'fetchpriority'));
  const shell = Buffer.from(
    `${shellTokens.slice(0, headEnd).join('')}${preloads}${shellTokens.slice(headEnd).join('')}`,
  );

  return {
    shell,
    rendered({ head, body, state, modules }) {
      const modulesAttribute = modules
        ? ` ${PAGE_MODULES_ATTRIBUTE}="${escapeAttribute(modules.join(' '))}"`
        : '';
      const page =
        `${headOf(head)}${head.html}` +
        `${headEndToRoot}${rootStart}${body}${rootEnd}` +
        `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}"${modulesAttribute}>${state}</script>` +
        afterRoot;
      if (inlined.length === 0) return page;
      const classes = classesIn(page);
      // The marks are in the document's own head, before anything of the page's: one style element
      // at the first, for all the stylesheets in their order.
      let first = true;
      return page.replaceAll(USED_CSS_MARK, () => {
        if (!first) return '';
        first = false;
        return `<style>${inlined.map((used) => used(classes)).join('')}</style>`;
      });
    },
  };
}
