import { describe, expect, it } from 'vitest';
import {
  isDeniedNavigation,
  isMediaImageRequest,
  isPrerenderedLoginNavigation,
  MEDIA_CACHE,
  PRERENDERED_LOGIN,
} from './sw-rules';

const origin = 'https://paddock.test';
const url = (p: string) => new URL(p, origin);

describe('service worker rules', () => {
  it('never answers /api or /socket.io navigations with the app shell', () => {
    expect(isDeniedNavigation('/api/v1.0/docs')).toBe(true);
    expect(isDeniedNavigation('/api')).toBe(true);
    expect(isDeniedNavigation('/socket.io/')).toBe(true);
    expect(isDeniedNavigation('/feed')).toBe(false);
    expect(isDeniedNavigation('/apiary')).toBe(false);
  });

  it('answers /login navigations with the prerendered login.html, and only those', () => {
    expect(PRERENDERED_LOGIN.url).toBe('/login.html');
    expect(isPrerenderedLoginNavigation('/login')).toBe(true);
    expect(isPrerenderedLoginNavigation('/login/')).toBe(true);
    expect(isPrerenderedLoginNavigation('/login-help')).toBe(false);
    expect(isPrerenderedLoginNavigation('/signup')).toBe(false);
    expect(isPrerenderedLoginNavigation('/feed')).toBe(false);
  });

  it('caches only same-origin media images, never API JSON', () => {
    expect(isMediaImageRequest(url('/api/v1.0/media/abc.jpg'), 'image', origin)).toBe(true);
    expect(isMediaImageRequest(url('/api/v1.0/posts'), '', origin)).toBe(false);
    expect(isMediaImageRequest(url('/api/v1.0/media/abc.jpg'), '', origin)).toBe(false);
    expect(isMediaImageRequest(new URL('https://elsewhere.test/api/v1.0/media/a.jpg'), 'image', origin)).toBe(
      false,
    );
  });

  it('bounds the media cache', () => {
    expect(MEDIA_CACHE.maxEntries).toBe(200);
    expect(MEDIA_CACHE.maxAgeSeconds).toBe(30 * 24 * 60 * 60);
  });
});
