import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSnapToLastPage } from './use-snap-to-last-page';

type Args = { page: number; pages: number; settled: boolean };

function renderSnap(initial: Args) {
  const goTo = vi.fn();
  const view = renderHook(({ page, pages, settled }: Args) => useSnapToLastPage(page, pages, settled, goTo), { initialProps: initial });
  return { ...view, goTo };
}

describe('useSnapToLastPage', () => {
  it('goes to the last page once the answer shows the page is past the end (after a delete)', () => {
    const { goTo, rerender } = renderSnap({ page: 3, pages: 3, settled: true });
    expect(goTo).not.toHaveBeenCalled();
    rerender({ page: 3, pages: 2, settled: true });
    expect(goTo).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('waits while the previous query’s placeholder is shown', () => {
    const { goTo, rerender } = renderSnap({ page: 5, pages: 2, settled: false });
    expect(goTo).not.toHaveBeenCalled();
    rerender({ page: 5, pages: 2, settled: true });
    expect(goTo).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('stays put on an empty list and on a page inside the list', () => {
    const { goTo, rerender } = renderSnap({ page: 2, pages: 0, settled: true });
    rerender({ page: 2, pages: 4, settled: true });
    rerender({ page: 1, pages: 1, settled: true });
    expect(goTo).not.toHaveBeenCalled();
  });
});
