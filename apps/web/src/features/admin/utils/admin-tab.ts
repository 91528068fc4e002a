import { urlTabs } from '@/lib/url-tabs';

/** The dashboard's tabs, in order (SPEC.md section 2), each reachable as /admin?tab={value}. */
export const adminTabs = [
  { value: 'overview', label: 'Overview' },
  { value: 'users', label: 'Users' },
  { value: 'orders', label: 'Orders' },
  { value: 'products', label: 'Products' },
  { value: 'create-order', label: 'Create Order' },
  { value: 'events', label: 'Events' },
  { value: 'subscribers', label: 'Subscribers' },
  { value: 'messages', label: 'Messages' },
  { value: 'activity', label: 'Activity' },
] as const;

export type AdminTab = (typeof adminTabs)[number]['value'];

const adminTabsInUrl = urlTabs(adminTabs);

export const DEFAULT_ADMIN_TAB: AdminTab = adminTabsInUrl.defaultTab;
export const ADMIN_TAB_PARAM = adminTabsInUrl.param;
export const { isTab: isAdminTab, tabFromSearch, searchForTab } = adminTabsInUrl;
