import { PageHeading } from '@/components/layouts/page-heading';
import { KitchenQueue } from '@/features/requests/components/kitchen-queue';

/** The kitchen display: the queue alone, full screen, for a tablet on the pass (no sidebar, bigger cards). */
export function KitchenRoute() {
  return (
    <main id="main" className="min-h-svh bg-slate-100 p-4 lg:p-6">
      {/* The heading shares the toolbar's row: a tablet's height is for the requests. */}
      <KitchenQueue kiosk heading={<PageHeading className="mr-2 mb-0 text-2xl md:text-2xl">Kitchen queue</PageHeading>} />
    </main>
  );
}
