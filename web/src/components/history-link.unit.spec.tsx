import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { makeUser, seed } from '@/testing/api/db';
import { answerUsers, makeMeal, makePayment, makeUpcomingMeal, makeWaiting } from '@/testing/fixtures';
import { answer, answerPages, server } from '@/testing/api/server';
import { mealPageAnswers } from '@/testing/meal-page';
import { renderApp } from '@/testing/render-app';

const admin = makeUser({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin' });
const auditor = makeUser({ name: 'Audrey Auditor', email: 'audrey@example.com', role: 'auditor' });
const student = makeUser({ name: 'Sam Student', email: 'sam@example.com' });
const dal = makeMeal({ title: 'Lentil Dal' });
const biryani = makeUpcomingMeal({ title: 'Veg Biryani' });
const gold = makePayment(admin.email, 'Gold');

const historyOf = (name: string) => screen.findByRole('link', { name: `History of ${name}` });

describe("'History': from an entity's own place to its audit page, for admins and auditors", () => {
  it("given an admin, then a meal's page, its row in All Meals, an upcoming meal's row, a user's row, their payments and their profile link to their history", async () => {
    seed({ users: [admin, student], signedInAs: admin.email });
    mealPageAnswers(dal);
    answerPages('/api/meals', [dal]);
    answerPages('/api/upcomingMeals', [biryani]);
    answerUsers();
    server.use(http.get('/payments', () => HttpResponse.json([gold], { headers: { 'x-total-count': '1' } })));
    answer('/api/serveQueue/waiting', makeWaiting());
    const { router } = renderApp(`/meal/${dal._id}`);
    expect(await historyOf('Lentil Dal')).toHaveAttribute('href', `/dashboard/audit/meals/${dal._id}`);

    for (const [path, name, href] of [
      ['/dashboard/adminAllMeals', 'Lentil Dal', `/dashboard/audit/meals/${dal._id}`],
      ['/dashboard/upcomingMealsAdmin', 'Veg Biryani', `/dashboard/audit/upcoming/${biryani._id}`],
      ['/dashboard/manageUsers', 'Sam Student', `/dashboard/audit/users/${encodeURIComponent(student._id)}`],
      ['/dashboard/paymentHistory', 'the Gold payment', `/dashboard/audit/payments/${gold._id}`],
      ['/dashboard/adminProfile', "Ada Admin's account", `/dashboard/audit/users/${encodeURIComponent(admin._id)}`],
    ] as const) {
      await router.navigate(path);
      expect(await historyOf(name), path).toHaveAttribute('href', href);
    }
  });

  it("given an auditor, then an upcoming meal's card and their profile link to their history", async () => {
    seed({ users: [auditor], signedInAs: auditor.email });
    answerPages('/api/upcomingMeals', [biryani]);
    const { router } = renderApp('/UpcomingMeals');
    const card = await screen.findByRole('article', { name: 'Veg Biryani' });
    expect(await within(card).findByRole('link', { name: 'History of Veg Biryani' })).toHaveAttribute('href', `/dashboard/audit/upcoming/${biryani._id}`);

    await router.navigate('/dashboard/userProfile');
    expect(await historyOf("Audrey Auditor's account")).toBeInTheDocument();
  });

  it('given a student, then a meal page and an upcoming meal offer no history', async () => {
    seed({ users: [student], signedInAs: student.email });
    mealPageAnswers(dal);
    answerPages('/api/upcomingMeals', [biryani]);
    const { router } = renderApp(`/meal/${dal._id}`);
    await screen.findByRole('button', { name: 'Account menu' });
    expect(await screen.findByRole('heading', { name: 'Lentil Dal', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^History of/ })).not.toBeInTheDocument();

    await router.navigate('/UpcomingMeals');
    await screen.findByRole('article', { name: 'Veg Biryani' });
    expect(screen.queryByRole('link', { name: /^History of/ })).not.toBeInTheDocument();
  });
});
