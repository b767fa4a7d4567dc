import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from './button';

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
      {Array.from({ length: pageCount }, (_, index) => (
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
      ))}
      <Button variant="outline" size="sm" disabled={page >= pageCount - 1} onClick={() => onPageChange(page + 1)}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
