import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, seed } from '@/testing/api/db';
import { makeMeal, makeReview, mealHistory } from '@/testing/fixtures';
import { decided, given } from '@/testing/api/http';
import { http, HttpResponse } from 'msw';
import { applyChanged } from '@/lib/live-updates';
import { requests, server } from '@/testing/api/server';
import { mealPageAnswers } from '@/testing/meal-page';
import { renderApp } from '@/testing/render-app';

const student = makeUser({ name: 'Sam Student', email: 'sam@example.com' });
const dal = makeMeal({
  title: 'Lentil Dal',
  category: 'Dinner',
  ingredients: ['lentils', 'cumin'],
  distributorName: 'Chef Ravi',
  rating: 8.25,
  price: 6.5,
  likes: 2,
});
const rice = makeMeal({ title: 'Plain Rice', ingredients: [] });

/** The student on Dal's page (2 likes), signed in; read after the like likeDecider decided: one more, liked by the reader. */
async function openDalToLike() {
  seed({ users: [student], signedInAs: student.email });
  given(mealHistory(dal));
  mealPageAnswers(dal, { now: () => (decided('MealLiked').length > 0 ? { ...dal, likes: 3, likedByMe: true } : dal) });
  renderApp(`/meal/${dal._id}`);
  await screen.findByRole('button', { name: 'Account menu' });
}

