import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../http/api-errors';
import { classify } from './classify';

const http = (status: number) => new ApiError(status, `HTTP_${status}`, 'x');

describe('classify', () => {
  it('retries network errors, 5xx, 408 and 429', () => {
    expect(classify(new NetworkError())).toBe('retry');
    for (const status of [500, 502, 503, 504, 408, 429]) expect(classify(http(status))).toBe('retry');
  });

  it('pauses for a refresh on 401', () => {
    expect(classify(http(401))).toBe('auth');
  });

  it('needs attention on 400, 403, 404, 409, 410, 422 (and other 4xx)', () => {
    for (const status of [400, 403, 404, 409, 410, 422, 413])
      expect(classify(http(status))).toBe('attention');
  });

  it('retries a 409 for a key the server is still processing', () => {
    expect(classify(new ApiError(409, 'IDEMPOTENCY_CONFLICT', 'still processing'))).toBe('retry');
  });

  it('retries an unknown error rather than losing the entry', () => {
    expect(classify(new Error('bug'))).toBe('retry');
  });
});
