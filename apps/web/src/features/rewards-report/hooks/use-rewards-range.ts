import { useSearchParams } from 'react-router';
import type { RewardsRange } from '../api/rewards-report';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The most months one report covers (the server answers 400 beyond). */
export const MAX_MONTHS = 24;

/** What is wrong with a picked range: From after To, or more than {@link MAX_MONTHS} months; undefined when it can be asked for. */
export type RangeProblem = 'rangeOrder' | 'rangeTooLong';

/** How many months 'YYYY-MM' `from` to `to` cover, both included. */
function monthsCovered(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/** The problem of `range`, checked only when both ends are set (the server fills in a missing end). */
function problemOf({ from, to }: RewardsRange): RangeProblem | undefined {
  if (!from || !to) return undefined;
  if (from > to) return 'rangeOrder';
  return monthsCovered(from, to) > MAX_MONTHS ? 'rangeTooLong' : undefined;
}

/**
 * The Rewards page's months, kept in the URL (`?from=&to=`, YYYY-MM) so a reload or a shared
 * link shows the same figures. A missing or malformed month reads as absent (the server's
 * default: the last 12 months to this one). `setMonth` writes one end, and pins the other to the
 * month `shown` in its field when the URL has none, so the range asked for is the one on screen;
 * '' removes the end. `problem` says why a picked range is not asked for.
 */
export function useRewardsRange(): {
  range: RewardsRange;
  problem?: RangeProblem;
  setMonth: (key: 'from' | 'to', value: string, shown?: RewardsRange) => void;
} {
  const [params, setParams] = useSearchParams();
  const read = (key: 'from' | 'to') => {
    const v = params.get(key);
    return v && MONTH.test(v) ? v : undefined;
  };
  const range = { from: read('from'), to: read('to') };
  const setMonth = (key: 'from' | 'to', value: string, shown?: RewardsRange) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        const other = key === 'from' ? 'to' : 'from';
        const pinned = shown?.[other];
        if (value && !next.get(other) && pinned) next.set(other, pinned);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return { range, problem: problemOf(range), setMonth };
}
