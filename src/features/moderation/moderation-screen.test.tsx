import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModerationAuditEntry, ModerationReport } from '@/contract/trust';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';
import { ModerationScreen } from './moderation-screen';

const state = vi.hoisted(() => ({
  moderator: true,
  reports: [] as unknown[],
  audit: [] as unknown[],
  calls: [] as Array<{ method: string; path: string; body?: unknown; query?: unknown }>,
  refuse: null as null | { status: number; code: string },
}));

vi.mock('@/lib/auth/session', () => ({
  useSession: () => ({
    status: 'signedIn',
    isAuthReady: true,
    user: {
      id: '11111111-1111-4111-8111-111111111111',
      email: 'mod@example.com',
      username: 'mod',
      firstName: 'Mo',
      lastName: 'Derator',
      avatar: null,
      bio: null,
      city: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      isModerator: state.moderator,
    },
  }),
}));

vi.mock('@/lib/http/api-client', async (importOriginal) =>
  (await import('@/testing/api-mock')).apiClientWith(importOriginal, (actual) => ({
    get: async (path: string, init?: { query?: unknown }) => {
      state.calls.push({ method: 'GET', path, query: init?.query });
      if (!state.moderator) throw new actual.ApiError(403, 'FORBIDDEN', 'Only moderators can do that.');
      return path === '/moderation/audit' ? state.audit : state.reports;
    },
    post: async (path: string, body?: unknown) => {
      state.calls.push({ method: 'POST', path, body });
      if (state.refuse) throw new actual.ApiError(state.refuse.status, state.refuse.code, 'refused');
      const id = path.split('/')[3];
      const report = state.reports.find((r) => (r as ModerationReport).id === id) as ModerationReport;
      state.reports = state.reports.filter((r) => r !== report);
      return { ...report, status: 'closed', outcome: (body as { action: string }).action };
    },
  })),
);

const AUTHOR = '6c2f7a8b-2d3e-4f5a-9b0c-1d2e3f4a5b6c';
const OLD: ModerationReport = {
  id: '0a000000-0000-4000-8000-000000000001',
  targetType: 'post',
  targetId: '0b000000-0000-4000-8000-000000000001',
  reason: 'harassment',
  details: 'He keeps at it.',
  reportedAt: '2026-03-01T09:00:00.000Z',
  reporterCount: 3,
  status: 'open',
  outcome: null,
  content: { authorId: AUTHOR, text: '<p>You drive like <strong>a snail</strong></p>', fields: {} },
};
const PROFILE: ModerationReport = {
  ...OLD,
  id: '0a000000-0000-4000-8000-000000000002',
  targetType: 'user',
  targetId: AUTHOR,
  reason: 'scam',
  details: null,
  reportedAt: '2026-03-02T09:00:00.000Z',
  reporterCount: 1,
  content: { authorId: AUTHOR, text: '', fields: { username: 'crook', city: 'Lyon', avatar: null } },
};
const AUDIT: ModerationAuditEntry = {
  id: 'a1',
  reportId: 'r0',
  moderatorId: 'm1',
  action: 'suspend',
  note: 'Third time.',
  durationHours: 48,
  targetType: 'comment',
  targetId: 'c1',
  targetAuthorId: AUTHOR,
  createdAt: '2026-02-01T10:00:00.000Z',
};

describe('moderation screen', () => {
  beforeEach(() => {
    activateCatalog('en-US');
    state.moderator = true;
    state.reports = [OLD, PROFILE];
    state.audit = [AUDIT];
    state.calls.length = 0;
    state.refuse = null;
  });

  it('lists the open queue oldest first with the reason, details, count, content as reported and date', async () => {
    renderWithProviders(<ModerationScreen />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Open reports, oldest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = items[0]!;
    expect(within(first).getByRole('heading', { name: 'Post · Harassment' })).toBeTruthy();
    expect(within(first).getByText('Reported by 3 members')).toBeTruthy();
    expect(within(first).getByText(/He keeps at it\./)).toBeTruthy();
    // The HTML is shown as text, never as markup.
    expect(within(first).getByText('You drive like a snail')).toBeTruthy();
    expect(first.querySelector('strong')).toBeNull();
    expect(first.querySelector('time')?.getAttribute('dateTime')).toBe(OLD.reportedAt);
    for (const action of ['Dismiss', 'Remove content', 'Warn', 'Suspend'])
      expect(within(first).getByRole('button', { name: action })).toBeTruthy();
    // A profile cannot be removed: warn or suspend its owner.
    const second = items[1]!;
    expect(within(second).getByRole('heading', { name: 'Profile · Scam or fraud' })).toBeTruthy();
    expect(within(second).getByText('crook')).toBeTruthy();
    expect(within(second).queryByRole('button', { name: 'Remove content' })).toBeNull();
    expect(state.calls[0]).toEqual({
      method: 'GET',
      path: '/moderation/reports',
      query: { status: 'open', limit: 100 },
    });
  });

  it('suspends after a confirmation with a duration in hours and a note; the report leaves the queue', async () => {
    renderWithProviders(<ModerationScreen />);
    const list = await screen.findByRole('list', { name: 'Open reports, oldest first' });
    fireEvent.click(
      within(within(list).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Suspend' }),
    );
    const ask = screen.getByRole('alertdialog', { name: 'Suspend the author?' });
    const hours = within(ask).getByRole('spinbutton', { name: 'Duration (hours)' });
    fireEvent.change(hours, { target: { value: '0' } });
    fireEvent.click(within(ask).getByRole('button', { name: 'Suspend' }));
    expect(within(ask).getByText(/whole number of hours/)).toBeTruthy();
    expect(state.calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(hours, { target: { value: '72' } });
    fireEvent.change(within(ask).getByRole('textbox', { name: /Note/ }), { target: { value: ' Insults ' } });
    fireEvent.click(within(ask).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(state.calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: `/moderation/reports/${OLD.id}/actions`,
        body: { action: 'suspend', note: 'Insults', durationHours: 72 },
      },
    ]);
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: /Open reports/ })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
  });

  it('says when another moderator acted first, and cancelling sends nothing', async () => {
    renderWithProviders(<ModerationScreen />);
    const list = await screen.findByRole('list', { name: 'Open reports, oldest first' });
    const first = within(list).getAllByRole('listitem')[0]!;
    fireEvent.click(within(first).getByRole('button', { name: 'Dismiss' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Dismiss this report?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    state.refuse = { status: 409, code: 'REPORT_NOT_OPEN' };
    fireEvent.click(within(first).getByRole('button', { name: 'Remove content' }));
    const ask = screen.getByRole('alertdialog', { name: 'Remove this content?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Remove content' }));
    expect(await within(ask).findByText('Another moderator acted on this report already.')).toBeTruthy();
    expect(state.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows "Nothing to review" for an empty queue and the audit log in its tab, in French', async () => {
    activateCatalog('fr-FR');
    state.reports = [];
    renderWithProviders(<ModerationScreen />);
    expect(await screen.findByRole('heading', { name: 'Rien à traiter' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Journal des actions' }));
    const audit = await screen.findByRole('list', { name: /Actions de modération/ });
    expect(within(audit).getByText('Commentaire : auteur suspendu (48 heures)')).toBeTruthy();
    expect(within(audit).getByText(/Third time\./)).toBeTruthy();
  });

  it('tells a member who is not a moderator that they are not allowed, and asks the server nothing', () => {
    state.moderator = false;
    renderWithProviders(<ModerationScreen />);
    expect(screen.getByRole('heading', { name: 'Not allowed' })).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(state.calls).toEqual([]);
  });
});
