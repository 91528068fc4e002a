import { describe, expect, it } from 'vitest';
import { classesIn, usedCssOf } from './used-css';

/** The used part of a stylesheet, as a rendered page inlines it (Tailwind's output, minified). */
const stylesheet = [
  '/*! tailwindcss */',
  '@layer theme,base,components,utilities;',
  '@layer theme{:root,:host{--color-pine:#2f5d3a}}',
  '@layer base{*,:before{box-sizing:border-box}button{cursor:pointer}}',
  '@layer components;',
  '@layer utilities{',
  '.flex{display:flex}',
  '.hidden{display:none}',
  '.md\\:grid-cols-3{@media (width>=48rem){grid-template-columns:repeat(3,minmax(0,1fr))}}',
  '.hover\\:bg-pine:hover{background:var(--color-pine)}',
  '.group:hover .group-hover\\:underline{text-decoration:underline}',
  '.space-y-4>:not(:last-child){margin-block-end:1rem}',
  '.\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}',
  '.not-used-a,.flex-col{flex-direction:column}',
  '.a:not(.b){color:red}',
  '@media (width>=40rem){.sm\\:block{display:block}.sm\\:hidden{display:none}}',
  '}',
  '@property --tw-shadow{syntax:"*";inherits:false}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
].join('');

describe('the used part of the stylesheet', () => {
  const used = usedCssOf(stylesheet);

  it('keeps the rules whose classes are all on the page, in their order, and every rule without classes', () => {
    const css = used(new Set(['flex', 'md:grid-cols-3', 'hover:bg-pine', 'space-y-4', 'sm:block']));
    expect(css).toBe(
      [
        '@layer theme,base,components,utilities;',
        '@layer theme{:root,:host{--color-pine:#2f5d3a}}',
        '@layer base{*,:before{box-sizing:border-box}button{cursor:pointer}}',
        '@layer components;',
        '@layer utilities{',
        '.flex{display:flex}',
        '.md\\:grid-cols-3{@media (width>=48rem){grid-template-columns:repeat(3,minmax(0,1fr))}}',
        '.hover\\:bg-pine:hover{background:var(--color-pine)}',
        '.space-y-4>:not(:last-child){margin-block-end:1rem}',
        '@media (width>=40rem){.sm\\:block{display:block}}',
        '}',
        '@property --tw-shadow{syntax:"*";inherits:false}',
        '@keyframes spin{to{transform:rotate(360deg)}}',
      ].join(''),
    );
  });

  it('needs every class of a selector, any selector of a list, and none inside :not()', () => {
    expect(used(new Set(['group-hover:underline']))).not.toContain('underline');
    expect(used(new Set(['group', 'group-hover:underline']))).toContain(
      '.group:hover .group-hover\\:underline',
    );
    expect(used(new Set(['flex-col']))).toContain('.not-used-a,.flex-col{flex-direction:column}');
    expect(used(new Set(['a']))).toContain('.a:not(.b){color:red}');
    expect(used(new Set(['[&>svg]:size-4']))).toContain('>svg{width:1rem}');
  });

  it('keeps every layer, even empty, so that the layers keep their order; drops an empty media query', () => {
    const css = used(new Set());
    expect(css).toContain('@layer utilities{}');
    expect(css).not.toContain('@media');
    expect(css).not.toContain('tailwindcss');
  });
});

describe('the classes of a page', () => {
  it('reads every class attribute React wrote, its entities decoded', () => {
    expect([
      ...classesIn(
        '<div class="flex  md:grid-cols-3"><svg class="[&amp;&gt;svg]:size-4"></svg><p class="">x</p></div>',
      ),
    ]).toEqual(['flex', 'md:grid-cols-3', '[&>svg]:size-4']);
  });
});
