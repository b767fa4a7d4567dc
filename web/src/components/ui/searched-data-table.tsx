import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@/lib/get-page';
import { useSearchedPages } from '@/lib/use-searched-pages';
import { DataTable, type DataTableProps } from './data-table';
import { SearchField } from './search-input';

/**
 * A dashboard list with a search box above it (Manage Users, Serve Meals' requests): `useRows` reads a
 * page of what matches the search, sent once typing pauses; a new search starts on the first page.
 */
export function SearchedDataTable<Row extends { _id: string }>({
  search: field,
  useRows,
  ...table
}: Omit<DataTableProps<Row>, 'query' | 'page' | 'onPageChange'> & {
  /** The search box: its id, label and placeholder. */
  search: { id: string; label: string; placeholder: string };
  /** The query of one page of rows for a search. */
  useRows: (params: { search: string; page: number }) => UseQueryResult<Page<Row>>;
}) {
  const { searchText, setSearchText, search, page, setPage } = useSearchedPages();
  const query = useRows({ search, page });
  return (
    <div className="grid gap-4">
      <SearchField {...field} value={searchText} onValueChange={setSearchText} />
      <DataTable {...table} query={query} page={page} onPageChange={setPage} />
    </div>
  );
}
