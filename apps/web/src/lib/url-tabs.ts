/**
 * A page's tabs kept in its URL (`?tab=orders`), so a tab can be linked to, reloaded and reached
 * with the back button: the admin dashboard and the member's account page. The first tab is the
 * default and is the bare path.
 */
export function urlTabs<const Tabs extends readonly { value: string; label: string }[]>(
  tabs: Tabs,
  param = 'tab',
) {
  type Tab = Tabs[number]['value'];
  const defaultTab = tabs[0]?.value as Tab;

  function isTab(value: unknown): value is Tab {
    return tabs.some((tab) => tab.value === value);
  }

  /** The tab a URL's query string opens: its tab when known, else the first. */
  function tabFromSearch(search: string | URLSearchParams): Tab {
    const params = typeof search === 'string' ? new URLSearchParams(search) : search;
    const value = params.get(param);
    return isTab(value) ? value : defaultTab;
  }

  /** The query string for a tab, other parameters kept; the first tab is the bare path. */
  function searchForTab(current: string | URLSearchParams, tab: Tab): URLSearchParams {
    const params = new URLSearchParams(current);
    if (tab === defaultTab) params.delete(param);
    else params.set(param, tab);
    return params;
  }

  return { tabs, defaultTab, param, isTab, tabFromSearch, searchForTab };
}
