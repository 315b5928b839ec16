// Two limits on every request's body, query and params, checked before any schema walks them
// (docs/SECURITY-CHECKS.md "Input in general"): nesting depth (our bodies nest 3 levels at most, so a deeper
// one is an attack on whatever walks it recursively later) and the NUL character (PostgreSQL text
// cannot hold it: it would fail the query with a 500 instead of answering 400).

export const MAX_JSON_DEPTH = 32;

export type InputProblem = 'too-deep' | 'nul';

const hasNul = (text: string) => text.includes('\u0000');

/** The first problem of `value` (a parsed body, query or params), or null. Iterative: cannot overflow. */
export function inputProblem(value: unknown, max = MAX_JSON_DEPTH): InputProblem | null {
  if (typeof value === 'string') return hasNul(value) ? 'nul' : null;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value) || max < 1) return nestedProblem(value, max);
  // A flat object (every query string and params, many bodies): its values alone, no stack.
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const child = record[key];
    if (typeof child === 'string') {
      if (hasNul(child)) return 'nul';
    } else if (child !== null && typeof child === 'object') return nestedProblem(value, max);
  }
  return null;
}

function nestedProblem(value: object, max: number): InputProblem | null {
  const stack: [object, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > max) return 'too-deep';
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'string') {
        if (hasNul(child)) return 'nul';
      } else if (child !== null && typeof child === 'object') stack.push([child as object, depth + 1]);
    }
  }
  return null;
}
