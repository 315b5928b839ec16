import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isDeniedNavigation,
  isMediaImageRequest,
  isPrerenderedLoginNavigation,
  loginPageLocale,
  MEDIA_CACHE,
  PRERENDERED_LOGIN,
  prerenderedLoginUrl,
  PUSH_ICON,
  conversationOpen,
  pushNotification,
  readPushData,
  windowToOpen,
  isShareTargetPost,
  SHARE_TARGET,
  shareScreenPath,
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

  it('answers /login in the chosen language, else the browser’s, else French', () => {
    expect(prerenderedLoginUrl('fr-FR')).toBe('/login.html');
    expect(prerenderedLoginUrl('en-US')).toBe('/login.en-US.html');
    // No choice kept: the browser's first language that is one of ours.
    expect(loginPageLocale(null, ['en-GB', 'fr-FR'])).toBe('en-US');
    expect(loginPageLocale(undefined, ['de-DE', 'fr-CA', 'en-US'])).toBe('fr-FR');
    expect(loginPageLocale(null, ['de-DE', 'es'])).toBe('fr-FR');
    expect(loginPageLocale(null, [])).toBe('fr-FR');
    // The member's choice wins over the browser; an unknown one is ignored.
    expect(loginPageLocale('fr-FR', ['en-US'])).toBe('fr-FR');
    expect(loginPageLocale('en-US', ['fr-FR'])).toBe('en-US');
    expect(loginPageLocale('de-DE', ['fr-FR'])).toBe('fr-FR');
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

describe('reminder pushes', () => {
  it('shows the title, body, icon and tag, and keeps the car URL', () => {
    expect(
      pushNotification({ title: 'Overdue: Tax', body: 'Berlinette', url: '/car/c1', tag: 'reminder-r1' }),
    ).toEqual({
      title: 'Overdue: Tax',
      options: {
        body: 'Berlinette',
        icon: PUSH_ICON,
        badge: PUSH_ICON,
        tag: 'reminder-r1',
        data: { url: '/car/c1' },
      },
      appBadge: null,
    });
    expect(PUSH_ICON).toBe('/icons/icon-192.png');
  });

  it('shows a Declarative Web Push message: its title, body, tag, the path it opens and the badge', () => {
    const message = {
      web_push: 8030,
      notification: {
        title: 'Ben vous a écrit',
        body: 'On roule dimanche ?',
        navigate: '/chat/r1',
        tag: 'chat-r1',
        app_badge: 4,
      },
    };
    expect(pushNotification(message)).toEqual({
      title: 'Ben vous a écrit',
      options: {
        body: 'On roule dimanche ?',
        icon: PUSH_ICON,
        badge: PUSH_ICON,
        tag: 'chat-r1',
        data: { url: '/chat/r1' },
      },
      appBadge: 4,
    });
    const away = { ...message, notification: { ...message.notification, navigate: 'https://evil.example/' } };
    expect(pushNotification(away).options.data.url).toBe('/');
    expect(
      pushNotification({ ...message, notification: { ...message.notification, app_badge: -1 } }).appBadge,
    ).toBe(null);
  });

  it('does not show a push for the conversation open and visible in one of the windows', () => {
    const w = (path: string, visibilityState = 'visible') => ({ url: `${origin}${path}`, visibilityState });
    expect(conversationOpen([w('/feed'), w('/chat/r1')], '/chat/r1', origin)).toBe(true);
    expect(conversationOpen([w('/message/m1')], '/message/m1', origin)).toBe(true);
    // Hidden (another tab, the phone locked), another room, another site, not a conversation: shown.
    expect(conversationOpen([w('/chat/r1', 'hidden')], '/chat/r1', origin)).toBe(false);
    expect(conversationOpen([w('/chat/r2')], '/chat/r1', origin)).toBe(false);
    expect(
      conversationOpen(
        [{ url: 'https://other.test/chat/r1', visibilityState: 'visible' }],
        '/chat/r1',
        origin,
      ),
    ).toBe(false);
    expect(conversationOpen([w('/post/p1')], '/post/p1', origin)).toBe(false);
  });

  it('shows something for any payload, and never opens another site', () => {
    expect(pushNotification(null)).toMatchObject({
      title: 'Paddock',
      options: { body: '', data: { url: '/' } },
    });
    expect(pushNotification({ title: 'x', url: 'https://evil.example/' }).options.data.url).toBe('/');
    expect(pushNotification({ title: 'x', url: '//evil.example/' }).options.data.url).toBe('/');
    expect(pushNotification({ title: 'x' }).options).not.toHaveProperty('tag');
    expect(readPushData({ json: () => JSON.parse('not json') as unknown })).toBeNull();
    expect(readPushData(null)).toBeNull();
  });

  it("reuses this app's focused window, else its first one, never another site's", () => {
    const w = (url: string, focused = false) => ({ url, focused });
    expect(
      windowToOpen([w('https://other.test/'), w(`${origin}/feed`), w(`${origin}/my-cars`, true)], origin),
    ).toEqual(w(`${origin}/my-cars`, true));
    expect(windowToOpen([w('https://other.test/', true), w(`${origin}/feed`)], origin)).toEqual(
      w(`${origin}/feed`),
    );
    expect(windowToOpen([w('https://other.test/', true)], origin)).toBeUndefined();
  });
});

describe('the share target', () => {
  const origin = 'https://paddock.test';
  it("answers only this origin's POST to the manifest's action", () => {
    expect(isShareTargetPost(new URL('/share-target', origin), 'POST', origin)).toBe(true);
    expect(isShareTargetPost(new URL('/share-target', origin), 'GET', origin)).toBe(false);
    expect(isShareTargetPost(new URL('/share-target', 'https://else.test'), 'POST', origin)).toBe(false);
    expect(isShareTargetPost(new URL('/share', origin), 'POST', origin)).toBe(false);
    expect(SHARE_TARGET).toEqual({ action: '/share-target', filesParam: 'photos', screen: '/share' });
  });

  it("is what the manifest declares (vite.config.ts's share_target)", () => {
    const config = readFileSync(path.resolve(__dirname, '../vite.config.ts'), 'utf8');
    const declared =
      /share_target: \{\s*action: '([^']+)',[\s\S]*?files: \[\{ name: '([^']+)', accept: \['image\/\*'\] \}\]/.exec(
        config,
      );
    expect(declared?.slice(1)).toEqual([SHARE_TARGET.action, SHARE_TARGET.filesParam]);
  });

  it('opens the share screen with the kept share, or without one when it could not be kept', () => {
    expect(shareScreenPath('a b')).toBe('/share?id=a%20b');
    expect(shareScreenPath(null)).toBe('/share');
  });
});
