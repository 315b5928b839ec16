import { describe, expect, it } from 'vitest';
import { needsHomeScreenHint } from './install-offer';

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHROME_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('the "Add to Home Screen" hint', () => {
  it('is for Safari on an iPhone or an iPad (which reads as a Mac with touch) only', () => {
    expect(needsHomeScreenHint(SAFARI_IPHONE, 5)).toBe(true);
    expect(needsHomeScreenHint(IPAD_AS_MAC, 5)).toBe(true);
    expect(needsHomeScreenHint(IPAD_AS_MAC, 0)).toBe(false); // a real Mac
    expect(needsHomeScreenHint(CHROME_IPHONE, 5)).toBe(false); // only Safari can add it
    expect(needsHomeScreenHint(ANDROID_CHROME, 5)).toBe(false); // Chromium offers its own prompt
  });

  it('is not shown once the app runs from the Home Screen', () => {
    Object.defineProperty(navigator, 'standalone', { value: true, configurable: true });
    try {
      expect(needsHomeScreenHint(SAFARI_IPHONE, 5)).toBe(false);
    } finally {
      Reflect.deleteProperty(navigator, 'standalone');
    }
  });
});
