import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seed } from '@/testing/api/db';
import { requests } from '@/testing/api/server';
import { audrey, boss, mealHistory, registration, sam } from '@/testing/audit-history';
import { renderApp } from '@/testing/render-app';

const mealId = '0b1f5f59-3c1e-4a43-9a3b-5d2d7c0e8a11';
const card = () => screen.getByRole('article');

describe("an entity's audit page", () => {
  it('given a meal, when opened, then shows its card at the latest version beside its whole timeline, a review from another stream among it', async () => {
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email, auditEvents: mealHistory(mealId) });
    renderApp(`/dashboard/audit/meals/${mealId}`);

    expect(await screen.findByRole('heading', { name: 'Meal timeline', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dal Tadka Deluxe', level: 3 })).toBeInTheDocument();
    expect(card()).toHaveTextContent('Price $5.50');
    expect(card()).toHaveTextContent('Ingredients: lentils, ghee, cumin');
    expect(card()).toHaveTextContent('Served by Boss');
    const slider = screen.getByRole('slider', { name: 'Version' });
    expect(slider).toHaveValue('3');
    expect(slider).toHaveAttribute('aria-valuetext', expect.stringMatching(/^Version 3 of 0 to 3, /));
    const timeline = await screen.findByRole('list', { name: 'Events of this meal' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => within(item).getByText(/^[A-Z][a-zA-Z]+$/, { selector: 'code' }).textContent),
    ).toEqual(['MealAdded', 'MealEdited', 'MealEdited', 'MealLiked', 'ReviewAdded']);
    // Its own events don't link back to this page.
    expect(within(timeline).queryByRole('link', { name: /^Meal 0b1f5f59/ })).not.toBeInTheDocument();
  });

  it('given a meal, when sliding back to its first version, then asks for that version’s state and shows the card as it looked, when and by whom', async () => {
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email, auditEvents: mealHistory(mealId) });
    renderApp(`/dashboard/audit/meals/${mealId}`);
    const slider = await screen.findByRole('slider', { name: 'Version' });
    await screen.findByRole('heading', { name: 'Dal Tadka Deluxe', level: 3 });

    fireEvent.input(slider, { target: { value: '0' } });

    expect(await screen.findByRole('heading', { name: 'Dal Tadka', level: 3 })).toBeInTheDocument();
    expect(card()).toHaveTextContent('Price $5.00');
    expect(card()).toHaveTextContent('Ingredients: lentils, garlic');
    expect(requests('GET', `/api/audit/meals/${mealId}/state`).map((request) => request.query.get('version'))).toEqual([null, '0']);
    expect(screen.getByText('0 (the latest is 3)')).toBeInTheDocument();
    expect(screen.getByText('Boss (boss@hostel.test)')).toBeInTheDocument();
    expect(screen.getByText('The first version: everything above began here.')).toBeInTheDocument();
    expect(slider).toHaveAttribute('aria-valuetext', expect.stringMatching(/^Version 0 of 0 to 3, /));
  });

  it('given a meal, when moving the slider to an edit, then says what that version changed and who made it', async () => {
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email, auditEvents: mealHistory(mealId) });
    renderApp(`/dashboard/audit/meals/${mealId}`);
    const slider = await screen.findByRole('slider', { name: 'Version' });

    fireEvent.input(slider, { target: { value: '1' } });

    await waitFor(() => expect(card()).toHaveTextContent('Price $5.50'));
    expect(card()).toHaveTextContent('Dal Tadka');
    const changed = screen.getByRole('heading', { name: 'What this version changed' }).parentElement!;
    expect((await within(changed).findByText(/^Price:/)).parentElement).toHaveTextContent('Price: from 5 → to 5.5');
    expect(screen.getByText('1 (the latest is 3)')).toBeInTheDocument();
    expect(screen.getByText('Boss (boss@hostel.test)')).toBeInTheDocument();
    expect(requests('GET', `/api/audit/meals/${mealId}/diff`).map((request) => `${request.query.get('from')}→${request.query.get('to')}`)).toContain('0→1');
  });

  it('given a user, when opened, then shows its state as a readable list of fields, secrets as the server redacted them', async () => {
    seed({ users: [audrey, sam], signedInAs: audrey.email, auditEvents: registration(sam) });
    renderApp(`/dashboard/audit/users/${encodeURIComponent(sam._id)}`);

    expect(await screen.findByRole('heading', { name: 'User timeline', level: 1 })).toBeInTheDocument();
    const fields = await screen.findByLabelText('Its fields at this version');
    expect(within(fields).getByText('Name').nextElementSibling).toHaveTextContent('“Sam Student”');
    expect(within(fields).getByText('Email').nextElementSibling).toHaveTextContent('“sam@example.com”');
    expect(within(fields).getByText('Password hash').nextElementSibling).toHaveTextContent('“[redacted]”');
  });

  it('given an entity with no history, when opened, then says so', async () => {
    seed({ users: [audrey], signedInAs: audrey.email });
    renderApp('/dashboard/audit/upcoming/nothing-here');

    expect(await screen.findByText('There is no history of this yet.')).toBeInTheDocument();
    expect(await screen.findByText('No events mention this upcoming meal.')).toBeInTheDocument();
  });

  it('given a kind of entity the audit does not keep, when opened, then says what it keeps', async () => {
    seed({ users: [audrey], signedInAs: audrey.email });
    renderApp('/dashboard/audit/reviews/abc');

    expect(await screen.findByText('The audit keeps timelines of meals, upcoming meals, meal requests, users and payments only.')).toBeInTheDocument();
  });

  it('given a timeline, when following Same request, then shows every event of that request across streams', async () => {
    const history = mealHistory(mealId);
    const correlationId = history[3]!.correlationId;
    history[4] = { ...history[4]!, correlationId, causationId: correlationId };
    seed({ users: [audrey, boss, sam], signedInAs: audrey.email, auditEvents: history });
    renderApp(`/dashboard/audit/meals/${mealId}`);
    const user = userEvent.setup();
    const timeline = await screen.findByRole('list', { name: 'Events of this meal' });

    await user.click(within(within(timeline).getAllByRole('listitem')[3]!).getByRole('link', { name: 'Same request' }));

    expect(await screen.findByRole('heading', { name: 'One Request', level: 1 })).toBeInTheDocument();
    const chain = await screen.findByRole('list', { name: 'Events of this request' });
    expect(
      within(chain)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('code')?.textContent),
    ).toEqual(['MealLiked', 'ReviewAdded']);
    expect(requests('GET', `/api/audit/correlations/${correlationId}`)).toHaveLength(1);
  });
});
