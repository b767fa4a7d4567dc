import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A section of the home page in the page's column, named by its h2 `title` (with an `intro` line
 * under it when given); `tinted` spans the page's width in light orange. `className` adds to the column.
 */
export function HomeSection({
  id,
  title,
  intro,
  tinted = false,
  className,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  tinted?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const column = cn('mx-auto grid max-w-6xl gap-8 px-4 py-16', className);
  const content = (
    <>
      {intro ? (
        <div className="grid gap-2 text-center">
          <h2 id={id} className="text-3xl font-bold text-slate-900">
            {title}
          </h2>
          <p className="text-slate-700">{intro}</p>
        </div>
      ) : (
        <h2 id={id} className="text-center text-3xl font-bold text-slate-900">
          {title}
        </h2>
      )}
      {children}
    </>
  );
  return tinted ? (
    <section aria-labelledby={id} className="bg-orange-50">
      <div className={column}>{content}</div>
    </section>
  ) : (
    <section aria-labelledby={id} className={column}>
      {content}
    </section>
  );
}
