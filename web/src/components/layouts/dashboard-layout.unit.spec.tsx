import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, seed } from '@/testing/api/db';
import { renderApp } from '@/testing/render-app';

describe("the dashboard's menu on a small screen", () => {
  it('given the drawer opened from its button, when Escape is pressed inside it, then it closes and focus is back on the button', async () => {
    const sam = makeUser({ name: 'Sam', email: 'sam@example.com' });
    seed({ users: [sam], signedInAs: sam.email });
    renderApp('/dashboard/userProfile');
    await screen.findByRole('heading', { name: 'My Profile', level: 1 });
    const user = userEvent.setup();
    const menu = screen.getByRole('button', { name: 'Dashboard menu' });

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    within(screen.getByRole('complementary', { name: 'Dashboard sidebar' }))
      .getByRole('link', { name: 'Requested Meals' })
      .focus();
    await user.keyboard('{Escape}');

    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });
});
