/**
 * What text planns accepts, in every text field and text query parameter
 * (docs/decisions/0017-input-text-and-ids.md): any Unicode text except control characters other
 * than tab, line feed and carriage return (C0, DEL and C1), and except unpaired UTF-16
 * surrogates, which are not text at all. PostgreSQL cannot store U+0000 in `text`, and the other
 * controls are never typed by a person: they come from broken clients or probes. Such input is
 * refused with a 422 naming the field, never silently changed.
 */
export const TEXT_MESSAGES = {
  controlCharacter: 'Remove control characters from this text',
  notText: 'This text has broken characters (unpaired surrogates)',
  tooDeep: 'The request nests too deeply',
} as const;

// eslint-disable-next-line no-control-regex -- these are exactly the characters the rule refuses
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Why this text is refused, or null when planns accepts it. */
export function textProblem(value: string): string | null {
  if (CONTROL.test(value)) return TEXT_MESSAGES.controlCharacter;
  if (!value.isWellFormed()) return TEXT_MESSAGES.notText;
  return null;
}

/** How deeply a JSON body may nest: planns' deepest body is 4 levels; the rest is a probe. */
export const INPUT_MAX_DEPTH = 32;

/**
 * Walks a decoded body, query string or path parameters and answers the problems by field path
 * (`companions.0.name`, `_` for the value itself), at most one per field. Keys are checked as
 * well as values. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findTextProblems(input: unknown): Record<string, string> {
  const problems: Record<string, string> = {};
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    const field = path.length > 0 ? path.join('.') : '_';
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) problems[field] ??= problem;
      continue;
    }
    if (value === null || typeof value !== 'object' || !isPlainData(value)) continue;
    if (path.length >= INPUT_MAX_DEPTH) {
      problems[field] ??= TEXT_MESSAGES.tooDeep;
      continue;
    }
    const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
    for (const [key, child] of entries) {
      const keyProblem = textProblem(key);
      if (keyProblem) {
        problems[[...path, '_key'].join('.')] ??= keyProblem;
        continue;
      }
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return problems;
}

/**
 * Arrays and plain objects (JSON; parsed query strings, whose parser makes objects on a bare
 * prototype of its own); never streams, buffers or other class instances.
 */
function isPlainData(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}
