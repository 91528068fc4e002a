import { zodResolver } from '@hookform/resolvers/zod';
import { renderToStaticMarkup } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type PartyFormValues, partyRowsOf } from '@/lib/events/party';
import { partyFormField } from '@/lib/events/party-schema';
import { type PartyErrors, PartyFields, type PartyFieldsProps } from './party-fields';

/** A form with the others by name, as the registration forms hold them. */
function Form({
  names,
  errors,
  ...props
}: { names: string[]; errors?: PartyErrors } & Partial<PartyFieldsProps<PartyFormValues>>) {
  const { control } = useForm<PartyFormValues>({ defaultValues: { party: partyRowsOf(names) } });
  return <PartyFields control={control} errors={errors} idPrefix="guest" {...props} />;
}

const render = (props: Parameters<typeof Form>[0]) => renderToStaticMarkup(<Form {...props} />);

/** The button whose text is `text`. */
function buttonWith(html: string, text: string): string {
  return new RegExp(`<button[^>]*>(?:(?!</button>).)*${text}</button>`).exec(html)?.[0] ?? '';
}

/**
 * Every button is disabled until the page is hydrated (ui/button.tsx), looking enabled meanwhile;
 * one disabled for a reason stays disabled and looks it.
 */
const disabledForGood = (html: string) =>
  html.includes('disabled=""') && !html.includes('disabled:opacity-100');

describe('the party fields (decision 041)', () => {
  it('asks whether others come, with the limit, and a button to add the first', () => {
    const html = render({ names: [] });
    expect(html).toContain('<legend class="mb-1 font-semibold">Bringing others?</legend>');
    expect(html).toContain('Up to 8 people, you included. Each has a seat.');
    expect(html).not.toContain('Name of person');
    expect(disabledForGood(buttonWith(html, 'Add a person'))).toBe(false);
  });

  it('names each of the others from person 2, each with a remove button saying whom it removes', () => {
    const html = render({ names: ['Ben', ''] });
    expect(html).toMatch(/for="guest-party-0"[^>]*>Name of person 2</);
    expect(html).toMatch(/for="guest-party-1"[^>]*>Name of person 3</);
    expect(html).toMatch(/id="guest-party-0"[^>]*name="party.0.name"/);
    // The typed name, read as it changes, says whom the button removes.
    expect(html).toContain('aria-label="Remove Ben"');
    expect(html).toContain('aria-label="Remove person 3"');
  });

  it('adds nobody past seven others: a party is at most eight people', () => {
    const seven = render({ names: ['A', 'B', 'C', 'D', 'E', 'F', 'G'] });
    expect(seven).toContain('Name of person 8');
    expect(disabledForGood(buttonWith(seven, 'Add a person'))).toBe(true);
    const six = render({ names: ['A', 'B', 'C', 'D', 'E', 'F'] });
    expect(disabledForGood(buttonWith(six, 'Add a person'))).toBe(false);
  });

  it("shows the contract's messages under the name they are about, and the list's under the list", () => {
    const html = render({
      names: ['Ben', ''],
      errors: { 1: { name: { message: "Please enter each person's name" } } },
    });
    expect(html).toContain('id="guest-party-1-error"');
    expect(html).toContain('Please enter each person&#x27;s name');
    expect(html).toMatch(
      /id="guest-party-1"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="guest-party-1"/,
    );
    expect(html).not.toContain('id="guest-party-0-error"');

    const tooMany = render({
      names: ['A'],
      errors: { root: { message: 'A party is at most 8 people, you included' } },
    });
    expect(tooMany).toMatch(/role="alert"[^>]*>A party is at most 8 people, you included</);
  });

  it('keeps the number of a party paid online: the names change, nobody is added or removed', () => {
    const html = render({
      names: ['Ben', 'Cara'],
      fixedSize: true,
      hint: 'Paid online for 3 people: you can change the names, not the number.',
    });
    expect(html).toContain('Paid online for 3 people: you can change the names, not the number.');
    expect(html).toContain('Name of person 3');
    expect(html).not.toContain('Remove');
    expect(html).not.toContain('Add a person');
  });

  it('says what the party means for the walk by its number of people, the registrant included', () => {
    const html = render({ names: ['Ben', 'Cara'], summary: (people) => <p>{`A party of ${people}`}</p> });
    expect(html).toContain('A party of 3');
  });
});

describe("the party's check in a form", () => {
  const resolver = zodResolver(z.object({ party: partyFormField }));
  const check = (names: string[]) =>
    resolver({ party: partyRowsOf(names) }, undefined, {
      fields: {},
      names: names.map((_, index) => `party.${index}.name`),
      shouldUseNativeValidation: false,
    });

  it('takes the names as typed, and asks for each one', async () => {
    expect((await check(['Ben', ' Cara '])).errors).toEqual({});
    const blank = await check(['Ben', '  ']);
    expect(blank.errors).toMatchObject({
      party: { 1: { name: { message: "Please enter each person's name" } } },
    });
  });

  it('refuses more than seven others, the message under the list', async () => {
    const eight = await check(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    expect(eight.errors).toMatchObject({
      party: { root: { message: 'A party is at most 8 people, you included' } },
    });
  });
});
