import { createRootRoute, Outlet } from '@tanstack/react-router';
import { rootBeforeLoad } from '@/features/auth/route-guards';
import { DocumentTitle } from '@/app/document-title';
import { NotFound } from '@/app/layout/not-found';
import { UpdatePrompt } from '@/features/pwa/update-prompt';
import { Toaster } from '@/ui/toaster';

export const Route = createRootRoute({
  beforeLoad: rootBeforeLoad,
  component: RootComponent,
  notFoundComponent: NotFound,
});

function RootComponent() {
  return (
    <>
      <DocumentTitle />
      <Outlet />
      <UpdatePrompt />
      <Toaster />
    </>
  );
}
