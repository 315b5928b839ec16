// Entry-safe (no Dexie): whether a failure is the app's own closing of the database (a sign-out,
// another member, another tab's upgrade) rather than a fault. A reader still finishing then has
// nothing to show and nothing to report.
export function isDatabaseClosed(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'DatabaseClosedError';
}

/** Reports `error` under `what`, unless the app closed the database (nothing went wrong then). */
export function reportUnlessClosed(what: string): (error: unknown) => void {
  return (error) => {
    if (!isDatabaseClosed(error)) console.error(what, error);
  };
}
