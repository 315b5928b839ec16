import { describe, expect, it } from 'vitest';
import { describeNotification } from './notification-content';

type Payload = Parameters<typeof describeNotification>[0]['jsonPayload'];
// The trust feature adds `action`, `note` and `outcome` beside the spec's fields.
const moderation = (extra: Record<string, unknown>) =>
  describeNotification({
    type: 'moderation',
    jsonPayload: { relatedReportId: 'r1', targetType: 'post', targetId: 'p1', ...extra } as Payload,
  });

describe('moderation notifications', () => {
  it('tell the author their content was removed by the moderators, and why', () => {
    expect(moderation({ action: 'content-removed', note: 'Insults', until: null })).toMatchObject({
      key: 'NOTIFICATIONS.MODERATION_REMOVED',
      excerptKey: 'NOTIFICATIONS.MODERATION_REMOVED_EXCERPT',
      excerpt: 'Insults',
      target: null,
    });
    expect(moderation({ action: 'suspended', note: null })).toMatchObject({
      key: 'NOTIFICATIONS.MODERATION_SUSPENDED',
      excerpt: null,
    });
    expect(moderation({ action: 'warned', note: 'x' }).key).toBe('NOTIFICATIONS.MODERATION_WARNED');
  });

  it('tell the reporter the outcome of their report', () => {
    const closed = (outcome: string) => moderation({ action: 'report-closed', outcome, note: null });
    expect(closed('dismiss')).toMatchObject({ key: 'NOTIFICATIONS.REPORT_DISMISSED', excerptKey: null });
    expect(closed('remove-content').key).toBe('NOTIFICATIONS.REPORT_ACTED');
  });
});
