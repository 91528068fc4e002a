import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Values = { name: string };

const accepting: Resolver<Values> = async (values) => ({ values, errors: {} });
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

describe('lazyResolver', () => {
  it('loads the real resolver at the first validation, once, and answers with it', async () => {
    const load = vi.fn(async () => accepting);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    await expect(resolver({ name: 'Ruth' }, undefined, options)).resolves.toEqual({
      values: { name: 'Ruth' },
      errors: {},
    });
    await resolver({ name: 'Naomi' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preload starts the load before any validation, and never throws', async () => {
    const load = vi.fn(async () => accepting);
    const resolver = lazyResolver(load);
    resolver.preload();
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
    const failing = lazyResolver<Values>(() => Promise.reject(new Error('offline')));
    expect(() => failing.preload()).not.toThrow();
  });

  it('a failed load fails that validation and is tried again at the next', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Values>>>()
      .mockRejectedValueOnce(new Error('chunk did not arrive'))
      .mockResolvedValueOnce(accepting);
    const resolver = lazyResolver(load);
    await expect(resolver({ name: 'Ruth' }, undefined, options)).rejects.toThrow('chunk did not arrive');
    await expect(resolver({ name: 'Ruth' }, undefined, options)).resolves.toMatchObject({ errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
