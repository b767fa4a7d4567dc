import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { type PaymentTrailRow, usePaymentTrails } from '../api/get-payment-trails';
import { actorInWords, actorThen, iconOf, timeInWords, whatHappened } from './event-words';

const linkClasses =
  'font-medium text-orange-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-700';

// Four columns, each saying a whole thing, so a phone shows most of a row before scrolling it sideways.
const columns: DataColumn<PaymentTrailRow>[] = [
  {
    header: 'Payment',
    cell: (trail) => (
      <div className="grid min-w-36 gap-0.5">
        <span className="font-semibold text-slate-900">{`${trail.package} · ${trail.price}`}</span>
        <span className="text-xs text-slate-700">{`${trail.amount} ${trail.currency} minor units`}</span>
        <time dateTime={trail.paidAt} className="text-xs text-slate-700">
          {timeInWords(trail.paidAt)}
        </time>
        <Link
          to={paths.dashboard.auditEntity('payments', trail.paymentId)}
          aria-label={`History of the ${trail.package} payment by ${trail.email}`}
          className={linkClasses}
        >
          History
        </Link>
      </div>
    ),
  },
  { header: 'Member', cell: (trail) => trail.email, className: 'min-w-32 [overflow-wrap:anywhere]' },
  {
    header: 'Provider reference',
    cell: (trail) => <code className="text-xs [overflow-wrap:anywhere]">{trail.providerRef}</code>,
    className: 'min-w-32 max-w-48',
  },
  {
    header: 'What it caused',
    cell: (trail) => (
      <ul className="grid min-w-48 gap-1">
        {trail.events.map((event) => {
          const Icon = iconOf(event.type);
          return (
            <li key={event.position} className="flex items-start gap-1.5">
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-orange-800" />
              <span>{`${actorInWords(actorThen(event))} ${whatHappened(event)}`}</span>
            </li>
          );
        })}
      </ul>
    ),
  },
];

/** Payment trails: a member's payments (everyone's without an email), the amounts, the provider's reference and the badge each granted. */
export function PaymentTrails() {
  const [params, setParams] = useSearchParams();
  const email = params.get('email') ?? '';
  const [typed, setTyped] = useState(email);
  const [page, setPage] = useState(0);
  const trails = usePaymentTrails(email, page);

  const show = (next: string) => {
    setPage(0);
    setParams(next ? { email: next } : {});
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    show(typed.trim());
  };

  return (
    <div className="grid gap-4">
      <form role="search" aria-label="Payment trails" onSubmit={onSubmit} className="grid max-w-xl gap-1.5">
        <Label htmlFor="trail-email">Member email</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id="trail-email"
            type="email"
            autoComplete="off"
            className="min-w-0 flex-1 basis-56"
            aria-describedby="trail-email-hint"
            value={typed}
            onChange={(change) => setTyped(change.target.value)}
          />
          <Button type="submit">
            <Search aria-hidden="true" />
            Show trail
          </Button>
          {email ? (
            <Button
              variant="outline"
              onClick={() => {
                setTyped('');
                show('');
              }}
            >
              Everyone
            </Button>
          ) : null}
        </div>
        <p id="trail-email-hint" className="text-sm text-slate-700">
          {email ? `Payments by ${email}, newest first.` : "Everyone's payments, newest first. Enter an email for one member's."}
        </p>
      </form>
      <DataTable
        label="Payment trails"
        columns={columns}
        query={trails}
        loadingText="Loading payment trails..."
        errorText={(error) => 'Failed to load payment trails: ' + error.message}
        emptyText={email ? `No payments by ${email}.` : 'No payments yet.'}
        page={page}
        onPageChange={setPage}
      />
    </div>
  );
}
