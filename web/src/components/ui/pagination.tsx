import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from './button';

/** The pages to offer: the first, the last, and two either side of the current one; null marks a gap. */
export function visiblePages(page: number, pageCount: number): (number | null)[] {
  const shown = [...new Set([0, pageCount - 1, ...[-2, -1, 0, 1, 2].map((offset) => page + offset)])]
    .filter((index) => index >= 0 && index < pageCount)
    .sort((a, b) => a - b);
  return shown.flatMap((index, position) => (position > 0 && index - shown[position - 1]! > 1 ? [null, index] : [index]));
}

/** Page buttons for a dashboard list; `page` counts from 0. Hidden when everything fits on one page. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  className,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  className?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className={cn('flex flex-wrap items-center justify-center gap-1', className)}>
      <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      {visiblePages(page, pageCount).map((index, position) =>
        index === null ? (
          <span key={`gap-${position}`} aria-hidden="true" className="px-1 text-slate-700">
            …
          </span>
        ) : (
          <Button
            key={index}
            variant={index === page ? 'default' : 'outline'}
            size="sm"
            aria-label={`Page ${index + 1}`}
            aria-current={index === page ? 'page' : undefined}
            onClick={() => onPageChange(index)}
          >
            {index + 1}
          </Button>
        ),
      )}
      <Button variant="outline" size="sm" disabled={page >= pageCount - 1} onClick={() => onPageChange(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
