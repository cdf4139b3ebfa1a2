import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSearchBox } from './use-search-box';

/** A change of a list's address state: a filter or the search set to '' is removed; `page` 1 is dropped. */
type ListParamsUpdate<K extends string> = Partial<Record<K | 'search', string>> & { page?: number };

/** What {@link useListParams} returns. */
export interface ListParams<K extends string> {
  /** The whole address query (for parameters the page handles itself). */
  params: URLSearchParams;
  setParams: ReturnType<typeof useSearchParams>[1];
  /** The committed, trimmed search (`?search=`), '' when none. */
  search: string;
  /** The filters named by `keys`, '' when absent. */
  filters: Record<K, string>;
  /** The page, from 1 (`?page=`; anything else reads as 1). */
  page: number;
  /** Writes search, filters and page into the address; any change but a page turn goes back to page 1. */
  update: (next: ListParamsUpdate<K>) => void;
  /** The search box's text (debounced 300 ms into `?search=`) and its setter. */
  searchInput: string;
  setSearchInput: (text: string) => void;
  /** Empties the search box and every filter. */
  clearAll: () => void;
}

/**
 * The state of a list page kept in the address (`?search=&<filters>&page=`), so reload and
 * Back keep it. Typing and filtering replace the history entry; a page turn is a step
 * Back can undo. `keys` names the filter parameters; ListPage snaps a page past the end back.
 */
export function useListParams<K extends string = never>(keys: readonly K[] = []): ListParams<K> {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const filters = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  // React Router hands every functional update a copy of the last render's query, not the one
  // the update before it wrote: two changes before a re-render (From then To date, typed fast)
  // would lose the first. Until the query changes, the last update's result is the next base.
  const written = useRef<{ base: URLSearchParams; result: URLSearchParams } | null>(null);

  function update(next: ListParamsUpdate<K>) {
    setParams(
      (prev) => {
        const p = new URLSearchParams(written.current?.base === params ? written.current.result : prev);
        for (const key of [...keys, 'search' as const]) {
          const value = next[key];
          if (value === undefined) continue;
          if (value.trim()) p.set(key, value.trim());
          else p.delete(key);
        }
        if (next.page !== undefined && next.page > 1) p.set('page', String(next.page));
        else p.delete('page');
        written.current = { base: params, result: p };
        return p;
      },
      { replace: next.page === undefined },
    );
  }

  const [searchInput, setSearchInput] = useSearchBox(search, (text) => update({ search: text } as ListParamsUpdate<K>));
  const clearAll = () => {
    setSearchInput('');
    update({ search: '', ...Object.fromEntries(keys.map((k) => [k, ''])) } as ListParamsUpdate<K>);
  };
  return { params, setParams, search, filters, page, update, searchInput, setSearchInput, clearAll };
}

/** Removes `keys` from the address without a new history entry (one-shot parameters such as `?action=create`, `?funds=`). */
export function dropParams(setParams: ReturnType<typeof useSearchParams>[1], ...keys: string[]): void {
  setParams(
    (prev) => {
      const p = new URLSearchParams(prev);
      for (const key of keys) p.delete(key);
      return p;
    },
    { replace: true },
  );
}
