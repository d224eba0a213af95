/**
 * A route's hooks of one kind as an array. Cross-cutting hooks that apply to some routes only (rate limit,
 * idempotency, deprecation) are appended to those routes from an `onRoute` hook, so the other routes pay
 * nothing for them; appended in registration order, they run in that order.
 */
export function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
