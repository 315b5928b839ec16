// Query keys of the chat groups (groups are read online, with TanStack Query; rooms and messages
// live in Dexie).
export const chatGroupKeys = {
  all: ['chat-groups'] as const,
  one: (id: string) => ['chat-groups', 'one', id] as const,
};
