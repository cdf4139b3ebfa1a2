import { useMutation } from '@tanstack/react-query';
import { answerFile, client } from '@/api/client';
import { saveBlob } from '@/lib/save-blob';
import type { TransactionFilters } from '../lib/filters';

/** Name of the saved export when the server names none (saved as transactions.csv). */
const EXPORT_FILENAME = 'transactions.csv';

/**
 * GET /api/t/{slug}/reports/export/transactions?type=&category=&from=&to=&storeFilter= (the list's
 * filters except search and page) → a CSV file, saved as `transactions.csv` (or the server's
 * Content-Disposition name). Columns per the contract's TRANSACTION_CSV_COLUMNS; money in dollars
 * with 2 decimals.
 * @returns the saved file name.
 * @throws {ApiError} 400 bad filter, 401, 403, 404; the page only logs it.
 */
async function exportTransactions(slug: string, filters: TransactionFilters): Promise<string> {
  const query = {
    type: filters.type || undefined,
    category: filters.category || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    storeFilter: filters.storeFilter || undefined,
  };
  const { blob, filename } = await answerFile(client.GET('/api/t/{slug}/reports/export/transactions', { params: { path: { slug }, query }, parseAs: 'blob' }));
  const name = filename ?? EXPORT_FILENAME;
  saveBlob(blob, name);
  return name;
}

/**
 * Export CSV of the Transactions page: a mutation around {@link exportTransactions} (pending
 * while the file streams; a failure is logged to the console, and kept in `isError`
 * so the page can offer to try again).
 */
export function useExportTransactions(slug: string) {
  return useMutation({
    mutationFn: (filters: TransactionFilters) => exportTransactions(slug, filters),
    onError: (error) => console.error('Failed to export transactions:', error),
  });
}
