// The shared renderer of post and comment bodies: #tag and @username become links made by the DOM
// API, so what a member wrote is never read as markup; links, code and addresses are left alone.
import { fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerNavigator } from '@/lib/navigation';
import { LinkedRichText, linkTagsAndMentions } from './rich-text-links';

function linked(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  linkTagsAndMentions(root);
  return root;
}

const links = (root: HTMLElement) =>
  [...root.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);

afterEach(() => registerNavigator(() => undefined));

describe('linkTagsAndMentions', () => {
  it('links tags to their page and mentions to /u/$username, keeping the text as written', () => {
    const root = linked('<p>Track day with @Ben_K. at #Mégane <strong>#RS_2024</strong>!</p>');
    expect(links(root)).toEqual([
      ['@Ben_K', '/u/Ben_K'],
      ['#Mégane', `/tags/${encodeURIComponent('Mégane')}`],
      ['#RS_2024', '/tags/RS_2024'],
    ]);
    expect(root.textContent).toBe('Track day with @Ben_K. at #Mégane #RS_2024!');
    expect(root.querySelector('strong a')?.className).toBe('rich-text__tag');
  });

  it('leaves alone what is no tag or mention: addresses, e-mails, words, links, a tag too long', () => {
    const root = linked(
      '<p>https://example.com/a#b www.x.com/@y ben@example.com a#b</p>' +
        `<p><a href="https://example.com">#inside @inside</a> #${'a'.repeat(51)} @ab</p>`,
    );
    expect(links(root)).toEqual([['#inside @inside', 'https://example.com']]);
  });

  it('keeps an attack as text: markup in a tag or a mention is never parsed', () => {
    // The sanitiser keeps "<img …>" typed as text escaped; here it is a text node of the DOM.
    const root = document.createElement('div');
    const p = document.createElement('p');
    p.textContent = '#tag<img src=x onerror=alert(1)> @ben"><script>alert(2)</script> #x&#39;';
    root.append(p);
    linkTagsAndMentions(root);
    expect(root.querySelector('img, script')).toBeNull();
    expect(root.textContent).toBe(p.textContent);
    expect(links(root)).toEqual([
      ['#tag', '/tags/tag'],
      ['@ben', '/u/ben'],
      ['#x', '/tags/x'],
    ]);
    for (const a of root.querySelectorAll('a')) expect(a.attributes.length).toBe(3);
  });

  it('twice is once: links it made are not linked again', () => {
    const root = linked('<p>#once @twice_</p>');
    linkTagsAndMentions(root);
    expect(root.querySelectorAll('a')).toHaveLength(2);
    expect(root.querySelectorAll('a a')).toHaveLength(0);
  });
});

describe('LinkedRichText', () => {
  it('opens a tag or a mention in the app on a plain click; a modified click is the browser’s', () => {
    const navigate = vi.fn();
    registerNavigator(navigate);
    const { container } = render(
      <LinkedRichText className="rich-text" html="<p>See #alpine and @kiml</p>" />,
    );
    const [tag, mention] = [...container.querySelectorAll('a')];
    fireEvent.click(tag!);
    fireEvent.click(mention!);
    expect(navigate.mock.calls).toEqual([
      ['/tags/alpine', undefined],
      ['/u/kiml', undefined],
    ]);
    const modified = fireEvent.click(tag!, { ctrlKey: true });
    expect(modified).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('links the new text when the html changes', () => {
    const { container, rerender } = render(<LinkedRichText html="<p>#first</p>" />);
    expect(container.querySelector('a')?.textContent).toBe('#first');
    rerender(<LinkedRichText html="<p>#second</p>" />);
    expect([...container.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['#second']);
  });
});
