import type { ComponentType } from 'react';
import { PRODUCT_NAME } from '@/config/paths';
import { cn } from '@/lib/cn';

/** A page's one h1, also used as the document title so each screen is announced by name. */
export function PageHeading({ children, className }: { children: string; className?: string }) {
  return (
    <>
      <title>{`${children} · ${PRODUCT_NAME}`}</title>
      <h1 className={cn('mb-6 text-2xl font-bold text-slate-900 md:text-3xl', className)}>{children}</h1>
    </>
  );
}

/** A dashboard page: its heading (also the document title), then its screen. */
export function titled(title: string, Screen: ComponentType) {
  function TitledRoute() {
    return (
      <>
        <PageHeading>{title}</PageHeading>
        <Screen />
      </>
    );
  }
  return TitledRoute;
}
