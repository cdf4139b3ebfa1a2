import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { errorMessage, fieldIssues } from '@/lib/api';

/**
 * Puts a failed save's field issues (`details: [{ field, message }]`, 'body.' prefix and any
 * index such as 'scopes.0' dropped) on the form's fields named in `fields`, and returns what
 * else there is to say: null when every issue found its field, else the server's text (or
 * `fallback` when it gave none), for the form's alert.
 */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: readonly Path<T>[], fallback: string): string | null {
  let placed = 0;
  const issues = fieldIssues(error);
  for (const issue of issues) {
    const name = issue.field.split('.')[0] as Path<T>;
    if (!fields.includes(name)) continue;
    form.setError(name, { type: 'server', message: issue.message }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  return placed > 0 && placed === issues.length ? null : errorMessage(error, fallback);
}
