export const checkInQueryKeys = {
  walks: () => ['leader', 'walks'] as const,
  list: (walkId: number) => ['leader', 'walks', walkId, 'check-in'] as const,
};
