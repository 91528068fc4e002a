import postcss, { type AtRule, type ChildNode } from 'postcss';
import selectorParser from 'postcss-selector-parser';

/**
 * The part of the build's stylesheet that a rendered page uses: what it inlines, so that it paints
 * from its first response, while the whole stylesheet (the same for every page, cached for a year)
 * follows without holding the paint up. The build's stylesheet holds every page's rules (about 53 KB,
 * 18 KB of the home page after compression); a page uses a third to a half of them.
 *
 * The stylesheet is read once, when the gateway starts, into its rules, each with the classes that
 * its selectors need; a page then costs a set look-up per rule. A rule is kept when one of its
 * selectors could match: every class it names (outside :not(), :is(), :where(), :has()) is on one of
 * the page's elements. Everything else about the selector (elements, attributes, states like
 * :hover) is taken as matching, so nothing the page could show unstyled is left out. Rules without
 * classes (the reset, the theme's variables), @keyframes, @property and the like are always kept;
 * every @layer is kept, even empty, since the first stylesheet to name the layers sets their order.
 */
export type UsedCss = (classes: ReadonlySet<string>) => string;

type Piece =
  | { kind: 'always'; css: string }
  /** A style rule: kept when every class of one of `selectors` is present. */
  | { kind: 'rule'; css: string; selectors: string[][] }
  | { kind: 'group'; open: string; children: Piece[]; keepEmpty: boolean };

/** At-rules that hold rules, kept when something in them is (an @layer always). */
const GROUPS = new Set(['media', 'supports', 'layer', 'container', 'scope', 'starting-style']);

/** The classes each selector of a list needs present, the ones inside a functional pseudo-class aside. */
function classesNeeded(selectorList: string): string[][] {
  const needed: string[][] = [];
  selectorParser((selectors) => {
    for (const selector of selectors.nodes) {
      const classes: string[] = [];
      selector.walkClasses((node) => {
        for (let parent = node.parent; parent; parent = parent.parent) {
          if (parent.type === 'pseudo') return;
        }
        classes.push(node.value);
      });
      needed.push(classes);
    }
  }).processSync(selectorList);
  return needed;
}

function pieceOf(node: ChildNode): Piece | null {
  if (node.type === 'comment') return null;
  if (node.type === 'rule') {
    // A selector this parser cannot read is kept, never guessed away.
    let selectors: string[][];
    try {
      selectors = classesNeeded(node.selector);
    } catch {
      return { kind: 'always', css: node.toString() };
    }
    return selectors.some((classes) => classes.length === 0)
      ? { kind: 'always', css: node.toString() }
      : { kind: 'rule', css: node.toString(), selectors };
  }
  if (node.type === 'atrule') {
    const atRule = node as AtRule;
    if (atRule.nodes && GROUPS.has(atRule.name.toLowerCase())) {
      return {
        kind: 'group',
        open: `@${atRule.name}${atRule.params ? ` ${atRule.params}` : ''}{`,
        children: atRule.nodes.map(pieceOf).filter((piece) => piece !== null),
        keepEmpty: atRule.name.toLowerCase() === 'layer',
      };
    }
    // @keyframes, @property, @font-face whole; a statement (@layer a, b;) with its semicolon.
    return { kind: 'always', css: atRule.nodes ? atRule.toString() : `${atRule.toString()};` };
  }
  return { kind: 'always', css: `${node.toString()};` };
}

function write(pieces: readonly Piece[], classes: ReadonlySet<string>): string {
  let css = '';
  for (const piece of pieces) {
    if (piece.kind === 'always') css += piece.css;
    else if (piece.kind === 'rule') {
      if (piece.selectors.some((needed) => needed.every((name) => classes.has(name)))) css += piece.css;
    } else {
      const inner = write(piece.children, classes);
      if (inner || piece.keepEmpty) css += `${piece.open}${inner}}`;
    }
  }
  return css;
}

export function usedCssOf(stylesheet: string): UsedCss {
  const pieces = postcss
    .parse(stylesheet)
    .nodes.map(pieceOf)
    .filter((piece) => piece !== null);
  return (classes) => write(pieces, classes);
}

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
  '#x27': "'",
};

/** The classes on the elements of a page's markup (as React writes it: `class="…"`, escaped). */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value = ''] of html.matchAll(CLASS_ATTRIBUTE)) {
    const text = value.includes('&')
      ? value.replace(/&(#?\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity)
      : value;
    for (const name of text.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}
