// A look into the member's database with IndexedDB itself, before Dexie is loaded: the start-up
// asks whether writes wait (writes-waiting.ts), a photo whether the device keeps it (media-peek.ts).
// Never creates the database (the upgrade of a missing one is aborted), never blocks Dexie's own
// opening (the connection closes as soon as the look is over, and at any version change).

/** What a look answers when the database is missing, and when anything else goes wrong. */
export interface PeekAnswers<T> {
  missing: T;
  doubt: T;
}

/**
 * Opens the database `name` if it exists and lets `look` read it; `look` calls `answer` once (a
 * throw counts as doubt). Answers `doubt` after `timeoutMs`, or when IndexedDB refuses.
 */
export function peekDatabase<T>(
  factory: IDBFactory,
  name: string,
  look: (database: IDBDatabase, answer: (value: T) => void) => void,
  answers: PeekAnswers<T>,
  timeoutMs: number,
): Promise<T> {
  return new Promise<T>((resolve) => {
    let answered = false;
    const answer = (value: T) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => answer(answers.doubt), timeoutMs);
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(name);
    } catch {
      answer(answers.doubt);
      return;
    }
    let created = false;
    // No database yet: this open would create an empty one under Dexie's feet; abort it instead.
    request.onupgradeneeded = () => {
      created = true;
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      event.preventDefault();
      answer(created ? answers.missing : answers.doubt); // aborted by us: there is none
    };
    request.onblocked = () => answer(answers.doubt);
    request.onsuccess = () => {
      const database = request.result;
      database.onversionchange = () => database.close();
      const close = (value: T) => {
        database.close();
        answer(value);
      };
      try {
        look(database, close);
      } catch {
        close(answers.doubt);
      }
    };
  });
}
