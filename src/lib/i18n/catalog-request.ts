// A locale's compiled catalog (`lingui compile --namespace json`, /assets/i18n/{locale}.json), asked
// for once per page: the garage's first paint (src/features/garage/garage-first-paint.ts) reads it
// before the app has loaded, and the app's i18n (src/lib/i18n/index.ts) then takes the same answer rather
// than downloading it again. Nothing here may import Lingui, React or the app.

/** A compiled message: plain text, or parts where arrays are placeholders (`["unit"]`). */
export type CompiledMessages = Record<string, unknown>;

/** Where a locale's catalog is served. */
export function catalogUrl(locale: string): string {
  return `${import.meta.env.BASE_URL}assets/i18n/${locale}.json`;
}

const asked = new Map<string, Promise<CompiledMessages>>();

/** The compiler writes `{ "messages": { … } }`; a bare `{ id: message }` map is accepted too. */
function readCatalog(body: unknown): CompiledMessages {
  if (typeof body !== 'object' || body === null) return {};
  const inner = (body as { messages?: unknown }).messages;
  return (typeof inner === 'object' && inner !== null ? inner : body) as CompiledMessages;
}

/** The catalog at `url`, asked for once; a failure is forgotten, so the next caller asks again. */
export function requestCatalog(url: string): Promise<CompiledMessages> {
  const pending = asked.get(url);
  if (pending) return pending;
  const request = fetch(url).then(async (response) => {
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return readCatalog(await response.json());
  });
  asked.set(url, request);
  request.catch(() => asked.delete(url));
  return request;
}

/** A message without placeholders as text; null when it has some or is missing. */
export function plainMessage(messages: CompiledMessages, id: string): string | null {
  const message = messages[id];
  if (typeof message === 'string') return message;
  if (Array.isArray(message) && message.every((part) => typeof part === 'string')) return message.join('');
  return null;
}

/** Tests: every catalog is asked for again. */
export function forgetCatalogRequests(): void {
  asked.clear();
}
