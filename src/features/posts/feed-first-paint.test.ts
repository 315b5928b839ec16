// The feed's first posts painted from the entry into index.html's app shell, before the app loads
// (feed-first-paint.ts): what they show, what they leave to the app, and when they do not paint.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELETED_MEMBER_USERNAME_PREFIX } from '@/contract/constants';
import { paintFirstPostsEarly, styleSheetsSettled } from './feed-first-paint';
import { FIRST_LIST_CARDS, type FeedPage } from './feed-first-page';
import { FAKE_FRIEND, FAKE_ME } from './testing/fake-posts-server';
import { makePost } from './testing/post-fixtures';

const AT = '2026-03-01T09:30:00.000Z';
const SHELL = '<div class="app-shell" aria-hidden="true"><div class="app-shell__bar">Paddock</div></div>';

const page = (posts = [makePost(FAKE_ME, AT)]): Promise<FeedPage> =>
  Promise.resolve({ posts, nextCursor: null });
const painted = () => document.querySelector('#root > .app-shell > [data-first-paint="feed"]');
const cards = () => [...document.querySelectorAll<HTMLElement>('[data-first-paint] article.post-card')];
const cardAt = (index: number): HTMLElement => {
  const card = cards()[index];
  if (!card) throw new Error(`no drawn card ${index}`);
  return card;
};

beforeEach(() => {
  document.body.innerHTML = `<div id="root">${SHELL}</div>`;
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  document.head.querySelectorAll('link').forEach((l) => l.remove());
  localStorage.clear();
});

describe("the feed's first posts, painted before the app", () => {
  it('draws the first cards into the app shell: author, initial and text; the date comes with the app', async () => {
    const posts = Array.from({ length: 8 }, (_, i) =>
      makePost(i % 2 ? FAKE_FRIEND : FAKE_ME, AT, {
        content: `<p>Post ${i + 1}: <strong>cam belt</strong></p>`,
      }),
    );
    const dates = vi.spyOn(Intl, 'DateTimeFormat');
    await expect(paintFirstPostsEarly(page(posts))).resolves.toBe(true);
    expect(painted()).not.toBeNull();
    expect(cards()).toHaveLength(FIRST_LIST_CARDS);
    expect(FIRST_LIST_CARDS).toBe(5);
    const first = cardAt(0);
    const second = cardAt(1);
    expect(first.querySelector('.post-card__author')?.textContent).toBe('Ada Lovelace');
    expect(first.querySelector('.post-avatar')?.textContent).toBe('A');
    expect(second.querySelector('.post-card__author')?.textContent).toBe('Bob Brown');
    expect(first.querySelector('.post-card__content')?.innerHTML).toBe(
      '<p>Post 1: <strong>cam belt</strong></p>',
    );
    // A page's first Intl.DateTimeFormat loads the locale's data (tens of ms): the date's line is a bar.
    expect(dates).not.toHaveBeenCalled();
    expect(first.querySelector('.post-card__date.ui-skeleton')).not.toBeNull();
    // The app's controls come with the app: bars in their place, no button that does nothing.
    expect(document.querySelector('[data-first-paint] button, [data-first-paint] a')).toBeNull();
    expect(first.querySelector('.post-card__actions.ui-skeleton')).not.toBeNull();
  });

  it('leaves media, frames and anything active to the app, and keeps the picture’s room', async () => {
    const post = makePost(FAKE_ME, AT, {
      content:
        '<p>Look<img src="/api/v1.0/media/m1" onerror="window.__hit=1"></p><iframe src="https://www.youtube-nocookie.com/embed/x"></iframe><script>window.__hit=2</script>',
      image: '/api/v1.0/media/m2',
      imageWidth: 1600,
      imageHeight: 900,
    });
    await paintFirstPostsEarly(page([post]));
    const card = cardAt(0);
    expect(card.querySelector('.post-card__content')?.innerHTML).toBe('<p>Look</p>');
    expect(card.querySelector('img, iframe, script')).toBeNull();
    expect((window as { __hit?: number }).__hit).toBeUndefined();
    const room = card.querySelector<HTMLElement>('.post-card__image');
    expect(room?.style.aspectRatio).toBe('1600 / 900');
  });

  it('a deleted member’s name (a translation, not loaded yet) is a bar until the app', async () => {
    const ghost = {
      ...FAKE_FRIEND,
      username: `${DELETED_MEMBER_USERNAME_PREFIX}abc`,
      firstName: '',
      lastName: '',
    };
    await paintFirstPostsEarly(page([makePost(ghost, AT)]));
    const card = cardAt(0);
    expect(card.querySelector('.post-card__author')).toBeNull();
    expect(card.querySelector('.post-card__meta .ui-skeleton')).not.toBeNull();
    expect(card.textContent).not.toContain('PEOPLE.');
  });

  it('paints nothing when the app has rendered meanwhile, when the page is empty or failed, or twice', async () => {
    await expect(paintFirstPostsEarly(page([]))).resolves.toBe(false);
    await expect(paintFirstPostsEarly(Promise.reject(new Error('offline')))).resolves.toBe(false);
    expect(painted()).toBeNull();
    await expect(paintFirstPostsEarly(page())).resolves.toBe(true);
    await expect(paintFirstPostsEarly(page())).resolves.toBe(false);
    expect(cards()).toHaveLength(1);
    document.getElementById('root')!.innerHTML = '<div class="layout">the app</div>';
    await expect(paintFirstPostsEarly(page())).resolves.toBe(false);
    expect(document.getElementById('root')?.textContent).toBe('the app');
  });

  it('waits for the style sheets linked so far (the cards must not move when they arrive)', async () => {
    const sheet = document.createElement('link');
    sheet.rel = 'stylesheet';
    sheet.href = '/assets/posts.css';
    document.head.append(sheet);
    let settled = false;
    void styleSheetsSettled().then(() => (settled = true));
    const painting = paintFirstPostsEarly(page());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect(painted()).toBeNull();
    sheet.dispatchEvent(new Event('load'));
    await expect(painting).resolves.toBe(true);
    expect(settled).toBe(true);
  });
});
