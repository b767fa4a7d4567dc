import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditName, PaymentTrail } from '@hostel/contracts';
import { http, HttpResponse } from 'msw';
import { seed } from '@/testing/api/db';
import { makePayment } from '@/testing/fixtures';
import { requests, server } from '@/testing/api/server';
import { audrey, auditEvent, inLog, person, sam, userNamed } from '@/testing/audit-history';
import { renderApp } from '@/testing/render-app';

const gold = makePayment(sam.email, 'Gold', { date: '2026-11-21T10:00:00.000Z' });
const silver = makePayment('pia@example.com', 'Silver', { date: '2026-11-22T10:00:00.000Z' });
/** A payment's trail as the audit answers it: the payment, and the badge it granted (named as the log named them then: Pia has no account yet). */
const trailOf = (payment: typeof gold, userId: string): PaymentTrail => {
  const names = {
    [`payments:${payment._id}`]: { name: `${payment.package} (${payment.price})`, email: payment.email },
    ...(userId === sam._id ? userNamed(sam) : {}),
  };
  return {
    paymentId: payment._id,
    email: payment.email,
    package: payment.package,
    amount: payment.amount,
    currency: payment.currency,
    price: payment.price,
    providerRef: payment.providerRef,
    paidAt: payment.date,
    events: inLog(events(payment, userId, names)),
  };
};
const events = (payment: typeof gold, userId: string, names: Record<string, AuditName>) => [
  auditEvent({
    type: 'PaymentSucceeded',
    stream: `payment-${payment._id}`,
    actor: person(sam),
    subject: { entity: 'payments', id: payment._id, version: 1 },
    names,
    data: {
      paymentId: payment._id,
      userId,
      email: payment.email,
      package: payment.package,
      badge: payment.package === 'Gold' ? 'gold' : 'silver',
      amount: payment.amount,
      currency: payment.currency,
      price: payment.price,
      provider: 'sandbox',
      providerRef: payment.providerRef,
      paidAt: payment.date,
    },
  }),
  auditEvent({
    type: 'UserBadgeGranted',
    stream: `user-${userId}`,
    version: 3,
    actor: 'system',
    subject: { entity: 'users', id: userId, version: 4 },
    names,
    // Events keep the badge in lower case.
    data: { userId, badge: payment.package === 'Gold' ? 'gold' : 'silver', paymentId: payment._id },
  }),
];

const rows = () =>
  within(screen.getByRole('table', { name: 'Payment trails' }))
    .getAllByRole('row')
    .slice(1);

describe('Payment trails', () => {
  it("given payments, when opened, then lists everyone's, newest first, and a member's email shows only theirs: amount, provider reference and the badge it granted", async () => {
    seed({ users: [audrey, sam], signedInAs: audrey.email });
    // Everyone's, newest first; a member's own (the read model matches emails whatever their case).
    const trails: Record<string, PaymentTrail[]> = { '': [trailOf(silver, 'id-pia'), trailOf(gold, sam._id)], 'SAM@example.com': [trailOf(gold, sam._id)] };
    server.use(http.get('/api/audit/payments', ({ request }) => HttpResponse.json(trails[new URL(request.url).searchParams.get('email') ?? ''])));
    const { router } = renderApp('/dashboard/audit/payments');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Payment Trails', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('pia@example.com');

    await user.type(screen.getByLabelText('Member email'), 'SAM@example.com');
    await user.click(screen.getByRole('button', { name: 'Show trail' }));

    await waitFor(() => expect(rows()).toHaveLength(1));
    const [row] = rows();
    expect(row).toHaveTextContent('Gold');
    expect(row).toHaveTextContent('$39');
    expect(row).toHaveTextContent('3900 usd minor units');
    expect(row).toHaveTextContent(gold.providerRef);
    expect(row).toHaveTextContent('Sam Student paid $39 for Gold');
    expect(row).toHaveTextContent('System granted Sam Student the gold badge, paid for with Gold ($39)');
    expect(within(row!).getByRole('link', { name: `History of the Gold payment by ${sam.email}` })).toHaveAttribute(
      'href',
      `/dashboard/audit/payments/${gold._id}`,
    );
    expect(requests('GET', '/api/audit/payments').map((request) => request.query.get('email'))).toEqual([null, 'SAM@example.com']);
    expect(router.state.location.search).toBe('?email=SAM%40example.com');
  });

  it('given a member without payments, when asking for their trail, then says none', async () => {
    seed({ users: [audrey], signedInAs: audrey.email });
    server.use(http.get('/api/audit/payments', () => HttpResponse.json([] satisfies PaymentTrail[])));
    renderApp('/dashboard/audit/payments?email=nobody%40example.com');

    expect(await screen.findByText('No payments by nobody@example.com.')).toBeInTheDocument();
  });
});
