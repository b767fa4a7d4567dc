import { Button } from '@/components/ui/button';

/**
 * A card form's end, the sandbox's and Stripe's alike: once the payment is in and its badge awaited,
 * `awaitingText` as a status; then Pay Now, which reads Processing... while busy.
 */
export function PayNow({ processing, awaiting, awaitingText }: { processing: boolean; awaiting: boolean; awaitingText: string }) {
  return (
    <>
      {awaiting ? (
        <p role="status" className="text-sm text-slate-700">
          {awaitingText}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={processing} aria-busy={processing}>
        {processing ? 'Processing...' : 'Pay Now'}
      </Button>
    </>
  );
}
