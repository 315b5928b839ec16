import { createFileRoute, redirect } from '@tanstack/react-router';

// The feed's old address (spec §2 names /my-posts as home; docs/SPEC-NOTES.md §2 gives the feed its own
// name): shared links and installed apps keep working, their search and hash kept.
export const Route = createFileRoute('/_authenticated/my-posts')({
  beforeLoad: ({ location }) => {
    throw redirect({ to: '/feed', search: location.search, hash: location.hash, replace: true });
  },
});
