// The entry stays small: its imports are evaluated in one task, so the app is loaded in steps
// (React DOM, then the rest) with a pause between them (Lighthouse's total blocking time).
import { installPreloadErrorHandler } from '@/features/pwa/register-sw';
import '@/ui/theme.css';
import '@/ui/components.css';

installPreloadErrorHandler();

async function boot(): Promise<void> {
  await import('react-dom/client');
  await new Promise((resolve) => setTimeout(resolve, 0));
  const { start } = await import('@/app/start');
  await start();
}

void boot();
