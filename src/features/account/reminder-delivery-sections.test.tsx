// Reminder delivery in the account settings: "Reminders on this device" (the browser's permission asked
// only when the switch is turned on, the subscription made with the server's VAPID key and posted;
// off deletes it and unsubscribes; unsupported or blocked said so) and "Calendar" (the feed
// address, Copy, and Renew after a confirmation).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '@/testing/fetch';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import { API, endAccountTest, startAccountTest } from './testing/setup';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-user')).peopleSessionModule);
vi.setConfig({ testTimeout: 30_000 });

afterEach(async () => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'clipboard');
  await endAccountTest();
});

const VAPID = Buffer.from(Array.from({ length: 65 }, (_, i) => (i * 7) % 256)).toString('base64url');
const ENDPOINT = 'https://push.example.com/device-1';
const DEVICE_JSON = { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'BKey', auth: 'secret' } };

/** A browser that supports Web Push; `answer` is what the permission prompt answers. */
function pushBrowser({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  subscribed = false,
} = {}) {
  const state = { permission, prompts: 0, subscription: null as null | ReturnType<typeof subscription> };
  const unsubscribe = vi.fn(async () => {
    state.subscription = null;
    return true;
  });
  function subscription(key: Uint8Array) {
    return {
      endpoint: ENDPOINT,
      options: { applicationServerKey: key.buffer },
      toJSON: () => DEVICE_JSON,
      unsubscribe,
    };
  }
  if (subscribed) state.subscription = subscription(new Uint8Array(Buffer.from(VAPID, 'base64url')));
  vi.stubGlobal(
    'Notification',
    class {
      static get permission() {
        return state.permission;
      }
      static async requestPermission() {
        state.prompts += 1;
        state.permission = answer;
        return answer;
      }
    },
  );
  vi.stubGlobal('PushManager', class {});
  const subscribe = vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
    state.subscription = subscription(applicationServerKey);
    return state.subscription;
  });
  const registration = { pushManager: { getSubscription: async () => state.subscription, subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { state, subscribe, unsubscribe };
}

const region = (name: string) => screen.findByRole('region', { name });
const deviceSwitch = async () =>
  within(await region('Notifications on this device')).findByRole('switch', {
    name: 'Show notifications on this device',
  });

describe('reminders on this device', () => {
  it('says so when the browser cannot show notifications', async () => {
    startAccountTest();
    await renderApp('/account');
    expect(
      await within(await region('Notifications on this device')).findByText(/cannot show notifications/),
    ).toBeTruthy();
  });

  it('asks the permission only when turned on, subscribes with the VAPID key and posts the subscription', async () => {
    const browser = pushBrowser();
    const http = startAccountTest({
      [`GET ${API}/push-subscriptions/vapid-public-key`]: () => ok({ publicKey: VAPID }),
      [`POST ${API}/push-subscriptions`]: () =>
        ok({ id: 's1', endpoint: ENDPOINT, createdAt: '2026-01-01T00:00:00.000Z' }),
    });
    await renderApp('/account');
    const toggle = await deviceSwitch();
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(browser.state.prompts).toBe(0);

    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(browser.state.prompts).toBe(1);
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    const { applicationServerKey } = browser.subscribe.mock.calls[0]![0];
    expect(Buffer.from(applicationServerKey).toString('base64url')).toBe(VAPID);
    expect(http.to('POST', `${API}/push-subscriptions`).map((r) => r.body)).toEqual([DEVICE_JSON]);
  });

  it('a refused permission is said, the switch stays off and nothing is posted', async () => {
    pushBrowser({ answer: 'denied' });
    const http = startAccountTest();
    await renderApp('/account');
    const toggle = await deviceSwitch();
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(toggle);
    expect(
      await within(await region('Notifications on this device')).findByText(/are blocked in this browser/),
    ).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect(http.to('POST', `${API}/push-subscriptions`)).toEqual([]);
  });

  it('off deletes the subscription on the server and unsubscribes the browser', async () => {
    const browser = pushBrowser({ permission: 'granted', subscribed: true });
    const http = startAccountTest({ [`DELETE ${API}/push-subscriptions`]: () => ok({ id: 's1' }) });
    await renderApp('/account');
    const toggle = await deviceSwitch();
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(http.to('DELETE', `${API}/push-subscriptions`).map((r) => r.body)).toEqual([
      { endpoint: ENDPOINT },
    ]);
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    expect(browser.state.prompts).toBe(0);
  });
});

describe('calendar', () => {
  const first = 'https://paddock.test/api/v1.0/reminders/calendar.ics?key=first-key';
  const second = 'https://paddock.test/api/v1.0/reminders/calendar.ics?key=second-key';

  it('shows the feed address, copies it, and renews it after a confirmation', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const http = startAccountTest({
      [`GET ${API}/reminders/calendar-key`]: () => ok({ url: first }),
      [`POST ${API}/reminders/calendar-key/renew`]: () => ok({ url: second }),
    });
    await renderApp('/account');
    const calendar = within(await region('Calendar'));
    const field = (await calendar.findByLabelText('Calendar address')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe(first));

    fireEvent.click(calendar.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(first));

    fireEvent.click(calendar.getByRole('button', { name: 'Get a new address' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Get a new calendar address?' }));
    expect(dialog.getByText(/stops working at once/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(http.to('POST', `${API}/reminders/calendar-key/renew`)).toEqual([]);

    fireEvent.click(calendar.getByRole('button', { name: 'Get a new address' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Get a new address' }),
    );
    await waitFor(() => expect(field.value).toBe(second));
    expect(http.to('POST', `${API}/reminders/calendar-key/renew`)).toHaveLength(1);
  });

  it('speaks French', async () => {
    startAccountTest({ [`GET ${API}/reminders/calendar-key`]: () => ok({ url: first }) });
    activateCatalog('fr-FR');
    await renderApp('/account');
    expect(await region('Agenda')).toBeTruthy();
    expect(await region('Notifications sur cet appareil')).toBeTruthy();
    expect(await screen.findByText(/ne peut pas afficher les notifications/)).toBeTruthy();
  });
});
