import { useEffect, useEffectEvent } from 'react';

/**
 * A page past the end (after a delete or a narrower search) goes to the last page: calls
 * `goTo(pages)` once the list's answer for this query has arrived (`settled`: not the previous
 * query's placeholder) and `page > pages > 0`.
 */
export function useSnapToLastPage(page: number, pages: number, settled: boolean, goTo: (page: number) => void): void {
  const goToLast = useEffectEvent((last: number) => goTo(last));
  useEffect(() => {
    if (settled && pages > 0 && page > pages) goToLast(pages);
  }, [pages, page, settled]);
}
