import { useParams } from 'react-router';
import { Checkout } from '@/features/payments/components/checkout';
import { RequireAuth } from './guards';

/** /checkout/{packageName}: signed-in members only; visitors are sent to sign in. */
export function CheckoutRoute() {
  const { packageName } = useParams();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <RequireAuth>
        <Checkout packageName={packageName} />
      </RequireAuth>
    </div>
  );
}
