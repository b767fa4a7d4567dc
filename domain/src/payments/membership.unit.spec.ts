import { describe, expect, it } from 'vitest';
import { givenDecider } from '../testing';
import type { MembershipCommand, MembershipEvent } from './membership';
import { membershipDecider, PURCHASE_LEASE_MS, PURCHASE_TIMEOUT_MS, PurchaseUnderWay } from './membership';

const given = givenDecider(membershipDecider);
const NOW = '2026-11-22T10:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();
const start = (overrides: Partial<Extract<MembershipCommand, { type: 'StartPurchase' }>> = {}): MembershipCommand => ({
  type: 'StartPurchase',
  userId: 'u-1',
  paymentId: 'pay-1',
  package: 'Silver',
  provider: 'sandbox',
  heldBadge: null,
  now: NOW,
  // Unless a test says otherwise, the request arrived after everything its history holds.
  arrivedAt: Number.MAX_SAFE_INTEGER,
  ...overrides,
});
const started = (paymentId = 'pay-1', pkg = 'Silver', startedAt = NOW): MembershipEvent => ({
  type: 'MembershipPurchaseStarted',
  data: { userId: 'u-1', paymentId, package: pkg, provider: 'sandbox', startedAt },
});
const completed = (paymentId = 'pay-1'): MembershipEvent => ({ type: 'MembershipPurchaseCompleted', data: { userId: 'u-1', paymentId } });
const failed = (paymentId = 'pay-1', reason: 'declined' | 'abandoned' = 'declined'): MembershipEvent => ({
  type: 'MembershipPurchaseFailed',
  data: { userId: 'u-1', paymentId, reason, message: 'Your card was declined.' },
});

/** The purchase a refusal says is under way, and whether it is stale. */
function underWay(history: MembershipEvent[], command: MembershipCommand) {
  const state = history.reduce(membershipDecider.evolve, membershipDecider.initialState);
  try {
    membershipDecider.decide(command, state);
  } catch (error) {
    if (error instanceof PurchaseUnderWay)
      return { paymentId: error.purchase.paymentId, package: error.purchase.package, stale: error.stale, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

describe('membership decider: one purchase at a time per member', () => {
  it('starts a purchase before anything is charged', () => {
    expect(given().when(start()).events).toEqual([started()]);
  });

  it('refuses any other purchase while one is under way, whatever its package or attempt', () => {
    for (const command of [start({ paymentId: 'pay-2' }), start({ paymentId: 'pay-2', package: 'Platinum' })])
      expect(underWay([started()], command)).toEqual({
        paymentId: 'pay-1',
        package: 'Silver',
        stale: false,
        message: 'A purchase of Silver is already under way for your account: this one was not charged.',
      });
  });

  it('answers the same attempt again with nothing new (it is resumed), and refuses it for another package', () => {
    expect(given(started()).when(start()).events).toEqual([]);
    expect(given(started(), completed()).when(start()).events).toEqual([]);
    expect(given(started()).when(start({ package: 'Gold' })).error).toEqual({
      kind: 'conflict',
      message: 'This payment attempt was already made for another package. Please start a new one.',
    });
  });

  it('frees the member once the purchase ends, paid or not; a paid plan counts before its badge is granted', () => {
    expect(given(started(), failed()).when(start({ paymentId: 'pay-2', package: 'Gold' })).events).toEqual([started('pay-2', 'Gold')]);
    expect(given(started(), completed()).when(start({ paymentId: 'pay-2', package: 'Silver' })).error).toEqual({
      kind: 'conflict',
      message: 'You are already a Silver member: only a higher plan can be bought.',
    });
    expect(given(started(), completed()).when(start({ paymentId: 'pay-2', package: 'Gold' })).events).toEqual([started('pay-2', 'Gold')]);
  });

  it('refuses a purchase in flight with one that ended after it arrived (started within the lease), however that one ended', () => {
    // Arrived when the stream held the other's start: it ended (completed or failed) before this one could start.
    for (const end of [completed(), failed()]) {
      const refused = given(started(), end).when(start({ paymentId: 'pay-2', package: 'Gold', arrivedAt: 1, now: later(PURCHASE_LEASE_MS - 1) }));
      expect(refused.error).toEqual({ kind: 'conflict', message: 'A purchase of Silver made at the same time ended first: this one was not charged.' });
    }
    // Arrived before the other even started.
    expect(given(started(), completed()).when(start({ paymentId: 'pay-2', package: 'Gold', arrivedAt: 0 })).error?.kind).toBe('conflict');
    // Arrived once it had ended: a later purchase, an upgrade.
    expect(given(started(), completed()).when(start({ paymentId: 'pay-2', package: 'Gold', arrivedAt: 2 })).events).toEqual([started('pay-2', 'Gold')]);
    // A purchase a stopped process left open past the lease, ended by this request (completed or abandoned), lets it start.
    const past = later(PURCHASE_LEASE_MS);
    expect(given(started(), completed()).when(start({ paymentId: 'pay-2', package: 'Gold', arrivedAt: 1, now: past })).events).toEqual([
      started('pay-2', 'Gold', past),
    ]);
  });

  it('refuses a plan that would not raise the badge the account holds', () => {
    expect(given().when(start({ heldBadge: 'gold', package: 'Gold' })).error).toEqual({
      kind: 'conflict',
      message: 'You are already a Gold member: only a higher plan can be bought.',
    });
  });

  it('says a purchase left without an outcome past the timeout is stale, so the next one may abandon it', () => {
    expect(underWay([started()], start({ paymentId: 'pay-2', now: later(PURCHASE_TIMEOUT_MS - 1) })).stale).toBe(false);
    expect(underWay([started()], start({ paymentId: 'pay-2', now: later(PURCHASE_TIMEOUT_MS) })).stale).toBe(true);
    const abandon: MembershipCommand = { type: 'FailPurchase', userId: 'u-1', paymentId: 'pay-1', reason: 'abandoned', message: 'Abandoned.' };
    expect(given(started()).when(abandon).events).toEqual([
      { type: 'MembershipPurchaseFailed', data: { userId: 'u-1', paymentId: 'pay-1', reason: 'abandoned', message: 'Abandoned.' } },
    ]);
  });

  it('completes a purchase once its payment is recorded, even after it was given up (money taken is a purchase made), and only once', () => {
    const complete: MembershipCommand = { type: 'CompletePurchase', userId: 'u-1', paymentId: 'pay-1' };
    expect(given(started()).when(complete).events).toEqual([completed()]);
    expect(given(started(), failed('pay-1', 'abandoned')).when(complete).events).toEqual([completed()]);
    expect(given(started(), completed()).when(complete).events).toEqual([]);
    expect(given().when(complete).events).toEqual([]);
  });

  it('records a failure only for a purchase under way, and the provider waiting once per PaymentIntent', () => {
    const fail: MembershipCommand = { type: 'FailPurchase', userId: 'u-1', paymentId: 'pay-1', reason: 'declined', message: 'Your card was declined.' };
    expect(given(started()).when(fail).events).toEqual([failed()]);
    expect(given(started(), completed()).when(fail).events).toEqual([]);
    const awaiting: MembershipCommand = { type: 'AwaitProvider', userId: 'u-1', paymentId: 'pay-1', paymentIntentId: 'pi_1' };
    const waited: MembershipEvent = { type: 'MembershipPurchaseAwaitingProvider', data: { userId: 'u-1', paymentId: 'pay-1', paymentIntentId: 'pi_1' } };
    expect(given(started()).when(awaiting).events).toEqual([waited]);
    expect(given(started(), waited).when(awaiting).events).toEqual([]);
  });
});
