import { DASHBOARD_PAGE_SIZE } from '@hostel/contracts';
import { useEffect } from 'react';

/**
 * How many pages a dashboard list of `total` items has (0 while loading). When the page on show
 * empties (its last row was deleted, say), it steps back to the last page there is.
 */
export function usePageCount(total: number | undefined, page: number, setPage: (page: number) => void, pageSize = DASHBOARD_PAGE_SIZE) {
  const pageCount = Math.ceil((total ?? 0) / pageSize);
  useEffect(() => {
    if (total !== undefined && page > 0 && page >= pageCount) setPage(Math.max(pageCount - 1, 0));
  }, [total, page, pageCount, setPage]);
  return pageCount;
}