describe('meal page', () => {
  it('given a meal, then shows what it is, who serves it, its ingredients and Reviews (0)', async () => {
    mealPageAnswers(dal);
    renderApp(`/meal/${dal._id}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Lentil Dal' })).toBeInTheDocument();
    expect(screen.getByText('Chef Ravi')).toBeInTheDocument();
    expect(screen.getByText('8.3')).toBeInTheDocument();
    expect(screen.getByText('$6.50')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Ingredients' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['lentils', 'cumin']);
    expect(await screen.findByRole('heading', { name: 'Reviews (0)' })).toBeInTheDocument();
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like 2 likes' })).not.toHaveAttribute('aria-disabled');
  });

  it('given an auditor, then shows the likes and the reviews but no Like, Request Meal or review box', async () => {
    const auditor = makeUser({ name: 'Audrey Auditor', email: 'audrey@example.com', role: 'auditor' });
    seed({ users: [auditor], signedInAs: auditor.email });
    mealPageAnswers(dal);
    renderApp(`/meal/${dal._id}`);
    expect(await screen.findByRole('heading', { name: 'Reviews (0)' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Account menu' });
    expect(screen.getByText('2 likes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Like/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Meal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your review' })).not.toBeInTheDocument();
  });

  it('given a meal without ingredients, then says none are available', async () => {
    mealPageAnswers(rice);
    renderApp(`/meal/${rice._id}`);
    expect(await screen.findByText('No ingredients available')).toBeInTheDocument();
  });

  it('given an unknown meal, then says it could not be loaded, and offers no reviews nor a review box', async () => {
    seed({ users: [student], signedInAs: student.email });
    server.use(http.get('/api/meals/gone', () => HttpResponse.json({ message: 'Meal not found' }, { status: 404 })));
    renderApp('/meal/gone');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading meal details');
    expect(screen.queryByRole('textbox', { name: 'Your review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Review' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Meal' })).not.toBeInTheDocument();
  });

  it("given the student's own record fails to load, then says Error loading user data: and why", async () => {
    seed({ users: [student], signedInAs: student.email });
    mealPageAnswers(dal);
    server.use(http.get('/users/:email', () => HttpResponse.json({ message: 'User not found' }, { status: 404 })));
    renderApp(`/meal/${dal._id}`);
    expect(await screen.findByText('Error loading user data: User not found')).toHaveAttribute('role', 'alert');
  });

  it('given a visitor, when liking or reviewing, then warns Please login first and goes to /SignUp, sending nothing', async () => {
    mealPageAnswers(dal);
    const { router } = renderApp(`/meal/${dal._id}`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Like 2 likes' }));

    expect(await screen.findByRole('dialog', { name: 'Please login first' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/SignUp'));
    expect(requests('PATCH', `/api/meals/${dal._id}/like`)).toHaveLength(0);
  });

  it('given a student, when liking, then the count rises and the button stays pressed and disabled', async () => {
    await openDalToLike();

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Like 2 likes' }));

    const liked = await screen.findByRole('button', { name: 'Liked 3 likes' });
    expect(liked).toHaveAttribute('aria-disabled', 'true');
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(requests('PATCH', `/api/meals/${dal._id}/like`)).toHaveLength(1);
  });

  it('given a student on Like from the keyboard, when they like, then the focus stays on the button, now Liked, which takes no second like', async () => {
    await openDalToLike();
    const user = userEvent.setup();
    const like = await screen.findByRole('button', { name: 'Like 2 likes' });
    await waitFor(() => expect(like).not.toHaveAttribute('aria-busy', 'true'));
    act(() => like.focus());

    await user.keyboard('{Enter}');

    const liked = await screen.findByRole('button', { name: 'Liked 3 likes' });
    expect(liked).toBe(like);
    expect(liked).toHaveFocus();
    // A browser takes the focus off a button that becomes disabled (happy-dom does not): it says it is
    // disabled without being so, and stays where the keyboard is.
    expect(liked).toBeEnabled();
    expect(liked).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(requests('PATCH', `/api/meals/${dal._id}/like`)).toHaveLength(1);
  });

  it('given a student who liked the meal, when they open its page afresh (a reload, a link), then it shows Liked, pressed and disabled', async () => {
    seed({ users: [student], signedInAs: student.email });
    mealPageAnswers({ ...dal, likes: 3, likedByMe: true });
    renderApp(`/meal/${dal._id}`);

    const liked = await screen.findByRole('button', { name: 'Liked 3 likes' });
    expect(liked).toHaveAttribute('aria-disabled', 'true');
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    // The meal was read for the student, never for a visitor.
    expect(requests('GET', `/api/meals/${dal._id}`).map((request) => request.headers.get('authorization'))).toEqual([`Bearer token-${student._id}`]);
  });

  it('given a review being written, when the meal and its reviews change and their reads after the pushes fail, then the meal, its reviews and the review written so far stay, with the failures said', async () => {
    const earlier = makeReview({ mealId: dal._id, mealTitle: dal.title, userEmail: 'ana@example.com', review: 'Good and filling.' });
    seed({ users: [student], signedInAs: student.email });
    mealPageAnswers(dal, { reviews: () => [earlier] });
    const { queryClient } = renderApp(`/meal/${dal._id}`);
    await screen.findByRole('button', { name: 'Account menu' });
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Your review' });
    await user.type(box, 'Half a thought');
    await screen.findByText('Good and filling.');

    // The reads after the pushes are refused (a 4xx: not retried).
    server.use(
      http.get(`/api/meals/${dal._id}`, () => HttpResponse.json({ message: 'The kitchen is busy' }, { status: 429 })),
      http.get(`/api/reviews/${dal._id}`, () => HttpResponse.json({ message: 'The kitchen is busy' }, { status: 429 })),
    );
    await act(() => applyChanged(queryClient, { resource: 'meal', id: dal._id }));
    await act(() => applyChanged(queryClient, { resource: 'reviews', id: dal._id }));

    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
        'Failed to read this meal again: The kitchen is busy',
        'Failed to read the reviews again: The kitchen is busy',
      ]),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Lentil Dal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Meal' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Reviews' })).getByText('Good and filling.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your review' })).toBe(box);
    expect(box).toHaveValue('Half a thought');
  });

  it('given a blank review, then refuses it before sending; given text, then posts it and lists it under Reviews (1)', async () => {
    seed({ users: [student], signedInAs: student.email });
    given(mealHistory(dal));
    // Its reviews as read after reviewDecider decided the one added: that one.
    const reviewed = () =>
      decided('ReviewAdded').map(({ data }) =>
        makeReview({ _id: data.reviewId, mealId: dal._id, mealTitle: dal.title, userEmail: student.email, review: data.review }),
      );
    mealPageAnswers(dal, { reviews: reviewed });
    renderApp(`/meal/${dal._id}`);
    await screen.findByRole('button', { name: 'Account menu' });
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: 'Your review' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    expect(await screen.findByText('Please enter a review before submitting.')).toBeInTheDocument();
    expect(requests('POST', '/api/reviews')).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: 'Your review' }));
    await user.type(screen.getByRole('textbox', { name: 'Your review' }), '  Hearty and warm.  ');
    await user.click(screen.getByRole('button', { name: 'Add Review' }));

    const added = await screen.findByRole('dialog', { name: 'Review added!' });
    await user.click(within(added).getByRole('button', { name: 'OK' }));
    expect(requests('POST', '/api/reviews').map((request) => request.body)).toEqual([{ mealId: dal._id, review: 'Hearty and warm.' }]);
    expect(await screen.findByRole('heading', { name: 'Reviews (1)' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Reviews' })).getByText('Hearty and warm.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your review' })).toHaveValue('');
  });
});
