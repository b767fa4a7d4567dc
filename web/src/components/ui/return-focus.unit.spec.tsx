import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, seed } from '@/testing/api/db';
import { makeMeal } from '@/testing/fixtures';
import { answerPages } from '@/testing/api/server';
import { renderApp } from '@/testing/render-app';

const admin = makeUser({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin' });
const khichdi = makeMeal({ title: 'Khichdi', distributorName: 'Chef Ana' });

/** All Meals as an admin, Khichdi listed; answers the button `name` on its row. */
async function adminAllMealsButton(name: string) {
  seed({ users: [admin], signedInAs: admin.email });
  answerPages('/api/meals', [khichdi]);
  renderApp('/dashboard/adminAllMeals');
  return { user: userEvent.setup(), button: await screen.findByRole('button', { name }) };
}

describe('focus returns to the button that opened a dialog', () => {
  it('given a form dialog (Update), when closed with its X or Escape, then focus is back on its Update button', async () => {
    const { user, button: update } = await adminAllMealsButton('Update Khichdi');

    await user.click(update);
    await user.click(within(await screen.findByRole('dialog', { name: 'Update Khichdi' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(update).toHaveFocus());

    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Update Khichdi' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(update).toHaveFocus());
  });

  it('given a confirmation (Delete), when cancelled, then focus is back on its Delete button', async () => {
    const { user, button: remove } = await adminAllMealsButton('Delete Khichdi');

    await user.click(remove);
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(remove).toHaveFocus());
  });

  it('given a notice (Sign Up Required), when closed, then focus is back on the plan button that opened it', async () => {
    answerPages('/api/meals', []);
    renderApp('/');
    const user = userEvent.setup();
    const choose = await screen.findByRole('button', { name: 'Choose Gold' });

    await user.click(choose);
    await screen.findByRole('dialog', { name: 'Sign Up Required' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(choose).toHaveFocus());
  });
});
