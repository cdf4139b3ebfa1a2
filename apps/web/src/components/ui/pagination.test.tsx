import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

const summary = () => screen.getByTestId('pagination-summary');

/** A list of `total` cards, 20 a page, whose pager moves the page as the user clicks. */
function PagedCards({ total, start = 1 }: { total: number; start?: number }) {
  const [page, setPage] = useState(start);
  const pages = Math.ceil(total / 20);
  return <Pagination page={page} pages={pages} total={total} limit={20} noun="cards" onPage={setPage} />;
}

describe('Pagination', () => {
  it('is not shown for a single page', () => {
    render(<Pagination page={1} pages={1} total={12} limit={20} noun="cards" onPage={() => {}} />);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('is shown on a single page when asked to, but never without rows', () => {
    const { rerender } = render(<Pagination page={1} pages={1} total={12} limit={20} noun="cards" onPage={() => {}} always />);
    expect(summary()).toHaveTextContent('Showing 1 to 12 of 12 cards');
    expect(screen.getByText('Page 1 of 1')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    rerender(<Pagination page={1} pages={0} total={0} limit={20} noun="cards" onPage={() => {}} always />);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('counts the rows of the first page and only lets the user go forward', () => {
    render(<PagedCards total={45} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(summary()).toHaveTextContent('Showing 1 to 20 of 45 cards');
    expect(within(nav).getByText('Page 1 of 3')).toBeVisible();
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('moves through the pages, the last one holding the remainder', async () => {
    const user = userEvent.setup();
    render(<PagedCards total={45} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(summary()).toHaveTextContent('Showing 21 to 40 of 45 cards');
    expect(screen.getByText('Page 2 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(summary()).toHaveTextContent('Showing 41 to 45 of 45 cards');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Page 2 of 3')).toBeVisible();
  });

  it('shows a page past the end as the last one, and steps back from there', async () => {
    const onPage = vi.fn();
    const user = userEvent.setup();
    render(<Pagination page={7} pages={3} total={45} limit={20} noun="customers" onPage={onPage} />);
    expect(summary()).toHaveTextContent('Showing 41 to 45 of 45 customers');
    expect(screen.getByText('Page 3 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });
});
