import type { CheckoutMethod } from '@jesus-walks/contracts/checkout';
import type { PaymentMethod } from '@jesus-walks/contracts/payable';
import { Container } from '@/components/layout/container';
import { PageHeader } from '@/components/layout/page-header';
import { PageHead } from '@/components/seo/page-head';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCheckoutConfig } from '@/lib/checkout/get-checkout-config';
import { initiateSafekeyPayment } from '../api/initiate-safekey-payment';
import { processApplePayPayment } from '../api/process-apple-pay-payment';
import { processGooglePayPayment } from '../api/process-google-pay-payment';
import { processSafekeyPayment } from '../api/process-safekey-payment';
import { sandboxTestPayment } from '../api/sandbox-test-payment';
import { TestPaymentRunner } from '../components/test-payment-runner';
import { merchantReference, SAFEKEY_TEST_NUMBERS, SAFEKEY_TEST_PAGE_WAIT_MS, wait } from '../utils/safekey';
import { TEST_CARDS } from '../utils/sandbox-card';

/** SPEC.md section 9: the test page pays 10 USD. */
const TEST_AMOUNT = 10;

/** A card expiry a few years ahead, for the sandbox's test cards. */
const TEST_EXPIRY = `12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

interface TestNumber {
  value: string;
  outcome: string;
}

interface Instructions {
  numbers: TestNumber[];
  note?: string;
}

interface PaymentTest {
  label: string;
  run: () => Promise<{ success: boolean } & Record<string, unknown>>;
}

interface ProviderSection {
  method: PaymentMethod;
  title: string;
  text: string;
  /** Without the provider's keys: the built-in sandbox ('Test mode'), and its live test payments. */
  sandbox: Instructions & { tests: PaymentTest[] };
  /** With the provider's keys: what its own test mode takes (real money moves with live keys). */
  live: Instructions;
}

const sandboxCards: TestNumber[] = TEST_CARDS.map((card) => ({ value: card.number, outcome: card.outcome }));

/** Stripe's and Square's tiles both pay with the sandbox's card form: the same $10 test payments. */
const sandboxCardTests: PaymentTest[] = [
  { number: '4242 4242 4242 4242', what: 'test card' },
  { number: '4000 0000 0000 0002', what: 'declined test card' },
].map(({ number, what }) => ({
  label: `Pay $${TEST_AMOUNT} with the ${what} ${number}`,
  run: () => sandboxTestPayment({ cardNumber: number, expiry: TEST_EXPIRY, cvc: '123' }),
}));

export const sections: ProviderSection[] = [
  {
    method: 'stripe',
    title: 'Stripe',
    text: 'Card payments: Stripe Elements with Stripe keys, else the built-in sandbox card form.',
    sandbox: {
      numbers: sandboxCards,
      note: "Any future expiry and any 3-digit security code, in the checkout's card form or below.",
      tests: sandboxCardTests,
    },
    live: {
      numbers: [
        { value: '4242 4242 4242 4242', outcome: 'succeeds (Stripe test keys)' },
        { value: '4000 0000 0000 0002', outcome: 'declined (Stripe test keys)' },
      ],
      note: "Stripe's test cards work in the checkout's Payment Element with test keys; with live keys real cards are charged.",
    },
  },
  {
    method: 'square',
    title: 'Square',
    text: "Card payments through Square's Web Payments SDK with Square keys, else the built-in sandbox card form.",
    sandbox: {
      numbers: sandboxCards,
      note: "Without Square keys the Square tile takes the sandbox's card form: any future expiry and any 3-digit security code.",
      tests: sandboxCardTests,
    },
    live: {
      numbers: [
        { value: '4111 1111 1111 1111', outcome: 'succeeds (Square sandbox)' },
        { value: 'cnon:card-nonce-ok', outcome: 'succeeds (sandbox nonce)' },
        { value: 'cnon:card-nonce-declined', outcome: 'declined (sandbox nonce)' },
      ],
      note: "Square's sandbox cards and nonces work in its sandbox environment; in production real cards are charged.",
    },
  },
  {
    method: 'safekey',
    title: 'SafeKey',
    text: 'Mobile-confirmed card payments.',
    sandbox: {
      numbers: [
        {
          value: `${SAFEKEY_TEST_NUMBERS.succeeds.cardNumber} + ${SAFEKEY_TEST_NUMBERS.succeeds.mobileNumber}`,
          outcome: 'succeeds',
        },
        { value: SAFEKEY_TEST_NUMBERS.declined.cardNumber, outcome: "declined ('SafeKey payment failed')" },
      ],
      note: 'The initiation waits 3 seconds for the mobile confirmation, as the checkout waits 4.',
      tests: [
        {
          label: 'Initiate a $10 SafeKey payment',
          run: async () => {
            const answer = await initiateSafekeyPayment({ amount: TEST_AMOUNT, currency: 'USD' });
            if (answer.success) await wait(SAFEKEY_TEST_PAGE_WAIT_MS);
            return answer;
          },
        },
        {
          label: 'Pay $10 with the SafeKey test numbers',
          run: () =>
            processSafekeyPayment({
              amount: TEST_AMOUNT,
              currency: 'USD',
              ...SAFEKEY_TEST_NUMBERS.succeeds,
              merchantReference: merchantReference(),
            }),
        },
      ],
    },
    live: {
      numbers: [],
      note: "SafeKey runs on its live network with its API key: real cards are charged, confirmed on the payer's mobile.",
    },
  },
  {
    method: 'apple_pay',
    title: 'Apple Pay',
    text: 'Apple Pay tokens charged through the card processor (Stripe, or the sandbox in test mode).',
    sandbox: {
      numbers: [
        { value: 'tok_visa', outcome: 'succeeds (sandbox token)' },
        { value: 'tok_chargeDeclined', outcome: 'declined (sandbox token)' },
      ],
      note: 'The payment sheet itself opens only in Safari on a device with Apple Pay.',
      tests: [
        {
          label: 'Pay $10 with the test token tok_visa',
          run: () =>
            processApplePayPayment({
              amount: TEST_AMOUNT,
              currency: 'USD',
              description: 'Payment integration test',
              merchantReference: merchantReference(),
              paymentToken: 'tok_visa',
            }),
        },
      ],
    },
    live: {
      numbers: [],
      note: "Apple's payment sheet in Safari on a device with Apple Pay; its tokens are charged through Stripe.",
    },
  },
  {
    method: 'google_pay',
    title: 'Google Pay',
    text: 'Google Pay tokens charged through the card processor (Stripe, or the sandbox in test mode).',
    sandbox: {
      numbers: [
        { value: 'examplePaymentMethodToken', outcome: "succeeds (Google's TEST gateway)" },
        { value: 'tok_chargeDeclined', outcome: 'declined (sandbox token)' },
      ],
      tests: [
        {
          label: 'Pay $10 with a Google Pay TEST token',
          run: () =>
            processGooglePayPayment({
              amount: TEST_AMOUNT,
              currency: 'USD',
              description: 'Payment integration test',
              merchantReference: merchantReference(),
              paymentToken: 'examplePaymentMethodToken',
            }),
        },
      ],
    },
    live: {
      numbers: [],
      note: "Google's payment sheet; its tokens are charged through Stripe.",
    },
  },
];

function modeOf(entry: CheckoutMethod | undefined) {
  if (!entry) return { label: 'Unknown', variant: 'outline' as const };
  if (!entry.available) return { label: 'Not configured', variant: 'outline' as const };
  return entry.testMode
    ? { label: 'Test mode', variant: 'warning' as const }
    : { label: 'Live', variant: 'success' as const };
}

/**
 * The one set of instructions for the mode a method runs in: the sandbox's test numbers and test
 * payments in test mode, the provider's own with its keys, none while it is not configured.
 */
export function instructionsFor(
  section: ProviderSection,
  entry: CheckoutMethod | undefined,
): (Instructions & { tests: PaymentTest[] }) | null {
  if (!entry?.available) return null;
  // A test payment with no checkout behind it runs only in test mode (the server refuses it live).
  return entry.testMode ? section.sandbox : { ...section.live, tests: [] };
}

/** /payment-test: staff try each provider with its test numbers; noindex. */
export function PaymentTestRoute() {
  const config = useCheckoutConfig();
  const methods = config.data?.methods ?? [];
  return (
    <>
      <PageHead
        title="Payment Integration Testing"
        description="Test page for the payment methods of the Jesus Walks shop."
        path="/payment-test"
        noindex
      />
      <PageHeader
        title="Payment Integration Testing"
        eyebrow="For staff"
        description="Each provider's test cards and numbers, what is configured and in which mode, and a live $10 test payment. No real money moves in test mode."
      />
      <Container className="grid gap-5 py-10 md:grid-cols-2 md:py-14 xl:grid-cols-3">
        {config.isError ? (
          <p role="alert" className="text-sm text-destructive md:col-span-2 xl:col-span-3">
            Failed to load payment configuration
          </p>
        ) : null}
        {sections.map((section) => {
          const entry = methods.find((method) => method.method === section.method);
          const mode = modeOf(entry);
          const instructions = instructionsFor(section, entry);
          return (
            <Card key={section.method} data-testid={`payment-test-${section.method}`} className="min-w-0">
              <CardHeader>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <CardTitle as="h2">{section.title}</CardTitle>
                  {config.isPending ? (
                    <Skeleton className="h-5 w-20" />
                  ) : (
                    <Badge variant={mode.variant}>{mode.label}</Badge>
                  )}
                </div>
                <CardDescription>{section.text}</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4 text-sm">
                {entry && !entry.available && entry.reason ? (
                  <p className="text-muted-foreground">{entry.reason}</p>
                ) : null}
                {instructions ? (
                  <div>
                    {instructions.numbers.length > 0 ? (
                      <>
                        <h3 className="mb-1 font-semibold">Test numbers</h3>
                        <ul className="grid gap-1">
                          {instructions.numbers.map((number) => (
                            <li key={number.value} className="min-w-0">
                              <span className="font-mono break-all text-foreground">{number.value}</span>{' '}
                              <span className="text-muted-foreground">{number.outcome}</span>
                            </li>
                          ))}
                        </ul>
                      </>
                    ) : null}
                    {instructions.note ? (
                      <p
                        className={
                          instructions.numbers.length > 0
                            ? 'mt-2 text-xs text-muted-foreground'
                            : 'text-muted-foreground'
                        }
                      >
                        {instructions.note}
                      </p>
                    ) : null}
                  </div>
                ) : null}
                {instructions?.tests.map((test) => (
                  <TestPaymentRunner key={test.label} label={test.label} run={test.run} />
                ))}
                {entry?.available && !entry.testMode ? (
                  <p className="text-xs text-muted-foreground">Live test payments run in test mode only.</p>
                ) : null}
              </CardContent>
            </Card>
          );
        })}
      </Container>
    </>
  );
}
