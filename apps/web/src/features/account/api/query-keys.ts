/** The account page's queries: one root, so logging out or a change can refresh them together. */
export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  orders: () => [...accountKeys.all, 'orders'] as const,
  claimable: () => [...accountKeys.all, 'orders', 'claimable'] as const,
  newsletter: () => [...accountKeys.all, 'newsletter'] as const,
  dataExport: () => [...accountKeys.all, 'data-export'] as const,
};
