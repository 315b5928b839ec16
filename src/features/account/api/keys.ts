// Query keys of this feature.
export const accountKeys = {
  all: ['account'] as const,
  preferences: () => ['account', 'preferences'] as const,
};
