import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MEMBERSHIP_PACKAGES, PaymentBody } from '@hostel/contracts';
import type { PaymentAnswer } from '@hostel/contracts';
import type { EventStore } from '@hostel/eventstore';
import { actorOf } from '@hostel/platform/http';
import { handleCommand } from '../command-handler';
import { userStream } from '../identity/user';
import { userDecider } from '../identity/user-decider';
import { paymentDecider, paymentStream } from './payment';
import { chargeSandbox } from './sandbox-provider';

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Memberships: the signed-in user pays for a package by card; the payment is recorded on its own
 * stream and the badge granted on theirs. Price and badge come from the catalogue only.
 */
export function paymentRoutes(app: FastifyInstance, deps: { store: EventStore }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/payment', { config: { access: 'user' }, schema: { body: PaymentBody } }, async (request): Promise<PaymentAnswer> => {
    const actor = actorOf(request);
    const { providerRef } = chargeSandbox(request.body.stripeToken);
    const paymentId = crypto.randomUUID();
    const context = { actor: actor.sub, correlationId: request.id };
    const paid = await handleCommand(
      deps.store,
      paymentStream(paymentId),
      paymentDecider,
      { type: 'RecordPayment', paymentId, user: { userId: actor.sub, email: actor.email }, package: request.body.package, provider: 'sandbox', providerRef, paidAt: new Date().toISOString() },
      context,
    );
    const { badge } = MEMBERSHIP_PACKAGES[request.body.package];
    const granted = await handleCommand(deps.store, userStream(actor.sub), userDecider, { type: 'GrantBadge', userId: actor.sub, badge, paymentId }, { ...context, causationId: paymentId });
    // A lesser plan bought while on a better one keeps the better badge: say which one they have.
    const held = (granted.state.exists && granted.state.badge) || badge;
    const position = granted.changed ? granted.position : paid.position;
    return { message: `You are now a ${capitalised(held)} member`, badge: held, ...(position ? { position } : {}) };
  });
}
