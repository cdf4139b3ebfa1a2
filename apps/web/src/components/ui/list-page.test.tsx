import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useListParams } from '@/hooks/use-list-params';
import { ApiError } from '@/lib/api';
import { renderWithProviders } from '@/test/render';
import { EmptyState } from './empty-state';
import { ListPage, ListToolbar, type ListQuery } from './list-page';
import { Table } from './table';

interface Product {
  name: string;
  status: 'ACTIVE' | 'ARCHIVED';
}

const PRODUCTS: Product[] = [
  { name: 'Latte', status: 'ACTIVE' },
  { name: 'Mocha', status: 'ACTIVE' },
  { name: 'Espresso', status: 'ARCHIVED' },
  { name: 'Iced Latte', status: 'ACTIVE' },
  { name: 'Chai Latte', status: 'ARCHIVED' },
];
const LIMIT = 2;

/** The server's answer for the address's search, status and page (2 products a page). */
function answer(search: string, status: string, page: number) {
  const matches = PRODUCTS.filter((p) => p.name.toLowerCase().includes(search.toLowerCase()) && (!status || p.status === status));
  return { products: matches.slice((page - 1) * LIMIT, page * LIMIT), total: matches.length, pages: Math.ceil(matches.length / LIMIT) };
}

type QueryState = Partial<ListQuery> & { isPending?: boolean };

/** A list page as the app writes one: search and a status filter in the address, a Table, the pager. */
function ProductsPage({ state = {} }: { state?: QueryState }) {
  const list = useListParams(['status']);
  const data = 'data' in state ? (state.data as ReturnType<typeof answer> | undefined) : answer(list.search, list.filters.status, list.page);
  const query: ListQuery = { data, error: null, isError: false, isFetching: false, isPlaceholderData: false, refetch: vi.fn(), ...state };
  return (
    <ListPage
      title="Products"
      query={query}
      errorTitle="Failed to load products"
      toolbar={
        <ListToolbar label="Search products" placeholder="Search by name" value={list.searchInput} onChange={list.setSearchInput}>
          <select aria-label="Status" value={list.filters.status} onChange={(e) => list.update({ status: e.target.value })}>
            <option value="">All statuses</option>
            <option value="ACTIVE">Active</option>
            <option value="ARCHIVED">Archived</option>
          </select>
        </ListToolbar>
      }
      pagination={{
        page: list.page,
        pages: data?.pages ?? 0,
        total: data?.total ?? 0,
        limit: LIMIT,
        noun: 'products',
        onPage: (page) => list.update({ page }),
      }}
    >
      <Table
        caption="Products"
        columns={[{ id: 'name', header: 'Name', cell: (p: Product) => p.name }]}
        rows={data?.products ?? []}
        rowKey={(p) => p.name}
        loading={state.isPending}
        empty={<EmptyState icon={<span />} title="No products found" description="Try another search." />}
      />
    </ListPage>
  );
}

/** The address bar, as the user reads it. */
function Address() {
  return <output aria-label="Address">{useLocation().search}</output>;
}

function renderPage(route: string, state?: QueryState) {
  const view = renderWithProviders(
    <>
      <ProductsPage state={state} />
      <Address />
    </>,
    { route },
  );
  const address = () => screen.getByRole('status', { name: 'Address' }).textContent;
  const names = () =>
    within(screen.getByRole('table', { name: 'Products' }))
      .getAllByRole('cell')
      .map((td) => td.textContent);
  return { ...view, address, names };
}

describe('ListPage: search, filters and page live in the address', () => {
  it('shows the list the address asks for: the search box filled, the page and its summary', () => {
    const { names } = renderPage('/products?search=latte&page=2');
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('latte');
    expect(names()).toEqual(['Chai Latte']);
    expect(screen.getByTestId('pagination-summary')).toHaveTextContent('Showing 3 to 3 of 3 products');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('puts typed search text in the address after the pause and goes back to page 1', async () => {
    const { user, address, names } = renderPage('/products?page=2');
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'mocha');
    await waitFor(() => expect(address()).toBe('?search=mocha'));
    expect(names()).toEqual(['Mocha']);
    // One page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('puts the chosen filter in the address and lists only what matches', async () => {
    const { user, address, names } = renderPage('/products');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Archived');
    expect(address()).toBe('?status=ARCHIVED');
    expect(names()).toEqual(['Espresso', 'Chai Latte']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All statuses');
    expect(address()).toBe('');
  });

  it('pages with Next and Previous (page 1 has no ?page=)', async () => {
    const { user, address, names } = renderPage('/products');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(names()).toEqual(['Latte', 'Mocha']);
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(address()).toBe('?page=2');
    expect(names()).toEqual(['Espresso', 'Iced Latte']);
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(names()).toEqual(['Chai Latte']);
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(address()).toBe('');
  });

  it('moves a page past the end to the last page', async () => {
    const { address } = renderPage('/products?search=latte&page=5');
    await waitFor(() => expect(address()).toBe('?search=latte&page=2'));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });
});

describe('ListPage: loading, empty and error states', () => {
  it('shows the loading rows and no pager while the first page loads', () => {
    renderPage('/products', { isPending: true, data: undefined });
    expect(screen.getByText('Loading products')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('shows the empty state when nothing matches', () => {
    renderPage('/products?search=tea');
    expect(screen.getByRole('heading', { name: 'No products found' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error with the server message and Try again when the first load fails', async () => {
    const refetch = vi.fn();
    const { user } = renderPage('/products', { data: undefined, isError: true, error: new ApiError(500, 'Database unavailable'), refetch });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load products');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows and says why when a refresh fails', () => {
    const { names } = renderPage('/products', { data: answer('', '', 1), isError: true, error: new ApiError(503, 'Service unavailable') });
    expect(screen.getByRole('alert')).toHaveTextContent('Service unavailable');
    expect(names()).toEqual(['Latte', 'Mocha']);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
