// The last guard before a value is written: no text holding the NUL character (PostgreSQL text
// cannot hold it, so the write would fail with a 500; SQLite would store it and hand it to every
// reader) and no number that is not finite (Infinity or NaN stored once makes every reader of the
// row fail: the log list, the odometer, the stats, the dossier). The request guards refuse them
// in bodies first; this one closes the other ways in (form fields, file names, imported files,
// values a service computes) for every table at once. docs/SECURITY-CHECKS.md "Stored values".
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** A write refused because of one of its values: answered 400 by the error handler (statusCode). */
export class StoredValueError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'StoredValueError';
  }
}

/** The problem of one value about to be written, or null. */
export function storedValueProblem(value: unknown): string | null {
  if (typeof value === 'string')
    return value.includes('\u0000') ? 'Text cannot contain the NUL character.' : null;
  if (typeof value === 'number' && !Number.isFinite(value)) return 'Numbers must be finite.';
  return null;
}

const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'MergeQueryNode', 'RawNode']);

/** Walks a query's operation tree (iteratively: a batch insert is wide) and checks every value. */
function checkValues(root: object): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const child of node) stack.push(child);
      continue;
    }
    const kind = (node as { kind?: string }).kind;
    if (kind === 'ValueNode') {
      const problem = storedValueProblem((node as { value: unknown }).value);
      if (problem) throw new StoredValueError(problem);
      continue;
    }
    if (kind === 'PrimitiveValueListNode') {
      for (const value of (node as { values: readonly unknown[] }).values) {
        const problem = storedValueProblem(value);
        if (problem) throw new StoredValueError(problem);
      }
      continue;
    }
    for (const child of Object.values(node))
      if (child !== null && typeof child === 'object') stack.push(child);
  }
}

/** Kysely plugin: every insert, update and raw statement is checked before it runs. */
export const storedValuesGuard: KyselyPlugin = {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (WRITES.has(node.kind)) checkValues(node);
    return node;
  },
  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  },
};
