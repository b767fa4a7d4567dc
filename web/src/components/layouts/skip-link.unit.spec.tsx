import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, seed } from '@/testing/api/db';
import { answerPages } from '@/testing/api/server';
import { renderApp } from '@/testing/render-app';

describe('the skip-to-content link', () => {
  it.each([
    ['a public page', '/AllMeals', 'Explore All Meals'],
    ['the sign-in screen', '/SignUp', 'Login'],
    ['a dashboard page', '/dashboard/userProfile', 'My Profile'],
  ])('given %s, when Tab is pressed first, then it is the first stop and takes focus past the navigation to the page', async (_, url, heading) => {
    const sam = makeUser({ name: 'Sam', email: 'sam@example.com' });
    seed({ users: [sam], ...(url.startsWith('/dashboard') ? { signedInAs: sam.email } : {}) });
    answerPages('/api/meals', []);
    renderApp(url);
    await screen.findByRole('heading', { name: heading, level: 1 });
    const user = userEvent.setup();

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');

    await user.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
