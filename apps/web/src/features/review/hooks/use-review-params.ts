import { useSearchParams } from 'react-router';
import type { ReviewFilter } from '../api/keys';

/** The two views of the Review page: the velocity limits' flags and the offline till's sync conflicts. */
export type ReviewView = 'flags' | 'conflicts';

/**
 * What the Review page shows (docs/product.md 'Velocity limits', 'Offline till'), kept in the
 * address so reload, Back and links keep it: `?view=conflicts` opens the sync conflicts, anything
 * else the flags (the default); `?status=all` shows every item of the view, anything else the open
 * ones (the default). The setters replace the history entry and keep the other parameter.
 */
export function useReviewParams(): { view: ReviewView; setView: (view: ReviewView) => void; status: ReviewFilter; setStatus: (status: ReviewFilter) => void } {
  const [params, setParams] = useSearchParams();
  const change = (name: string, value: string | null) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (value === null) p.delete(name);
        else p.set(name, value);
        return p;
      },
      { replace: true },
    );
  return {
    view: params.get('view') === 'conflicts' ? 'conflicts' : 'flags',
    setView: (view) => change('view', view === 'conflicts' ? 'conflicts' : null),
    status: params.get('status') === 'all' ? 'ALL' : 'OPEN',
    setStatus: (status) => change('status', status === 'ALL' ? 'all' : null),
  };
}
