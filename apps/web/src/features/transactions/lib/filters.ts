import { Category, TransactionType } from '@loyalty/contract';

/**
 * The Transactions screen's filters as they live in the address:
 * `?type=&category=&from=&to=&storeFilter=&search=&page=`, the same names as the API's query so
 * that reload, Back and a shared link keep the view. Dates are calendar days `YYYY-MM-DD`
 * (inclusive; the server reads them as UTC days).
 */
export interface TransactionFilters {
  type?: TransactionType;
  category?: Category;
  /** First day, `YYYY-MM-DD`, inclusive. */
  from?: string;
  /** Last day, `YYYY-MM-DD`, inclusive. */
  to?: string;
  /** Store id (uuid). */
  storeFilter?: string;
}

/** Filters, search and page of one list request (page from 1, page size 50). */
export interface TransactionListParams extends TransactionFilters {
  /** Customer name or card UID, as typed (trimmed); empty for none. */
  search?: string;
  page: number;
  limit: number;
}

/** Rows per page (transactions page size 50). */
export const TRANSACTIONS_PAGE_SIZE = 50;

/** Keys of {@link TransactionFilters}, in the order the filter panel shows them. */
export const FILTER_KEYS = ['type', 'category', 'from', 'to', 'storeFilter'] as const satisfies readonly (keyof TransactionFilters)[];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a real calendar day written `YYYY-MM-DD`. */
function isDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * Reads the filters, search and page from the address. Anything malformed (an unknown type, a
 * date that is not `YYYY-MM-DD`, a store id that is not a uuid, a page below 1) is ignored
 * rather than sent to the API, so a hand-edited link never ends in a 400.
 */
export function readListState(params: URLSearchParams): { filters: TransactionFilters; search: string; page: number } {
  const type = TransactionType.safeParse(params.get('type'));
  const category = Category.safeParse(params.get('category'));
  const from = params.get('from');
  const to = params.get('to');
  const store = params.get('storeFilter');
  const filters: TransactionFilters = {};
  if (type.success) filters.type = type.data;
  if (category.success) filters.category = category.data;
  if (isDay(from)) filters.from = from;
  if (isDay(to)) filters.to = to;
  if (store && UUID.test(store)) filters.storeFilter = store;
  const search = (params.get('search') ?? '').trim();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  return { filters, search, page };
}

/** How many filters of the panel are set (the count shown on the Filters button). */
export function activeFilterCount(filters: TransactionFilters): number {
  return FILTER_KEYS.filter((k) => Boolean(filters[k])).length;
}
