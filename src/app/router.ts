import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { navigationHistory } from '@/lib/navigation/history';
import { registerNavigator } from '@/lib/navigation';
import { routeTree } from '@/routeTree.gen';
import { keepScrollOnBack } from './scroll-memory';

export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

/**
 * Lib code (api client, session, socket) navigates through registerNavigator without importing the
 * router; every visited URL goes to navigationHistory (spec §2 back rule). Returns the unsubscribe.
 */
export function connectRouter(router: AppRouter): () => void {
  registerNavigator((to, opts) => {
    if (opts?.replace) router.history.replace(to);
    else router.history.push(to);
  });
  navigationHistory.record(router.state.location.href);
  const forgetScroll = keepScrollOnBack(router);
  const unsubscribe = router.subscribe('onResolved', ({ toLocation }) =>
    navigationHistory.record(toLocation.href),
  );
  return () => {
    unsubscribe();
    forgetScroll();
  };
}
