import { useState } from 'react';
import type { CardResponse } from '@loyalty/contract';

/** What {@link useCardSelection} returns. */
export interface CardSelection {
  /** The selected card UIDs (across pages: bulk downloads may span pages). */
  selected: Set<string>;
  /** How much of the shown page is selected: the select-all box's state. */
  pageState: 'all' | 'some' | 'none';
  toggle: (uid: string) => void;
  /** Selects every card of the page, or, when all are selected, deselects them. */
  toggleAll: () => void;
  clear: () => void;
}

/** The card selection of the Cards page: it survives paging and filtering; `list` is the page shown. */
export function useCardSelection(list: readonly CardResponse[]): CardSelection {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const onPage = list.filter((c) => selected.has(c.cardUid)).length;
  const pageState = list.length > 0 && onPage === list.length ? 'all' : onPage > 0 ? 'some' : 'none';
  const change = (edit: (next: Set<string>) => void) =>
    setSelected((prev) => {
      const next = new Set(prev);
      edit(next);
      return next;
    });
  return {
    selected,
    pageState,
    toggle: (uid) => change((next) => (next.has(uid) ? next.delete(uid) : next.add(uid))),
    toggleAll: () => change((next) => list.forEach((c) => (pageState === 'all' ? next.delete(c.cardUid) : next.add(c.cardUid)))),
    clear: () => setSelected(new Set()),
  };
}
