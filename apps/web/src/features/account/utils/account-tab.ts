import { urlTabs } from '@/lib/url-tabs';

/** The account page's tabs, in order, each reachable as /account?tab={value}. */
export const accountTabs = [
  { value: 'walks', label: 'My walks' },
  { value: 'orders', label: 'My orders' },
  { value: 'profile', label: 'Profile' },
  { value: 'newsletter', label: 'Newsletter' },
  { value: 'data', label: 'Your data' },
] as const;

export type AccountTab = (typeof accountTabs)[number]['value'];

export const accountTabsInUrl = urlTabs(accountTabs);
