// Query keys of this feature. Two roots so that a friendship change can refresh both at once:
// ['friends', …] my friends, requests and suggestions; ['people', …] other members as I see them.
export const friendsKeys = {
  all: ['friends'] as const,
  list: () => ['friends', 'list'] as const,
  requests: () => ['friends', 'requests'] as const,
  suggestions: () => ['friends', 'suggestions'] as const,
};

export const peopleKeys = {
  all: ['people'] as const,
  searches: () => ['people', 'search'] as const,
  search: (q: string) => ['people', 'search', q] as const,
  person: (id: string) => ['people', 'person', id] as const,
};

export const profileKeys = {
  me: () => ['profile', 'me'] as const,
};
