import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '@/lib/get-page';
import { usePageCount } from '@/lib/use-page';
import { Pagination } from './pagination';
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from './table';
import { LoadFailed, ReadFailed } from '@/components/ui/read-failed';
import { cn } from '@/lib/cn';
import { useKeptRead } from '@/lib/use-kept-read';

/**
 * One column of a DataTable: its header (unique in its table, as it keys the column), what a row shows
 * under it (`index` counts from 0 on this page), and its cells' class.
 */
export interface DataColumn<Row> {
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  className?: string;
}

export interface DataTableProps<Row> {
  label: string;
  columns: DataColumn<Row>[];
  query: UseQueryResult<Page<Row>>;
  loadingText: string;
  errorText: string | ((error: Error) => string);
  emptyText: string;
  page: number;
  onPageChange: (page: number) => void;
}

/**
 * A dashboard list: one page of a query as a table named by `label`, with the text each state says
 * (loading, failed, nothing found) and the page buttons under it. `page` counts from 0; when the page
 * on show empties, `onPageChange` steps back to the last page there is. `errorText` stands in for the
 * table only when nothing was read yet; any later read that fails (after a push, or of another page,
 * sort or search) leaves the rows on show and is said under them, with Try again. While another page
 * is read, the rows before it stay, dimmed, and the table says it is loading.
 */
export function DataTable<Row extends { _id: string }>({ label, columns, query, loadingText, errorText, emptyText, page, onPageChange }: DataTableProps<Row>) {
  const { data, fromBefore } = useKeptRead(query);
  const pageCount = usePageCount(data?.total, page, onPageChange);

  // min-w-0: in a grid of its own screen, the table never widens the page; in a narrow frame its rows
  // become cards (see Table's `stacked`), so nothing, the actions least of all, needs sideways scrolling.
  return (
    <div className="grid min-w-0 gap-4">
      {!data ? (
        query.isError ? (
          <LoadFailed retry={query}>{typeof errorText === 'string' ? errorText : errorText(query.error)}</LoadFailed>
        ) : (
          <p role="status">{loadingText}</p>
        )
      ) : (
        <>
          <Table aria-label={label} aria-busy={query.isFetching} stacked>
            <TableHeader>
              <TableRow>
                {columns.map((column) => (
                  <TableHead key={column.header}>{column.header}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody className={cn(fromBefore && 'opacity-60')}>
              {data.items.length === 0 ? (
                <TableEmpty colSpan={columns.length}>{emptyText}</TableEmpty>
              ) : (
                data.items.map((row, index) => (
                  <TableRow key={row._id}>
                    {columns.map((column) => (
                      <TableCell key={column.header} label={column.header} className={column.className}>
                        {column.cell(row, index)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
          {fromBefore && query.isFetching && !query.isError ? (
            <p role="status" className="text-sm text-slate-700">
              Loading…
            </p>
          ) : null}
          {/* A read that fails (again after a push, or of the page asked for) leaves the rows on show as they are and says so under them. */}
          <ReadFailed
            error={query.isError ? query.error : null}
            saying={fromBefore ? 'Failed to load this page (showing the rows from before)' : 'Failed to read this list again'}
            retry={query}
          />
          <Pagination page={page} pageCount={pageCount} onPageChange={onPageChange} />
        </>
      )}
    </div>
  );
}
