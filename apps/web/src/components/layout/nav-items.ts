/** The header's navigation, shared by the desktop bar and the mobile drawer (SPEC.md "Page shell"). */
export const primaryNavItems = [
  { to: '/events', label: 'Events' },
  { to: '/shop', label: 'Shop' },
  { to: '/ai-assistant', label: 'AI Assistant' },
] as const;

export const cartNavItem = { to: '/cart', label: 'Cart' } as const;

/** Who the header is for. `undefined` while the current user is still being asked for. */
export interface ShellUser {
  username: string;
  isAdmin: boolean;
}

export interface ShellAccountProps {
  user: ShellUser | null | undefined;
  onLogout: () => void;
  isLoggingOut: boolean;
}
