// The account screen painted from the entry (docs/SPEC-NOTES.md §4, "the first paint"), as the
// garage's first view is (src/features/garage/garage-first-paint.ts): on a signed-in cold start of
// /account, online, the member's catalog is fetched and the screen's first sections are drawn into
// index.html's app shell as plain DOM, before React DOM and the app have loaded, in the app's own
// frame and words: the e-mail I sign in with (the stored member's, given by the entry), then the password's section with
// its description and its fields' labels, with skeleton bars where the inputs and buttons come. The
// app's first render then replaces the whole of #root. Nothing here may import React, React DOM or
// Dexie (tests/browser/bundle-budget.test.ts).
import {
  catalogText,
  element,
  firstPaintPage,
  paintIntoShell,
  styleSheetsSettled,
} from '@/lib/first-paint/first-paint-dom';
import { catalogUrl, requestCatalog, type CompiledMessages } from '@/lib/i18n/catalog-request';
import { storedLocale } from '@/lib/i18n/locales';

/** The labels of the password's fields, as its form lists them (components/password-section.tsx). */
const PASSWORD_FIELDS = ['ACCOUNT.CURRENT_PASSWORD', 'AUTH.NEW_PASSWORD', 'AUTH.CONFIRM_PASSWORD'];

/** A settings section's frame (components/settings-section.tsx): its card, title and description. */
function section(doc: Document, messages: CompiledMessages, title: string, description?: string) {
  const outer = element(doc, 'section', 'account-section');
  const card = element(doc, 'div', 'ui-card account-section__card ui-flex ui-column ui-gap-3');
  card.append(catalogText(doc, messages, title, 'h2', 'account-section__title', 'app-shell__heading'));
  if (description)
    card.append(
      catalogText(doc, messages, description, 'p', 'account-section__description', 'app-shell__paragraph'),
    );
  outer.append(card);
  return { outer, card };
}

/** The account screen's first view, in the layout's main area, as the app draws it. */
export function firstAccountMarkup(
  messages: CompiledMessages,
  email: string,
  doc: Document = document,
): HTMLElement {
  const { main, page } = firstPaintPage(doc, 'account');
  // The app's header holds the title alone here (no back button, no actions): no room kept for them.
  const header = element(doc, 'div', 'ui-page__header');
  header.append(catalogText(doc, messages, 'ACCOUNT.TITLE', 'h1', 'ui-page__title', 'app-shell__title'));
  const account = element(doc, 'div', 'account');

  const address = section(doc, messages, 'ACCOUNT.EMAIL_TITLE');
  const current = element(doc, 'p', 'account-email');
  current.append(
    catalogText(doc, messages, 'ACCOUNT.EMAIL_CURRENT', 'span', 'account-email__caption', 'app-shell__line'),
    element(doc, 'strong', 'account-email__value', email),
  );
  const emailActions = element(doc, 'div', 'account-form__actions ui-flex ui-wrap ui-end ui-gap-2');
  emailActions.append(element(doc, 'span', 'ui-skeleton app-shell__button'));
  address.card.append(current, emailActions);

  const password = section(doc, messages, 'ACCOUNT.PASSWORD_TITLE', 'ACCOUNT.PASSWORD_TEXT');
  const form = element(doc, 'div', 'account-form ui-flex ui-column ui-gap-4');
  for (const label of PASSWORD_FIELDS) {
    const field = element(doc, 'div', 'ui-field');
    field.append(
      catalogText(doc, messages, label, 'span', 'ui-field__label', 'app-shell__line'),
      element(doc, 'span', 'ui-skeleton app-shell__input'),
    );
    form.append(field);
  }
  password.card.append(form);

  account.append(address.outer, password.outer);
  page.append(header, account);
  return main;
}

/**
 * Paints the account screen's first view into the app shell once the catalog and the style sheets
 * are in, unless the app has rendered meanwhile (the shell is gone) or a view is painted already.
 * Resolves to whether it painted, once the frame is on screen; a failed catalog paints nothing (the
 * app's screen comes as before).
 */
export function paintFirstAccountEarly(email: string, doc: Document = document): Promise<boolean> {
  return Promise.all([requestCatalog(catalogUrl(storedLocale())), styleSheetsSettled(doc)]).then(
    ([messages]) => paintIntoShell(doc, () => firstAccountMarkup(messages, email, doc)),
    () => false,
  );
}
