import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { useListParams, type ListParams } from './use-list-params';

let list: ListParams<'from' | 'to'> | null = null;

function Probe() {
  list = useListParams(['from', 'to'] as const);
  const location = useLocation();
  return <output data-testid="query">{location.search}</output>;
}

describe('useListParams', () => {
  it('keeps both of two filter changes made before the page re-renders (From, then To date)', () => {
    render(
      <MemoryRouter initialEntries={['/t/demo/transactions?type=REDEEM&page=3']}>
        <Probe />
      </MemoryRouter>,
    );
    act(() => {
      list!.update({ from: '2001-01-01' });
      list!.update({ to: '2001-01-31' });
    });
    const query = new URLSearchParams(screen.getByTestId('query').textContent ?? '');
    expect(Object.fromEntries(query)).toEqual({ type: 'REDEEM', from: '2001-01-01', to: '2001-01-31' });
    // A later change builds on what the page now shows.
    act(() => list!.update({ from: '' }));
    expect(Object.fromEntries(new URLSearchParams(screen.getByTestId('query').textContent ?? ''))).toEqual({ type: 'REDEEM', to: '2001-01-31' });
  });
});
