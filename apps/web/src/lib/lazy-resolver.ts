import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose code (a Zod schema, and Zod itself) is loaded when the form first
 * validates, not when the page starts. For forms on pages the server renders: their visitors read
 * first, and Zod's start-up is one of the longest tasks of a hydrating page.
 */
export function lazyResolver<Values extends FieldValues>(
  load: () => Promise<Resolver<Values>>,
): Resolver<Values> & { preload: () => void } {
  let loaded: Promise<Resolver<Values>> | undefined;
  const get = () => {
    loaded ??= load().catch((error: unknown) => {
      // Asked again at the next validation: the chunk may not have reached a flaky connection.
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
  const resolver: Resolver<Values> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get().catch(() => undefined) });
}
