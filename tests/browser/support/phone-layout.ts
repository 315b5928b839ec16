// "Phone layout": what a screen must hold at a phone's width, measured in the page. A
// screen fails when the page scrolls sideways, when an element sticks out of the viewport, or when
// a control's words are cut (a button, a tab, a label, a select) without an intentional ellipsis
// that keeps the whole text in a title or an accessible name.
import type { Page } from 'playwright-core';

export interface LayoutProblem {
  kind: 'page-scrolls-sideways' | 'sticks-out' | 'text-cut' | 'label-wraps';
  what: string;
  detail: string;
}

/** The problems of the screen the page shows now (an empty list: it fits). */
export function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: {
      kind: 'page-scrolls-sideways' | 'sticks-out' | 'text-cut' | 'label-wraps';
      what: string;
      detail: string;
    }[] = [];
    const viewport = document.documentElement.clientWidth;
    const describe = (el: Element): string => {
      const tag = el.tagName.toLowerCase();
      const cls =
        typeof el.className === 'string' && el.className
          ? `.${el.className.trim().split(/\s+/).join('.')}`
          : '';
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      return `${tag}${cls}${text ? ` "${text}"` : ''}`;
    };
    const visible = (el: Element): boolean => {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse')
        return false;
      if (Number(style.opacity) === 0) return false;
      const rect = el.getBoundingClientRect();
      return rect.width > 1 && rect.height > 1;
    };
    // An element clipped by an ancestor that scrolls or hides its overflow (a tab strip that
    // scrolls, an ellipsis) is judged by that ancestor, which is checked itself.
    const clippedByAncestor = (el: Element): boolean => {
      for (
        let p = el.parentElement;
        p && p !== document.body && p !== document.documentElement;
        p = p.parentElement
      ) {
        const style = getComputedStyle(p);
        if (style.overflowX !== 'visible' || style.contain.includes('paint')) return true;
        if (style.clip !== 'auto' || style.clipPath !== 'none') return true;
      }
      return false;
    };
    const hiddenFromView = (el: Element): boolean => {
      for (let p: Element | null = el; p; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.visibility === 'hidden' || Number(style.opacity) === 0) return true;
        if (style.clip !== 'auto' || style.clipPath !== 'none') return true; // visually-hidden text
      }
      return false;
    };

    if (document.documentElement.scrollWidth > viewport) {
      problems.push({
        kind: 'page-scrolls-sideways',
        what: 'document',
        detail: `scrollWidth ${document.documentElement.scrollWidth} > ${viewport}`,
      });
    }

    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (el instanceof SVGElement && !(el instanceof SVGSVGElement)) continue;
      if (!visible(el) || hiddenFromView(el)) continue;
      const rect = el.getBoundingClientRect();
      if ((rect.right > viewport + 0.5 || rect.left < -0.5) && !clippedByAncestor(el)) {
        problems.push({
          kind: 'sticks-out',
          what: describe(el),
          detail: `left ${Math.round(rect.left)}, right ${Math.round(rect.right)}, viewport ${viewport}`,
        });
      }
    }

    const controls = document.body.querySelectorAll(
      'button, [role="button"], [role="tab"], [role="menuitem"], label, select, .ui-button, [class*="pill"], [class*="tab"]',
    );
    const canvas = document.createElement('canvas').getContext('2d');
    for (const control of Array.from(controls)) {
      if (!visible(control) || hiddenFromView(control)) continue;
      // The control and the elements inside it that hold its words.
      for (const el of [control, ...Array.from(control.querySelectorAll('*'))]) {
        if (!(el instanceof HTMLElement) || !visible(el) || hiddenFromView(el)) continue;
        const style = getComputedStyle(el);
        if (el instanceof HTMLSelectElement) {
          const option = el.selectedOptions[0];
          if (!option || !canvas) continue;
          canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const textWidth = canvas.measureText(option.text).width;
          const arrow = style.appearance === 'none' ? 0 : 20;
          const room =
            el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
          if (textWidth > room + 1) {
            problems.push({
              kind: 'text-cut',
              what: describe(el),
              detail: `"${option.text}" needs ${Math.round(textWidth)} px, has ${Math.round(room)} px`,
            });
          }
          continue;
        }
        if (style.overflowX === 'visible' && el !== control) continue; // its overflow shows
        // A strip made to scroll sideways (the car's sections): nothing in it is cut, it scrolls.
        if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && el.children.length > 1) continue;
        if (el.scrollWidth <= el.clientWidth + 1) continue;
        if (el.querySelector('img, svg, canvas') && !(el.textContent ?? '').trim()) continue;
        const ellipsis = style.textOverflow === 'ellipsis';
        const titled = Boolean(el.closest('[title]') ?? el.closest('[aria-label]'));
        if (ellipsis && titled) continue;
        problems.push({
          kind: 'text-cut',
          what: describe(el),
          detail: `scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}${ellipsis ? ' (ellipsis without title)' : ''}`,
        });
      }
    }
    // A short label (a button's, a tab's, a pill's, a screen's heading) on two lines or more: "Like
    // / 0 / likes", a heading pushed onto three lines by its header's button.
    // The most lines one run of words of `el` takes ("0 likes" on two lines); words laid out
    // apart on purpose (a title above its time) are separate runs.
    const lines = (el: Element): number => {
      let most = 0;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!(node.textContent ?? '').trim() || !node.parentElement || hiddenFromView(node.parentElement))
          continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = Array.from(range.getClientRects())
          .filter((rect) => rect.width > 0)
          .map((rect) => rect.top)
          .sort((a, b) => a - b);
        most = Math.max(most, tops.filter((top, i) => i === 0 || top - (tops[i - 1] ?? top) > 8).length);
      }
      return most;
    };
    const labelled = document.body.querySelectorAll(
      'button, [role="tab"], .ui-button, [class*="pill"], .ui-page__title, .layout__nav-link',
    );
    for (const el of Array.from(labelled)) {
      if (!visible(el) || hiddenFromView(el)) continue;
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      const heading = el.classList.contains('ui-page__title') || el.classList.contains('layout__nav-link');
      if (!text || (text.length > 40 && !heading)) continue;
      // A list row that is a button (a title above its time) lays its words out on lines.
      const column = (e: Element) => {
        const st = getComputedStyle(e);
        return st.display.endsWith('flex') && st.flexDirection.startsWith('column');
      };
      const own = getComputedStyle(el).display;
      if (
        !heading &&
        (/^(block|grid)$/.test(own) || column(el) || Array.from(el.querySelectorAll('*')).some(column))
      )
        continue;
      const n = lines(el);
      if (n > 1) problems.push({ kind: 'label-wraps', what: describe(el), detail: `${n} lines` });
    }
    return problems;
  });
}
