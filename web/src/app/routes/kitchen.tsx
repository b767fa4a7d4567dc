import { PageHeading } from '@/components/layouts/page-heading';
import { KitchenQueue } from '@/features/requests/components/kitchen-queue';

/** The kitchen display: the queue alone, full screen, for a tablet on the pass (no sidebar; dark if chosen or the system's). */
export function KitchenRoute() {
  return (
    <main id="main" className="min-h-svh bg-slate-100 p-3 lg:px-4 dark:bg-slate-950">
      {/* The heading shares the header's one line: a tablet's height is for the tickets. */}
      <KitchenQueue kiosk heading={<PageHeading className="mb-0 text-xl md:text-xl dark:text-slate-50">Kitchen queue</PageHeading>} />
    </main>
  );
}
