import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { makeUser, seed } from '@/testing/api/db';
import { makeMeal, mealHistory } from '@/testing/fixtures';
import { decided, given } from '@/testing/api/http';
import { answerPages, requests, server } from '@/testing/api/server';
import { renderApp } from '@/testing/render-app';

const admin = makeUser({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin' });
const khichdi = makeMeal({ title: 'Khichdi', distributorName: 'Chef Ana', rating: 7.5, price: 5.75 });

const edited = { ...khichdi, title: 'Masala Khichdi', distributorName: 'Chef Bo', rating: 9.3, price: 6.5 };

const modal = () => screen.getByRole('dialog', { name: 'Update Khichdi' });
const field = (label: string) => within(modal()).getByLabelText(label);

async function openUpdate() {
  seed({ users: [admin], signedInAs: admin.email });
  given(mealHistory(khichdi));
  // Listed as mealDecider's edit left it: the new values the test sent.
  answerPages('/api/meals', () => [decided('MealEdited').length > 0 ? edited : khichdi]);
  renderApp('/dashboard/adminAllMeals');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Update Khichdi' }));
  await screen.findByRole('dialog', { name: 'Update Khichdi' });
  return { user };
}

async function replace(user: UserEvent, label: string, value: string) {
  await user.clear(field(label));
  if (value) await user.type(field(label), value);
}

describe('Update meal (Admin All Meals)', () => {
  it("given a meal, when Update is clicked, then a modal opens filled with its title, distributor, rating and price, within the spec's bounds", async () => {
    await openUpdate();

    expect(field('Title')).toHaveValue('Khichdi');
    expect(field('Distributor name')).toHaveValue('Chef Ana');
    expect(field('Rating (0 to 10)')).toHaveValue(7.5);
    expect(field('Price ($)')).toHaveValue(5.75);
    expect(field('Rating (0 to 10)')).toHaveAttribute('step', '0.1');
    expect(field('Rating (0 to 10)')).toHaveAttribute('min', '0');
    expect(field('Rating (0 to 10)')).toHaveAttribute('max', '10');
    expect(field('Price ($)')).toHaveAttribute('step', '0.01');
    expect(field('Price ($)')).toHaveAttribute('min', '0');
  });

  it('given new values, when Update is pressed, then PUTs all four, says Success! (closing by itself), closes the modal and the table shows them', async () => {
    const { user } = await openUpdate();
    await replace(user, 'Title', 'Masala Khichdi');
    await replace(user, 'Distributor name', 'Chef Bo');
    await replace(user, 'Rating (0 to 10)', '9.3');
    await replace(user, 'Price ($)', '6.5');

    await user.click(within(modal()).getByRole('button', { name: 'Update' }));

    const done = await screen.findByRole('dialog', { name: 'Success!' });
    expect(within(done).getByText('Meal updated successfully.')).toBeInTheDocument();
    expect(requests('PUT', `/api/meals/${khichdi._id}`).map((request) => request.body)).toEqual([
      { title: 'Masala Khichdi', distributorName: 'Chef Bo', rating: 9.3, price: 6.5 },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Update Khichdi' })).not.toBeInTheDocument();
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog', { name: 'Success!' }));
    const row = within(await screen.findByRole('row', { name: /Masala Khichdi/ }));
    expect(
      row
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 5),
    ).toEqual(['Masala Khichdi', '0', '0', '9.3', 'Chef Bo']);
  });

  it('given empty fields, when Update is pressed, then each says it is required and nothing is sent', async () => {
    const { user } = await openUpdate();
    for (const label of ['Title', 'Distributor name', 'Rating (0 to 10)', 'Price ($)']) await replace(user, label, '');

    await user.click(within(modal()).getByRole('button', { name: 'Update' }));

    const expected = {
      Title: 'Title is required',
      'Distributor name': 'Distributor name is required',
      'Rating (0 to 10)': 'Rating is required',
      'Price ($)': 'Price is required',
    };
    for (const [label, text] of Object.entries(expected)) {
      await waitFor(() => expect(field(label)).toHaveAccessibleDescription(text));
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(requests('PUT', `/api/meals/${khichdi._id}`)).toHaveLength(0);
  });

  it('given a rating above 10 and a negative price, when Update is pressed, then both are refused and nothing is sent', async () => {
    const { user } = await openUpdate();
    await replace(user, 'Rating (0 to 10)', '10.5');
    await replace(user, 'Price ($)', '-1');

    await user.click(within(modal()).getByRole('button', { name: 'Update' }));

    expect(await within(modal()).findByText('Rating must be between 0 and 10')).toBeInTheDocument();
    expect(within(modal()).getByText('Price must be positive')).toBeInTheDocument();
    expect(requests('PUT', `/api/meals/${khichdi._id}`)).toHaveLength(0);
  });

  it('given a rating off the 0.1 step (7.25), when Update is pressed, then it is refused and nothing is sent', async () => {
    const { user } = await openUpdate();
    await replace(user, 'Rating (0 to 10)', '7.25');

    await user.click(within(modal()).getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(field('Rating (0 to 10)')).toHaveAccessibleDescription('Rating must be in steps of 0.1'));
    expect(requests('PUT', `/api/meals/${khichdi._id}`)).toHaveLength(0);
  });

  it('given the server refuses, when Update is pressed, then says Error! / Failed to update meal. and keeps the modal with the edits', async () => {
    const { user } = await openUpdate();
    server.use(http.put('/api/meals/:id', () => HttpResponse.json({ message: 'Database down' }, { status: 500 })));
    await replace(user, 'Title', 'Masala Khichdi');

    await user.click(within(modal()).getByRole('button', { name: 'Update' }));

    const failed = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(failed).getByText('Failed to update meal.')).toBeInTheDocument();
    await user.click(within(failed).getByRole('button', { name: 'OK' }));
    expect(field('Title')).toHaveValue('Masala Khichdi');
  });

  it('given an open modal, when Close is pressed, then it closes and nothing is sent', async () => {
    const { user } = await openUpdate();

    await user.click(within(modal()).getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog', { name: 'Update Khichdi' })).not.toBeInTheDocument();
    expect(requests('PUT', `/api/meals/${khichdi._id}`)).toHaveLength(0);
  });
});
