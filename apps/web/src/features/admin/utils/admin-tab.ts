/** The dashboard's tabs, in order (SPEC.md section 2), each reachable as /admin?tab={value}. */
export const adminTabs = [
  { value: 'overview', label: 'Overview' },
  { value: 'users', label: 'Users' },
  { value: 'orders', label: 'Orders' },
  { value: 'products', label: 'Products' },
  { value: 'create-order', label: 'Create Order' },
  { value: 'events', label: 'Events' },
  { value: 'subscribers', label: 'Subscribers' },
  { value: 'activity', label: 'Activity' },
] as const;

export type AdminTab = (typeof adminTabs)[number]['value'];

export const DEFAULT_ADMIN_TAB: AdminTab = 'overview';
export const ADMIN_TAB_PARAM = 'tab';

export function isAdminTab(value: unknown): value is AdminTab {
  return adminTabs.some((tab) => tab.value === value);
}

/** The tab a URL's query string opens: its `tab` when known, else the overview. */
export function tabFromSearch(search: string | URLSearchParams): AdminTab {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const value = params.get(ADMIN_TAB_PARAM);
  return isAdminTab(value) ? value : DEFAULT_ADMIN_TAB;
}

/** The query string for a tab, other parameters kept; the overview is the bare /admin. */
export function searchForTab(current: string | URLSearchParams, tab: AdminTab): URLSearchParams {
  const params = new URLSearchParams(current);
  if (tab === DEFAULT_ADMIN_TAB) params.delete(ADMIN_TAB_PARAM);
  else params.set(ADMIN_TAB_PARAM, tab);
  return params;
}
