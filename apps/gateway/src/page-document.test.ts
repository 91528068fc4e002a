import { describe, expect, it } from 'vitest';
import { pageDocumentOf, tokenize } from './page-document';

/** index.html as `vite build` writes it (apps/web/index.html and the build's plugins). */
const built = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta
      name="description"
      content="Jesus Walks is a faith-based guided hiking group."
    />
    <meta name="theme-color" content="#2f5d3a" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Jesus Walks | Faith-Based Guided Hikes</title>
    <script type="module" fetchpriority="low" crossorigin src="/assets/index-B3RL.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-Y3Fh.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const options = {
  appModules: ['/assets/start-aaa.js', '/assets/react-bbb.js'],
  readStylesheet: (href: string) => (href === '/assets/index-Y3Fh.css' ? 'body{color:#2f5d3a}' : null),
};

const pageHead =
  '<title>Shop</title><meta name="description" content="Shirts"/><link rel="canonical" href="/shop"/>';

describe('the document cut into parts', () => {
  it('loses nothing: the tokens joined are the document', () => {
    for (const html of [
      built,
      '<!DOCTYPE html><HTML><Head><!-- a > comment --><TITLE>a <b> c</TITLE><meta content="a>b" name=x></head>',
      '<script>if (a < b && c > d) x("</div>")</script>text < more <br/>',
      "<div id=root data-x='1' hidden></div>",
    ]) {
      expect(
        tokenize(html)
          .map((token) => token.html)
          .join(''),
      ).toBe(html);
    }
  });

  it("reads a tag's attributes whatever their quoting, and a raw-text element whole", () => {
    const [meta, title] = tokenize(`<META NAME=description content='a "b"' data-x><title>a <b></title>`);
    expect(meta?.tag).toBe('meta');
    expect(meta?.attributes.map(({ name, value }) => [name, value])).toEqual([
      ['name', 'description'],
      ['content', 'a "b"'],
      ['data-x', ''],
    ]);
    expect(title?.html).toBe('<title>a <b></title>');
  });

  it('sends the shell as built, its scripts at their usual priority and the app preloaded with the entry', () => {
    const document = pageDocumentOf(built, options);
    expect(document?.shell.toString()).toBe(
      built
        .replace(' fetchpriority="low"', '')
        .replace(
          '</head>',
          '<link rel="modulepreload" crossorigin href="/assets/start-aaa.js">' +
            '<link rel="modulepreload" crossorigin href="/assets/react-bbb.js"></head>',
        ),
    );
  });

  it("assembles a rendered page: the page's head in place of the defaults, its markup in the root, its state after", () => {
    const html = pageDocumentOf(built, options)?.rendered({
      head: { html: pageHead, hasTitle: true, hasDescription: true },
      body: '<main>Shop</main>',
      state: '{"origin":"x"}',
      modules: ['/assets/shop-1.js', '/assets/card-2.js'],
    });
    expect(html).toBe(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#2f5d3a" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <script type="module" fetchpriority="low" crossorigin src="/assets/index-B3RL.js"></script>
    <style>body{color:#2f5d3a}</style>
  ${pageHead}</head>
  <body>
    <div id="root"><main>Shop</main></div><script type="application/json" id="page-state" data-page-modules="/assets/shop-1.js /assets/card-2.js">{"origin":"x"}</script>
  <link rel="stylesheet" crossorigin href="/assets/index-Y3Fh.css"></body>
</html>
`);
  });

  it('inlines only the rules the page uses, and links the whole stylesheet at the end of the body', () => {
    const stylesheet =
      '@layer base,utilities;body{color:#2f5d3a}.card{padding:1rem}.unused{color:red}' +
      '@layer utilities{.sm\\:flex{@media (width>=40rem){display:flex}}.w-1\\/2{width:50%}}';
    const html = pageDocumentOf(built, { ...options, readStylesheet: () => stylesheet })?.rendered({
      head: { html: '', hasTitle: false, hasDescription: false },
      body: '<main class="card sm:flex"><p class="w-1/2 unknown">Shop</p></main>',
      state: '{}',
      modules: [],
    });
    expect(html).toContain(
      '<style>@layer base,utilities;body{color:#2f5d3a}.card{padding:1rem}' +
        '@layer utilities{.sm\\:flex{@media (width>=40rem){display:flex}}.w-1\\/2{width:50%}}</style>',
    );
    expect(html).not.toContain('.unused');
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-Y3Fh.css"><\/body>/);
    expect(html?.match(/<link rel="stylesheet"/g)).toHaveLength(1);
  });

  it('keeps a default the page does not replace (the 404 page has a title and no description)', () => {
    const html = pageDocumentOf(built, options)?.rendered({
      head: { html: '<title>404 Page Not Found</title>', hasTitle: true, hasDescription: false },
      body: '',
      state: '{}',
      modules: undefined,
    });
    expect(html).toContain('content="Jesus Walks is a faith-based guided hiking group."');
    expect(html).not.toContain('<title>Jesus Walks');
    expect(html).toContain('<title>404 Page Not Found</title></head>');
    expect(html).toContain('<script type="application/json" id="page-state">{}</script>');
  });

  it('keeps the stylesheet linked when the build has not got it', () => {
    const html = pageDocumentOf(built, { ...options, readStylesheet: () => null })?.rendered({
      head: { html: '', hasTitle: false, hasDescription: false },
      body: '',
      state: '{}',
      modules: [],
    });
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Y3Fh.css">');
    expect(html).toContain('<title>Jesus Walks | Faith-Based Guided Hikes</title>');
  });

  it('knows no document without a head and an empty root after it', () => {
    expect(pageDocumentOf('<html><body><div id="root"></div></body></html>', options)).toBeNull();
    expect(pageDocumentOf('<html><head></head><body><div id="app"></div></body></html>', options)).toBeNull();
    expect(
      pageDocumentOf('<html><head></head><body><div id="root">x</div></body></html>', options),
    ).toBeNull();
  });
});
