import { describe, expect, it } from 'vitest';
import { adminTabs, isAdminTab, searchForTab, tabFromSearch } from './admin-tab';

describe('tabFromSearch', () => {
  it('opens the tab the URL names', () => {
    expect(tabFromSearch('?tab=orders')).toBe('orders');
    expect(tabFromSearch('tab=create-order')).toBe('create-order');
    expect(tabFromSearch(new URLSearchParams('tab=users'))).toBe('users');
  });

  it('opens the overview for no tab or an unknown one', () => {
    expect(tabFromSearch('')).toBe('overview');
    expect(tabFromSearch('?tab=secrets')).toBe('overview');
    expect(tabFromSearch('?tab=')).toBe('overview');
    expect(tabFromSearch('?tab=ORDERS')).toBe('overview');
  });
});

describe('searchForTab', () => {
  it('sets the tab and keeps other parameters', () => {
    expect(searchForTab('?tab=users&x=1', 'products').toString()).toBe('tab=products&x=1');
  });

  it('leaves the overview as the bare /admin', () => {
    expect(searchForTab('?tab=users', 'overview').toString()).toBe('');
  });

  it('round-trips every tab', () => {
    for (const { value } of adminTabs) expect(tabFromSearch(searchForTab('', value))).toBe(value);
  });
});

describe('adminTabs', () => {
  it("lists the spec's five tabs in order, create-order labelled Create Order, then events, subscribers, messages and activity", () => {
    expect(adminTabs.map((tab) => tab.value)).toEqual([
      'overview',
      'users',
      'orders',
      'products',
      'create-order',
      'events',
      'subscribers',
      'messages',
      'activity',
    ]);
    expect(adminTabs.find((tab) => tab.value === 'create-order')?.label).toBe('Create Order');
    expect(tabFromSearch('?tab=events')).toBe('events');
    expect(tabFromSearch('?tab=subscribers')).toBe('subscribers');
    expect(tabFromSearch('?tab=messages')).toBe('messages');
    expect(tabFromSearch('?tab=activity')).toBe('activity');
    expect(adminTabs.at(-1)).toEqual({ value: 'activity', label: 'Activity' });
    expect(isAdminTab('users')).toBe(true);
    expect(isAdminTab(undefined)).toBe(false);
  });
});
