import { beforeEach, describe, expect, it } from 'vitest';
import { HOME_PATH, isTopLevelUrl, navigationHistory } from './history';

function visit(...urls: string[]) {
  urls.forEach((url) => navigationHistory.record(url));
}

describe('navigation history back rule (spec §2)', () => {
  beforeEach(() => navigationHistory.reset());

  it('knows a top-level URL: one segment, no query string', () => {
    expect(isTopLevelUrl('/my-cars')).toBe(true);
    expect(isTopLevelUrl('/edit-car/42')).toBe(false);
    expect(isTopLevelUrl('/friends?tab=requests')).toBe(false);
    expect(isTopLevelUrl('/')).toBe(false);
  });

  it('goes back to the most recent earlier top-level URL', () => {
    visit('/feed', '/my-cars', '/edit-car/1', '/new-car-log/1');
    expect(navigationHistory.backTarget()).toBe('/my-cars');
  });

  it('skips URLs with a query string and the current URL itself', () => {
    visit('/friends', '/messages?folder=sent', '/message/9', '/messages');
    // the current URL is /messages: earlier /messages?folder=sent has a query, so /friends wins
    expect(navigationHistory.backTarget()).toBe('/friends');
  });

  it('does not go "back" to the page it is on', () => {
    visit('/my-cars', '/edit-car/1', '/my-cars');
    expect(navigationHistory.backTarget()).toBe(HOME_PATH);
  });

  it('goes to the previous URL when asked to', () => {
    visit('/my-cars', '/edit-car/1', '/new-car-log/1');
    expect(navigationHistory.backTarget({ previous: true })).toBe('/edit-car/1');
  });

  it('falls back to the home page /feed', () => {
    expect(HOME_PATH).toBe('/feed');
    expect(navigationHistory.backTarget()).toBe('/feed');
    visit('/message/3');
    expect(navigationHistory.backTarget()).toBe('/feed');
    expect(navigationHistory.backTarget({ previous: true })).toBe('/feed');
  });

  it('does not record a repeat of the current URL', () => {
    visit('/my-cars', '/my-cars', '/edit-car/1');
    expect(navigationHistory.entries()).toEqual(['/my-cars', '/edit-car/1']);
  });

  it('takeBack forgets what came after the target, so a second back goes further', () => {
    visit('/friends', '/my-cars', '/edit-car/1');
    expect(navigationHistory.takeBack()).toBe('/my-cars');
    navigationHistory.record('/my-cars'); // the router records the page it lands on
    expect(navigationHistory.takeBack()).toBe('/friends');
  });

  it('goes to the given fallback instead of home when there is nowhere to go back to', () => {
    expect(navigationHistory.backTarget({ previous: true, fallback: '/post/7' })).toBe('/post/7');
    visit('/edit-post/7');
    expect(navigationHistory.takeBack({ previous: true, fallback: '/post/7' })).toBe('/post/7');
    expect(navigationHistory.backTarget({ fallback: '/my-cars' })).toBe('/my-cars');
  });

  it('prefers the history to the fallback when there is one', () => {
    visit('/feed', '/post/7', '/edit-post/7');
    expect(navigationHistory.backTarget({ previous: true, fallback: '/my-cars' })).toBe('/post/7');
    expect(navigationHistory.backTarget({ fallback: '/my-cars' })).toBe('/feed');
  });
});
