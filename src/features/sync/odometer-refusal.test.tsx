// A fill-up saved offline that the server refuses on replay (its odometer reading out of
// order, or a jump not confirmed) waits under "needs attention" with the reason in the member's
// language, the refused field named.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import { ApiError } from '@/lib/http/api-client';
import { SyncIndicator } from '@/app/layout/components/sync-indicator';
import { appOutboxHandlers } from '@/app/outbox-handlers';
import { db } from '@/lib/db';
import { clearLocalData, createReplayer, enqueue, registerOutboxHandlers } from '@/lib/outbox';

beforeAll(() => registerOutboxHandlers(...appOutboxHandlers));
vi.mock(
  '@/lib/offline/shell-settled',
  async () => (await import('@/testing/shell-settled-at-once')).shellSettledAtOnce,
);

beforeEach(async () => {
  await clearLocalData();
});
afterEach(async () => {
  await clearLocalData();
});

const fillUp = {
  type: 'json' as const,
  json: {
    id: 'l1',
    carId: 'c1',
    type: 'fuel',
    title: 'Full tank',
    startDate: '2026-03-10',
    mileage: 45_000,
    fuel: { quantity: 40, unit: 'l', fullTank: true, missedPrevious: false, pricePerUnit: null },
  },
};

describe('a refused odometer reading under "needs attention"', () => {
  it.each([
    [
      'en-US',
      'ODOMETER_OUT_OF_ORDER',
      'Changes on this device',
      "This odometer reading does not fit between the car's other logs by date. Check the reading and the date.",
      'Mileage',
    ],
    [
      'fr-FR',
      'ODOMETER_JUMP',
      'Modifications sur cet appareil',
      "Ce relevé du compteur suppose plus de 2 000 par jour depuis le précédent. Vérifiez-le ou confirmez qu'il est juste.",
      'Kilométrage',
    ],
  ])(
    '%s, %s: the reason from the catalog, never the server’s text',
    async (locale, code, panel, reason, field) => {
      activateCatalog(locale as 'en-US' | 'fr-FR');
      const entry = await enqueue({ kind: 'carLog.create', method: 'POST', path: '/car-logs', body: fillUp });
      const refused = new ApiError(
        400,
        code,
        'The odometer reading 45000 is lower than 50000 on 2026-03-01.',
        {
          fields: [
            { field: 'body.mileage', message: 'must not be lower than 50000 (the log of 2026-03-01)' },
          ],
        },
      );
      await createReplayer({ send: () => Promise.reject(refused) }).replay();
      expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'failed', lastCode: code });

      renderWithProviders(<SyncIndicator />);
      fireEvent.click(screen.getByRole('button', { expanded: false }));
      const dialog = await screen.findByRole('dialog', { name: panel });
      const card = await within(dialog).findByRole('article');
      expect(card.textContent).toContain(reason);
      expect(card.textContent).toContain(field);
      expect(card.textContent).not.toContain('is lower than 50000');
    },
  );
});

describe('"Keep this reading" on a refused jump', () => {
  async function refusedWith(code: 'ODOMETER_JUMP' | 'ODOMETER_OUT_OF_ORDER') {
    activateCatalog('en-US');
    const entry = await enqueue({ kind: 'carLog.create', method: 'POST', path: '/car-logs', body: fillUp });
    const refused = new ApiError(400, code, 'refused', {
      fields: [{ field: 'body.mileage', message: 'refused' }],
    });
    await createReplayer({ send: () => Promise.reject(refused) }).replay();
    renderWithProviders(<SyncIndicator />);
    fireEvent.click(screen.getByRole('button', { expanded: false }));
    const dialog = await screen.findByRole('dialog', { name: 'Changes on this device' });
    return { entry, card: await within(dialog).findByRole('article') };
  }

  it('re-queues the same log with odometerConfirmed: true, sent once with it', async () => {
    const { entry, card } = await refusedWith('ODOMETER_JUMP');
    fireEvent.click(within(card).getByRole('button', { name: 'Keep this reading' }));
    await vi.waitFor(async () =>
      expect(await db.outbox.get(entry.id)).toMatchObject({
        status: 'pending',
        body: { type: 'json', json: { ...fillUp.json, odometerConfirmed: true } },
      }),
    );
    const sent: unknown[] = [];
    await createReplayer({
      send: (e) => {
        sent.push(e.body);
        return Promise.resolve({ ...fillUp.json });
      },
    }).replay();
    expect(sent).toEqual([{ type: 'json', json: { ...fillUp.json, odometerConfirmed: true } }]);
    expect(await db.outbox.get(entry.id)).toBeUndefined();
  });

  it('is not offered for a reading out of order (only a corrected reading can pass)', async () => {
    const { card } = await refusedWith('ODOMETER_OUT_OF_ORDER');
    expect(within(card).queryByRole('button', { name: 'Keep this reading' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
