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

/**
 * The first load, before React has mounted (src/app/start.tsx). Until then nothing follows the
 * history: the router's own listener comes with its Transitioner. A guard's redirect (a signed-out
 * deep link sent to /login, / sent to the feed) commits the new address and waits for that
 * address's load, which only a history listener starts; without this one the first load never
 * ended and the app shell stayed on screen.
 */
export async function loadBeforeRender(router: AppRouter): Promise<void> {
  const followHistory = router.history.subscribe(router.load);
  try {
    await router.load();
  } finally {
    followHistory();
  }
}

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
