import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSignedIn } from '@/testing/session-mock';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import { freshGarage, makeCar, putCar, stubObjectUrls } from '@/features/garage/testing/garage-fixtures';
import { db } from '@/lib/db';
import { signedIn } from '@/testing/api-client';
import { installFetch } from '@/testing/fetch';
import { endLiveShellTest } from '@/testing/live-shell-teardown';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.setConfig({ testTimeout: 30_000 });

const IMAGE = '/api/v1.0/media/cccccccc-0000-4000-8000-000000000001';

describe("the car's photo", () => {
  beforeEach(async () => {
    activateCatalog('en-US');
    setSignedIn(true);
    signedIn();
    installFetch({});
    stubObjectUrls();
    await freshGarage();
  });
  // Unmount and stop the sync the shell started, and let it settle, before the next test's fresh
  // database (a garage sync left running reached the network after the file's environment had gone).
  afterEach(async () => {
    await endLiveShellTest();
    vi.restoreAllMocks();
  });

  it('opens full screen from the garage', async () => {
    await putCar(makeCar({ image: IMAGE }));
    await db.mediaCache.put({
      url: IMAGE,
      blob: new Blob(['img'], { type: 'image/webp' }),
      cachedAt: Date.now(),
    });
    await renderApp('/my-cars');
    fireEvent.click(await screen.findByRole('button', { name: 'Open Photo of Bleue full screen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bleue' });
    expect((await within(dialog).findByRole('img', { name: 'Photo of Bleue' })).getAttribute('src')).toMatch(
      /^blob:/,
    );
  });

  it('is no button when the car has no photo', async () => {
    await putCar(makeCar({ image: null }));
    await renderApp('/my-cars');
    expect(await screen.findByRole('heading', { level: 2, name: 'Bleue' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /full screen/ })).toBeNull();
  });
});
