import { createFileRoute } from '@tanstack/react-router';
import { requireSignedIn } from '@/features/auth/route-guards';
import { AppLayout } from '@/app/layout/app-layout';

// Every signed-in route lives under this pathless layout: its beforeLoad is the guard (spec §2).
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: requireSignedIn,
  component: AppLayout,
});
