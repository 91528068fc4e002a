import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadSquareSdk,
  SQUARE_SDK_TIMEOUT,
  SQUARE_SDK_URLS,
  type SquarePage,
  type SquareSdk,
} from './square-sdk';

afterEach(() => {
  vi.useRealTimers();
});

function fakePage() {
  const listeners = new Map<string, () => void>();
  const script = {
    src: '',
    async: false,
    dataset: {} as Record<string, string | undefined>,
    removed: false,
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    remove() {
      this.removed = true;
    },
  };
  const appended: (typeof script)[] = [];
  const page: SquarePage = {
    document: {
      createElement: () => script,
      head: { appendChild: (node) => appended.push(node as typeof script) },
    },
    window: {},
  };
  return { page, script, appended, fire: (type: 'load' | 'error') => listeners.get(type)?.() };
}

const sdk: SquareSdk = { payments: () => ({ card: async () => ({}) as never }) };

describe('loadSquareSdk', () => {
  it("adds Square's sandbox or production script and resolves with window.Square once it loaded", async () => {
    const sandbox = fakePage();
    const loading = loadSquareSdk('sandbox', { page: sandbox.page });
    expect(sandbox.appended).toHaveLength(1);
    expect(sandbox.script).toMatchObject({ src: SQUARE_SDK_URLS.sandbox, async: true });
    expect(SQUARE_SDK_URLS.sandbox).toBe('https://sandbox.web.squarecdn.com/v1/square.js');
    sandbox.page.window.Square = sdk;
    sandbox.fire('load');
    await expect(loading).resolves.toBe(sdk);

    const production = fakePage();
    void loadSquareSdk('production', { page: production.page }).catch(() => {});
    expect(production.script.src).toBe('https://web.squarecdn.com/v1/square.js');
  });

  it('uses the SDK already on the page without loading it again', async () => {
    const { page, appended } = fakePage();
    page.window.Square = sdk;
    await expect(loadSquareSdk('sandbox', { page })).resolves.toBe(sdk);
    expect(appended).toHaveLength(0);
  });

  it("gives up after 15 s with 'Square SDK load timeout'", async () => {
    vi.useFakeTimers();
    const { page, script } = fakePage();
    const loading = loadSquareSdk('sandbox', { page });
    const outcome = expect(loading).rejects.toThrow(SQUARE_SDK_TIMEOUT);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(script.removed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(SQUARE_SDK_TIMEOUT).toBe('Square SDK load timeout');
    expect(script.removed).toBe(true);
  });

  it('fails when the script cannot load, or loads without the SDK', async () => {
    const failing = fakePage();
    const failed = loadSquareSdk('sandbox', { page: failing.page });
    failing.fire('error');
    await expect(failed).rejects.toThrow('Square SDK failed to load');

    const empty = fakePage();
    const loaded = loadSquareSdk('sandbox', { page: empty.page });
    empty.fire('load');
    await expect(loaded).rejects.toThrow('without window.Square');
  });
});
