// "Every screen for the thumb": what one screen must hold on a 360 × 780 phone, measured in the
// page. Sideways overflow (the document and every scroll container the member did not ask to
// scroll), the header and the tab bar fully on screen, tap targets of 44 × 44 px (WCAG 2.5.5; an
// inline text link is exempt as WCAG 2.5.8 allows), serious and critical axe-core violations
// (contrast included), and the words on screen: none of the other language's catalog, no message id.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './server-process.mjs';

export type AuditLocale = 'en-US' | 'fr-FR';

/**
 * axe-core's browser build. Lighthouse (a devDependency) runs its accessibility audit with it, so it
 * is resolved through Lighthouse: the same engine and version as the bench's accessibility score.
 */
const AXE_SOURCE = (() => {
  const fromLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse/package.json'));
  return readFileSync(fromLighthouse.resolve('axe-core/axe.min.js'), 'utf8');
})();

/** The paths the router knows, as written in the generated route tree ('/car/$id'). */
export function routerPaths(): string[] {
  const tree = readFileSync(path.join(ROOT, 'src/routeTree.gen.ts'), 'utf8');
  return [...new Set([...tree.matchAll(/fullPath: '([^']+)'/g)].map((m) => m[1] ?? ''))].sort();
}

function catalog(locale: AuditLocale): Record<string, string> {
  return JSON.parse(readFileSync(path.join(ROOT, 'src/locales', `${locale}.json`), 'utf8')) as Record<
    string,
    string
  >;
}

/**
 * Phrases that only the other language's catalog holds: the literal runs of its messages (between
 * placeholders and markup) of three words or more, absent from this language's catalog.
 */
function foreignPhrases(locale: AuditLocale): string[] {
  const own = Object.values(catalog(locale)).join('\n').toLowerCase();
  const other = catalog(locale === 'fr-FR' ? 'en-US' : 'fr-FR');
  const phrases = new Set<string>();
  for (const text of Object.values(other)) {
    for (const run of text.split(/\{[^}]*\}|<[^>]*>|[\n«»"“”()]/)) {
      const phrase = run.trim().replace(/[.:!?,;…]+$/, '');
      if (phrase.split(/\s+/).length < 3 || phrase.length < 14) continue;
      if (own.includes(phrase.toLowerCase())) continue;
      phrases.add(phrase);
    }
  }
  return [...phrases];
}

const FOREIGN = { 'fr-FR': foreignPhrases('fr-FR'), 'en-US': foreignPhrases('en-US') };
/** A message id shown raw: NAMESPACE.KEY in capitals (the catalogs' key shape). */
const MESSAGE_ID = /\b[A-Z][A-Z0-9_]{2,}\.[A-Z][A-Z0-9_.]{2,}\b/;

interface PageProblems {
  overflow: string[];
  shell: string[];
  targets: string[];
}

/** Layout problems measured in the page: overflow, the shell on screen, tap targets. */
function measure(page: Page): Promise<PageProblems> {
  return page.evaluate(() => {
    const out = { overflow: [] as string[], shell: [] as string[], targets: [] as string[] };
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const describe = (el: Element): string => {
      const tag = el.tagName.toLowerCase();
      const cls =
        typeof el.className === 'string' && el.className.trim()
          ? `.${el.className.trim().split(/\s+/).join('.')}`
          : '';
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
      return `${tag}${cls}${name ? ` "${name.slice(0, 40)}"` : ''}`;
    };
    const shown = (el: Element): boolean => {
      const rect = el.getBoundingClientRect();
      if (rect.width < 1 || rect.height < 1) return false;
      // Above the page (a skip link waiting for focus): not on screen.
      if (rect.bottom + window.scrollY <= 0) return false;
      for (let p: Element | null = el; p; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0)
          return false;
        if (style.clip !== 'auto' || style.clipPath !== 'none') return false; // visually hidden
      }
      return true;
    };

    const doc = document.documentElement;
    if (doc.scrollWidth > vw) {
      // Where it comes from: the outermost elements that stick out of a parent that fits.
      const culprits = Array.from(document.body.querySelectorAll('*'))
        .filter((el) => {
          const parent = el.parentElement;
          return (
            parent &&
            shown(el) &&
            el.getBoundingClientRect().right > vw + 0.5 &&
            parent.getBoundingClientRect().right <= vw + 0.5
          );
        })
        .slice(0, 3)
        .map(describe);
      out.overflow.push(`document scrollWidth ${doc.scrollWidth} > ${vw} (${culprits.join('; ')})`);
    }
    // A container the member asks to scroll: a tab strip, a strip that snaps from item to item (a
    // row of cards swiped on purpose), or a named, focusable region (a wide table a person pans on
    // purpose, reachable by keyboard as axe's scrollable-region rule wants).
    const asked = (el: Element) =>
      el.getAttribute('role') === 'tablist' ||
      getComputedStyle(el).scrollSnapType !== 'none' ||
      (el.getAttribute('tabindex') === '0' &&
        (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby')));
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!(el instanceof HTMLElement)) continue;
      const style = getComputedStyle(el);
      if (!/(auto|scroll)/.test(style.overflowX)) continue;
      if (el.scrollWidth <= el.clientWidth + 1 || !shown(el) || asked(el)) continue;
      out.overflow.push(`${describe(el)} scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}`);
    }

    const onScreen = (selector: string, what: string) => {
      const el = document.querySelector(selector);
      if (!el || !shown(el)) return;
      const r = el.getBoundingClientRect();
      if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5)
        out.shell.push(
          `${what} at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`,
        );
      for (const child of Array.from(el.querySelectorAll('a, button'))) {
        const c = child.getBoundingClientRect();
        if (shown(child) && (c.left < -0.5 || c.right > vw + 0.5))
          out.shell.push(
            `${what}: ${describe(child)} off screen (${Math.round(c.left)}–${Math.round(c.right)})`,
          );
      }
    };
    onScreen('.layout__header', 'header');
    onScreen('.layout__nav', 'tab bar');

    const targets = document.body.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="menuitem"], [role="link"], [role="checkbox"], [role="switch"], [role="option"]',
    );
    // Inline text links (a link inside a run of text): exempt, as WCAG 2.5.8 allows.
    const inlineLink = (el: Element): boolean => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const block = el.parentElement;
      const text = (block?.textContent ?? '').replace(/\s+/g, ' ').trim();
      const own = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      return text.length > own.length;
    };
    for (const el of Array.from(targets)) {
      if (!shown(el)) continue;
      if (el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type)) {
        // Its label is the target when it wraps the box.
        const label = el.closest('label');
        if (label && shown(label)) {
          const r = label.getBoundingClientRect();
          if (r.height + 0.5 >= 44 && r.width + 0.5 >= 44) continue;
        }
      }
      if ((el as HTMLElement).closest('.ql-editor, [contenteditable="true"]')) continue;
      const r = el.getBoundingClientRect();
      // A text area as wide as its form keeps the spec's own minimum height (§5: 35 to 300 px).
      if (el instanceof HTMLTextAreaElement && r.width >= 44 && r.height + 0.5 >= 35) continue;
      if (r.width + 0.5 >= 44 && r.height + 0.5 >= 44) continue;
      if (inlineLink(el)) continue;
      out.targets.push(`${describe(el)} ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return out;
  });
}

/** The serious and critical axe-core violations of the page, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<any> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return (
      r.violations as {
        id: string;
        impact: string | null;
        nodes: { target: string[]; failureSummary?: string }[];
      }[]
    )
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) =>
        v.nodes
          .slice(0, 4)
          .map((n) =>
            `${v.id} ${n.target.join(' ')} ${(n.failureSummary ?? '').split('\n')[1] ?? ''}`.trim(),
          ),
      );
  });
  return results;
}

/** Words of the other language and raw message ids on screen. */
async function wording(page: Page, locale: AuditLocale): Promise<string[]> {
  const text = await page.evaluate(() => {
    const parts = [document.body.innerText];
    // What a screen reader says counts too: accessible names and placeholders.
    for (const el of Array.from(
      document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'),
    )) {
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(attr);
        if (value) parts.push(value);
      }
    }
    parts.push(document.title);
    return parts.join('\n');
  });
  const found: string[] = [];
  const id = MESSAGE_ID.exec(text);
  if (id) found.push(`message id on screen: ${id[0]}`);
  const lower = text.toLowerCase();
  for (const phrase of FOREIGN[locale]) {
    if (lower.includes(phrase.toLowerCase())) found.push(`other language: "${phrase}"`);
  }
  return found;
}

/** Every problem of the screen the page shows now, named; an empty list: it passes. */
export async function auditScreen(page: Page, locale: AuditLocale): Promise<string[]> {
  const m = await measure(page);
  return [
    ...m.overflow.map((p) => `overflow: ${p}`),
    ...m.shell.map((p) => `off screen: ${p}`),
    ...m.targets.map((p) => `tap target: ${p}`),
    ...(await axeViolations(page)).map((p) => `axe: ${p}`),
    ...(await wording(page, locale)),
  ];
}
