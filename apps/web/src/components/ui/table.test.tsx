import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Table, type Column, type TableProps, type TableSort } from './table';

interface Customer {
  id: string;
  name: string;
  spend: string;
}

const ROWS: Customer[] = [
  { id: 'c1', name: 'Ada Lovelace', spend: '$12.00' },
  { id: 'c2', name: 'Grace Hopper', spend: '$3.50' },
];

const COLUMNS: Column<Customer>[] = [
  { id: 'name', header: 'Name', cell: (c) => c.name, sortable: true },
  { id: 'spend', header: 'Total spend', cell: (c) => c.spend, align: 'right', sortable: true },
  { id: 'actions', header: 'Actions', cell: (c) => <button type="button">View {c.name}</button> },
];

function renderTable(props: Partial<TableProps<Customer>> = {}) {
  return render(<Table caption="Customers" columns={COLUMNS} rows={ROWS} rowKey={(c) => c.id} {...props} />);
}

/** The table with its sort in state, as a list page keeps it. */
function SortedTable({ onSortChange }: { onSortChange: (sort: TableSort) => void }) {
  const [sort, setSort] = useState<TableSort | undefined>();
  return (
    <Table
      caption="Customers"
      columns={COLUMNS}
      rows={ROWS}
      rowKey={(c) => c.id}
      sort={sort}
      onSortChange={(next) => {
        onSortChange(next);
        setSort(next);
      }}
    />
  );
}

describe('Table: a named table with header cells and one row per item', () => {
  it('is named by its caption, with column headers and the rows’ cells in order', () => {
    renderTable({ rowProps: (c) => ({ 'data-testid': `row-${c.id}` }) });
    const table = screen.getByRole('table', { name: 'Customers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Total spend', 'Actions']);
    const [, ...body] = within(table).getAllByRole('row');
    expect(
      body.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ),
    ).toEqual([
      ['Ada Lovelace', '$12.00', 'View Ada Lovelace'],
      ['Grace Hopper', '$3.50', 'View Grace Hopper'],
    ]);
    expect(screen.getByTestId('row-c2')).toHaveTextContent('Grace Hopper');
  });

  it('draws plain headers (no sort buttons, no aria-sort) without onSortChange', () => {
    renderTable();
    const name = screen.getByRole('columnheader', { name: 'Name' });
    expect(name).not.toHaveAttribute('aria-sort');
    expect(within(name).queryByRole('button')).not.toBeInTheDocument();
  });

  it('sorts by a column header: ascending, then descending, and says so with aria-sort', async () => {
    const onSortChange = vi.fn();
    const user = userEvent.setup();
    render(<SortedTable onSortChange={onSortChange} />);
    const name = () => screen.getByRole('columnheader', { name: 'Name' });
    const spend = () => screen.getByRole('columnheader', { name: 'Total spend' });
    expect(name()).toHaveAttribute('aria-sort', 'none');
    expect(spend()).toHaveAttribute('aria-sort', 'none');
    // Only sortable columns get a button.
    expect(within(screen.getByRole('columnheader', { name: 'Actions' })).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(name()).getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'name', direction: 'asc' });
    expect(name()).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(name()).getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'name', direction: 'desc' });
    expect(name()).toHaveAttribute('aria-sort', 'descending');
    expect(spend()).toHaveAttribute('aria-sort', 'none');

    await user.click(within(spend()).getByRole('button', { name: 'Total spend' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'spend', direction: 'asc' });
    expect(spend()).toHaveAttribute('aria-sort', 'ascending');
    expect(name()).toHaveAttribute('aria-sort', 'none');
  });
});

describe('Table: loading, empty and busy states', () => {
  it('shows placeholder rows and a spoken "Loading …" instead of the table while loading', () => {
    renderTable({ loading: true, loadingLabel: 'Loading customers' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading customers');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Ada Lovelace')).not.toBeInTheDocument();
  });

  it('names the loading state after the caption by default', () => {
    renderTable({ loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading customers');
  });

  it('shows the empty state instead of the table when there are no rows', () => {
    renderTable({ rows: [], empty: <h2>No customers yet</h2> });
    expect(screen.getByRole('heading', { name: 'No customers yet' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps the rows, marked busy, while the next page loads', () => {
    renderTable({ busy: true });
    const table = screen.getByRole('table', { name: 'Customers' });
    expect(table.closest('[aria-busy="true"]')).not.toBeNull();
    expect(within(table).getByText('Ada Lovelace')).toBeInTheDocument();
  });
});

describe('Table: the phone layout', () => {
  it('draws each row as a list item from renderCard, shown below the breakpoint only', () => {
    renderTable({
      renderCard: (c) => <p>{`${c.name} spent ${c.spend}`}</p>,
      listLabel: 'Customer list',
      cardProps: (c) => ({ 'data-id': c.id }),
      breakpoint: 'lg',
    });
    const list = screen.getByRole('list', { name: 'Customer list' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Ada Lovelace spent $12.00', 'Grace Hopper spent $3.50']);
    expect(items[1]).toHaveAttribute('data-id', 'c2');
    // Tailwind hides the list from lg up and the table below lg.
    expect(list).toHaveClass('lg:hidden');
    expect(screen.getByRole('table', { name: 'Customers' }).parentElement).toHaveClass('hidden', 'lg:block');
  });

  it('keeps only the table (scrolling sideways) without renderCard', () => {
    renderTable();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Customers' }).parentElement).not.toHaveClass('hidden');
  });
});

describe('Table: a wide table', () => {
  it('makes its sideways-scrolling frame a named keyboard stop only when scrollable', async () => {
    const { unmount } = renderTable({ scrollable: true });
    const region = screen.getByRole('region', { name: 'Customers' });
    expect(region).toHaveAttribute('tabindex', '0');
    await userEvent.tab();
    expect(region).toHaveFocus();
    unmount();
    renderTable();
    expect(screen.queryByRole('region')).toBeNull();
  });
});
