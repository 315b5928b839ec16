// Test helper: the browser's languages as jsdom reports them. A first visit starts in the
// browser's language when it is one of ours (src/lib/locales.ts); src/test-setup.ts makes every
// unit test a browser asking for neither, so a test without a stored choice starts on the default.

export function setBrowserLanguages(languages: readonly string[]): void {
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
  Object.defineProperty(navigator, 'language', { value: languages[0] ?? '', configurable: true });
}
