/**
 * Log positions as the API writes them (`<a>/<b>`, two unsigned integers, compared in that order).
 * The web never does arithmetic on them: it only asks which of two is later, to send the later as
 * `X-Min-Position` and to tell a push it has already seen from one it has not.
 */
function parse(position: string): [bigint, bigint] | undefined {
  const match = /^(\d{1,20})\/(\d{1,20})$/.exec(position.trim());
  return match ? [BigInt(match[1]!), BigInt(match[2]!)] : undefined;
}

/** -1, 0 or 1 as `left` is before, at or after `right`; undefined when either is not a position. */
export function comparePositions(left: string, right: string): -1 | 0 | 1 | undefined {
  const a = parse(left);
  const b = parse(right);
  if (!a || !b) return undefined;
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  return 0;
}

/** The later of two positions (either may be missing); a malformed one loses to a well-formed one. */
export function laterPosition(left: string | null | undefined, right: string | null | undefined): string | undefined {
  if (!left) return right ?? undefined;
  if (!right) return left;
  const order = comparePositions(left, right);
  if (order === undefined) return parse(left) ? left : parse(right) ? right : undefined;
  return order >= 0 ? left : right;
}

/** Whether `position` is later than `than` (a missing `than`: yes; a malformed `position`: no). */
export function isAfter(position: string | undefined, than: string | null | undefined): boolean {
  if (!position) return false;
  if (!than) return parse(position) !== undefined;
  return comparePositions(position, than) === 1;
}
