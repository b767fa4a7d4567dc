import { describe, expect, it } from 'vitest';
import type { EventData } from '@hostel/contracts';
import { goldPaymentSucceeded } from '@hostel/domain/testing';
import { projections } from '@hostel/read-models';
import type { ProjectedEvent } from '@hostel/read-models';
import { policies } from '../policy-list';
import { jobsFor } from '../runtime/policy';
import { grantBadge } from './grant-badge-policy';
import { publishUpcoming } from './publish-upcoming-policy';

const recorded = (event: Pick<ProjectedEvent, 'type' | 'data'>): ProjectedEvent =>
  ({ ...event, eventId: 'event-1', correlationId: 'request-1', streamId: 'test-1', occurredAt: '2026-11-22T10:00:00.000Z', actor: 'test' }) as ProjectedEvent;
/** Every job carries the request that started it all and the event that triggered it. */
const trace = { correlationId: 'request-1', causationId: 'event-1' };
const paid = (overrides: Partial<EventData<'PaymentSucceeded'>> = {}) => recorded({ type: 'PaymentSucceeded', data: goldPaymentSucceeded(overrides) });

describe('grant-badge policy', () => {
  it("queues one grant-badge job per payment, with the payment's badge and member", () => {
    expect(jobsFor(grantBadge, paid())).toEqual([
      { queue: 'grant-badge', data: { paymentId: 'pay-1', userId: 'u-1', badge: 'gold', trace }, jobId: 'grant-badge:pay-1' },
    ]);
  });
  it('asks for the same job id each time the same payment is seen, and another for another payment', () => {
    expect(jobsFor(grantBadge, paid())[0]?.jobId).toBe(jobsFor(grantBadge, paid())[0]?.jobId);
    expect(jobsFor(grantBadge, paid({ paymentId: 'pay-2' }))[0]?.jobId).toBe('grant-badge:pay-2');
  });
  it('ignores events it does not react to, such as the grant itself', () => {
    expect(jobsFor(grantBadge, recorded({ type: 'UserBadgeGranted', data: { userId: 'u-1', badge: 'gold', paymentId: 'pay-1' } }))).toEqual([]);
  });
});

describe('publish-upcoming policy', () => {
  it('publishes at the threshold, then lists the published meal, one job per meal and step', () => {
    expect(jobsFor(publishUpcoming, recorded({ type: 'UpcomingMealThresholdReached', data: { upcomingId: 'up-1', likes: 10 } }))).toEqual([
      { queue: 'publish-upcoming', data: { upcomingId: 'up-1', trace }, jobId: 'publish-upcoming:up-1' },
    ]);
    expect(
      jobsFor(
        publishUpcoming,
        recorded({ type: 'UpcomingMealPublished', data: { upcomingId: 'up-1', mealId: 'm-1', publishedAt: '2026-11-22T10:00:00.000Z' } }),
      ),
    ).toEqual([{ queue: 'list-published-meal', data: { upcomingId: 'up-1', trace }, jobId: 'list-published-meal:up-1' }]);
  });
});

describe('policies and read models', () => {
  it('keeps policies out of the read models a rebuild replays, under names of their own', () => {
    const readModels = projections.map((projection) => projection.name);
    expect(policies.map((policy) => `policy:${policy.name}`).filter((name) => readModels.includes(name))).toEqual([]);
    expect(projections.filter((projection) => 'kind' in projection || projection.name.startsWith('policy:'))).toEqual([]);
  });
});
