import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { makeUser, seed } from '@/testing/api/db';
import { makeMeal, makeReview, reviewHistory } from '@/testing/fixtures';
import { decided, given } from '@/testing/api/http';
import { answerPages, requests, server } from '@/testing/api/server';
import { confirmWith } from '@/testing/confirm';
import { tableNamed } from '@/testing/data-table';
import { mealPageAnswers } from '@/testing/meal-page';
import { renderApp } from '@/testing/render-app';

// The account's email as typed at registration; the list is asked for trimmed and lower-cased.
const student = makeUser({ _id: '00000000-0000-4000-8000-0000000005a0', name: 'Sam Student', email: 'Sam@Example.COM' });
const other = makeUser({ name: 'Olga Other', email: 'olga@example.com' });
const dal = makeMeal({ title: 'Lentil Dal', likes: 7, reviews_count: 3 });
const meals = Array.from({ length: 12 }, (_, index) => makeMeal({ title: `Meal ${String(index + 1).padStart(2, '0')}` }));

/** The student's review of `meal`, written on day `day` of November (later days list first). */
const reviewOf = (meal: { _id: string; title: string }, day: number, overrides: Partial<Parameters<typeof makeReview>[0]> = {}) =>
  makeReview({
    mealId: meal._id,
    mealTitle: meal.title,
    userEmail: 'sam@example.com',
    userName: 'Sam Student',
    createdAt: `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`,
    ...overrides,
  });

const { table, rowOf, headers } = tableNamed('My reviews');

describe('My Reviews', () => {
  it('given a student with 12 reviews, when My Reviews opens, then asks for their own by normalised email and lists 10 a page with the meal counts', async () => {
    // The student's own 13, newest first, with their meals' counts (Olga's review is not among them): the read model's answer.
    const mine = [
      reviewOf(dal, 27, { review: 'Earthy and warm.', mealLikes: 7, mealReviewCount: 3 }),
      ...meals.map((meal, index) => reviewOf(meal, index + 1)).reverse(),
    ];
    seed({ users: [student, other], signedInAs: student.email });
    answerPages('/api/reviews', (query) => (query.get('userEmail') === 'sam@example.com' ? mine : []));
    renderApp('/dashboard/myReviews');

    expect(await screen.findByRole('cell', { name: 'Lentil Dal' })).toBeInTheDocument();
    expect(headers()).toEqual(['Meal Title', 'Review', 'Likes', 'Reviews', 'Actions']);
    expect(within(table()).getAllByRole('row')).toHaveLength(1 + 10);
    const dalCells = rowOf('Lentil Dal')
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(dalCells.slice(0, 4)).toEqual(['Lentil Dal', 'Earthy and warm.', '7', '3']);
    const [request] = requests('GET', '/api/reviews');
    expect(Object.fromEntries(request!.query)).toEqual({ userEmail: 'sam@example.com', skip: '0', limit: '10' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));

    expect(await screen.findByRole('cell', { name: 'Meal 01' })).toBeInTheDocument();
    // 13 of the student's own: 3 on the second page, and Olga's review is not among them.
    expect(within(table()).getAllByRole('row')).toHaveLength(1 + 3);
    expect(requests('GET', '/api/reviews').at(-1)?.query.get('skip')).toBe('10');
  });

  it('given a review, when View Meal is followed, then the meal page opens', async () => {
    seed({ users: [student], signedInAs: student.email });
    answerPages('/api/reviews', [reviewOf(dal, 2)]);
    mealPageAnswers(dal);
    const { router } = renderApp('/dashboard/myReviews');

    const link = await screen.findByRole('link', { name: 'View Meal: Lentil Dal' });
    expect(link).toHaveAttribute('href', `/meal/${dal._id}`);
    await userEvent.setup().click(link);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/meal/${dal._id}`));
  });

  it('given a review without a meal id, when View Meal is clicked, then says Meal ID not found.', async () => {
    seed({ users: [student], signedInAs: student.email });
    answerPages('/api/reviews', [makeReview({ mealId: '', mealTitle: 'Lost Soup', userEmail: 'sam@example.com' })]);
    renderApp('/dashboard/myReviews');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'View Meal: Lost Soup' }));

    expect(within(await screen.findByRole('dialog')).getByText('Meal ID not found.')).toBeInTheDocument();
  });

  it('given the confirmation, when cancelled, then nothing is deleted; when confirmed, then deletes, says Deleted! and closes by itself', async () => {
    const review = reviewOf(dal, 2);
    seed({ users: [student], signedInAs: student.email });
    given(reviewHistory(review, student._id));
    // Listed until reviewDecider decided its deletion.
    answerPages('/api/reviews', () => (decided('ReviewDeleted').length > 0 ? [] : [review]));
    renderApp('/dashboard/myReviews');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete review of Lentil Dal' }));
    const question = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(within(question).getByText('This review will be deleted permanently.')).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requests('DELETE', `/api/reviews/${review._id}`)).toHaveLength(0);

    await confirmWith(user, 'Delete review of Lentil Dal', 'Yes, delete it!');

    const done = await screen.findByRole('dialog', { name: 'Deleted!' });
    expect(within(done).getByText('Review has been deleted.')).toBeInTheDocument();
    expect(requests('DELETE', `/api/reviews/${review._id}`)).toHaveLength(1);
    expect(await screen.findByText('No reviews found.')).toBeInTheDocument();
    // SPEC section 9: success dialogs close themselves after 1.5 s.
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog', { name: 'Deleted!' }));
  });

  it('given the server refuses, when a delete is confirmed, then says Error! / Failed to delete review. and keeps the row', async () => {
    seed({ users: [student], signedInAs: student.email });
    answerPages('/api/reviews', [reviewOf(dal, 2)]);
    server.use(http.delete('/api/reviews/:id', () => HttpResponse.json({ message: 'Database down' }, { status: 500 })));
    renderApp('/dashboard/myReviews');
    const user = userEvent.setup();

    await confirmWith(user, 'Delete review of Lentil Dal', 'Yes, delete it!');

    const failed = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(failed).getByText('Failed to delete review.')).toBeInTheDocument();
    await user.click(within(failed).getByRole('button', { name: 'OK' }));
    expect(rowOf('Lentil Dal').getByRole('button', { name: /Delete/ })).toBeInTheDocument();
  });

  it('given no reviews, when My Reviews opens, then says No reviews found. without pagination', async () => {
    seed({ users: [student], signedInAs: student.email });
    answerPages('/api/reviews', []);
    renderApp('/dashboard/myReviews');

    expect(await screen.findByText('No reviews found.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('given a slow then failed load, when My Reviews opens, then shows the loading text, then Failed to load data', async () => {
    seed({ users: [student], signedInAs: student.email });
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(http.get('/api/reviews', () => gate.then(() => HttpResponse.json({ message: 'You can only see your own reviews' }, { status: 403 }))));
    renderApp('/dashboard/myReviews');

    expect(await screen.findByText('Loading reviews...')).toBeInTheDocument();
    release();

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load data: You can only see your own reviews');
  });
});
