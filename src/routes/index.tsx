import { createFileRoute, redirect } from '@tanstack/react-router';

// The empty path is the home page (spec §2).
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/feed', replace: true });
  },
});
