// Secrets that travel in URLs never reach a log line (docs/SECURITY-CHECKS.md): reset tokens, OIDC
// codes, a public history link's token (issue 17) and the reminders' calendar key (issue 16).
import { describe, expect, test } from 'vitest';
import { redactUrl } from '../../server/src/http/logger';

describe('redactUrl', () => {
  test.each([
    ['/api/v1.0/auth/validate-reset-token/abc.def', '/api/v1.0/auth/validate-reset-token/[redacted]'],
    [
      '/api/v1.0/auth/oidc/callback?code=c0de&state=s7',
      '/api/v1.0/auth/oidc/callback?code=[redacted]&state=[redacted]',
    ],
    ['/history/Zk9aQ3-longtoken', '/history/[redacted]'],
    ['/api/v1.0/history/Zk9aQ3-longtoken.pdf', '/api/v1.0/history/[redacted].pdf'],
    ['/api/v1.0/history/Zk9aQ3-longtoken/media/m1', '/api/v1.0/history/[redacted]/media/m1'],
    ['/api/v1.0/reminders/calendar.ics?key=s3cret', '/api/v1.0/reminders/calendar.ics?key=[redacted]'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  test('leaves ordinary addresses alone', () => {
    expect(redactUrl('/api/v1.0/cars/feed?limit=100&offset=0')).toBe(
      '/api/v1.0/cars/feed?limit=100&offset=0',
    );
  });
});
