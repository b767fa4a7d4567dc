import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, seed } from '@/testing/api/db';
import { makeMeal, makeReview, reviewHistory } from '@/testing/fixtures';
import { decided, given } from '@/testing/api/http';
import { answerPages, requests } from '@/testing/api/server';
import { confirmWith } from '@/testing/confirm';
import { tableNamed } from '@/testing/data-table';
import { renderApp } from '@/testing/render-app';

const admin = makeUser({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin' });
const authors = ['priya@example.com', 'omar@example.com', 'li@example.com'];
const meals = Array.from({ length: 11 }, (_, index) => makeMeal({ title: `Meal ${String(index + 1).padStart(2, '0')}`, likes: index, reviews_count: 1 }));
// One review per meal, by three students in turn; Meal 11's is the newest.
const reviews = meals.map((meal, index) =>
  makeReview({
    mealId: meal._id,
    mealTitle: meal.title,
    userEmail: authors[index % 3]!,
    userName: `Author ${index % 3}`,
    createdAt: `2026-11-${String(index + 1).padStart(2, '0')}T12:00:00.000Z`,
    // Its meal's counts, as the read model joins them in.
    mealLikes: meal.likes,
    mealReviewCount: meal.reviews_count,
  }),
);
/** Everyone's reviews as the read model lists them, newest first; those reviewDecider deleted gone. */
const listed = () => [...reviews].reverse().filter((review) => !decided('ReviewDeleted').some(({ data }) => data.reviewId === review._id));

const { table, rowOf, headers, cellsOf } = tableNamed('All reviews');

describe('All Reviews (admin)', () => {
  it("given everyone's reviews, when an admin opens All Reviews, then lists them all, 10 a page, with author, likes and review count", async () => {
    seed({ users: [admin], signedInAs: admin.email });
    answerPages('/api/reviews', listed);
    renderApp('/dashboard/AllReviews');

    expect(await screen.findByRole('cell', { name: 'Meal 11' })).toBeInTheDocument();
    expect(headers()).toEqual(['Meal Title', 'Author', 'Review', 'Likes', 'Reviews', 'Actions']);
    expect(within(table()).getAllByRole('row')).toHaveLength(1 + 10);
    expect(cellsOf('Meal 05').slice(0, 5)).toEqual(['Meal 05', 'Author 1', 'Tasty.', '4', '1']);
    expect(rowOf('Meal 05').getByRole('link', { name: 'View Meal: Meal 05' })).toHaveAttribute('href', `/meal/${meals[4]!._id}`);
    const [request] = requests('GET', '/api/reviews');
    expect(request!.query.has('userEmail')).toBe(false);
    expect(request!.query.get('limit')).toBe('10');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));

    expect(await screen.findByRole('cell', { name: 'Meal 01' })).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')).toHaveLength(1 + 1);
  });

  it("given a student's review, when the admin deletes it, then it is gone and the list fits one page", async () => {
    seed({ users: [admin], signedInAs: admin.email });
    given(reviewHistory(reviews[10]!, 'a-student'));
    answerPages('/api/reviews', listed);
    renderApp('/dashboard/AllReviews');
    const user = userEvent.setup();

    await confirmWith(user, 'Delete review of Meal 11', 'Yes, delete it!');

    const done = await screen.findByRole('dialog', { name: 'Deleted!' });
    expect(requests('DELETE', `/api/reviews/${reviews[10]!._id}`)).toHaveLength(1);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('cell', { name: 'Meal 01' })).toBeInTheDocument();
    expect(within(table()).queryByRole('cell', { name: 'Meal 11' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });
});
