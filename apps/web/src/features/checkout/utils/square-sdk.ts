/**
 * Square's Web Payments SDK, loaded from Square (SPEC.md section 4: the sandbox or production
 * script) once per page, with the messages of SPEC.md section 8.
 */

export const SQUARE_SDK_URLS = {
  sandbox: 'https://sandbox.web.squarecdn.com/v1/square.js',
  production: 'https://web.squarecdn.com/v1/square.js',
} as const;

export const SQUARE_SDK_TIMEOUT_MS = 15_000;
export const SQUARE_SDK_TIMEOUT = 'Square SDK load timeout';

/** The parts of the SDK the card form uses. */
export interface SquareTokenResult {
  status: string;
  token?: string;
  errors?: { message?: string }[];
}
export interface SquareCard {
  attach(selector: string | HTMLElement): Promise<void>;
  tokenize(): Promise<SquareTokenResult>;
  destroy(): Promise<boolean | undefined>;
}
export interface SquarePayments {
  card(options?: Record<string, unknown>): Promise<SquareCard>;
}
export interface SquareSdk {
  payments(applicationId: string, locationId: string): SquarePayments;
}

type ScriptElement = {
  src: string;
  async: boolean;
  dataset: Record<string, string | undefined>;
  addEventListener(type: 'load' | 'error', listener: () => void): void;
  remove(): void;
};

/** What the loader needs of the page: the real document and window, or a test's stand-ins. */
export interface SquarePage {
  document: {
    createElement(tag: 'script'): ScriptElement;
    head: { appendChild(node: ScriptElement): unknown };
  };
  window: { Square?: SquareSdk | undefined };
}

const loads = new Map<string, Promise<SquareSdk>>();

export function loadSquareSdk(
  environment: 'sandbox' | 'production',
  options: { page?: SquarePage; timeoutMs?: number } = {},
): Promise<SquareSdk> {
  const page = options.page ?? (globalThis as unknown as SquarePage);
  const src = SQUARE_SDK_URLS[environment];
  const loaded = page.window.Square;
  if (loaded) return Promise.resolve(loaded);
  const cached = options.page ? undefined : loads.get(src);
  if (cached) return cached;

  const load = new Promise<SquareSdk>((resolve, reject) => {
    const script = page.document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.squareSdk = environment;
    const timer = setTimeout(() => {
      script.remove();
      reject(new Error(SQUARE_SDK_TIMEOUT));
    }, options.timeoutMs ?? SQUARE_SDK_TIMEOUT_MS);
    script.addEventListener('load', () => {
      clearTimeout(timer);
      const sdk = page.window.Square;
      if (sdk) resolve(sdk);
      else reject(new Error('Square SDK loaded without window.Square'));
    });
    script.addEventListener('error', () => {
      clearTimeout(timer);
      script.remove();
      reject(new Error('Square SDK failed to load'));
    });
    page.document.head.appendChild(script);
  });
  if (!options.page) {
    loads.set(src, load);
    // A failed load may be retried (a reload of the step).
    load.catch(() => loads.delete(src));
  }
  return load;
}
