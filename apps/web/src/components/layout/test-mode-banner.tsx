import { TEST_MODE_BANNER } from '@jesus-walks/contracts/constants';
import { useCheckoutConfig } from '@/lib/checkout/get-checkout-config';

/**
 * A thin line above every page while the site takes no real payments (the payments sandbox is on,
 * CheckoutConfig.testMode), so nobody mistakes a test order for a paid one. Its data is fetched
 * with the page's on the server (the layout's loaders in app/ssr/page-loaders.ts), so the server's
 * HTML and the first browser render agree; it is in the flow above the header, never over the page.
 */
export function TestModeBanner() {
  const config = useCheckoutConfig();
  if (config.data?.testMode !== true) return null;
  return (
    <div
      role="status"
      data-testid="test-mode-banner"
      className="border-b border-amber-300 bg-amber-100 px-4 py-1 text-center text-xs font-medium text-amber-950"
    >
      {TEST_MODE_BANNER}
    </div>
  );
}
