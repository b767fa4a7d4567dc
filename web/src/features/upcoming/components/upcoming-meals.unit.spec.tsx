import { act, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UpcomingMealDto } from '@hostel/contracts';
import { makeUser, seed, uploadedImage } from '@/testing/api/db';
import { makeMeal, makeUpcomingMeal, upcomingHistory } from '@/testing/fixtures';
import { decided, given } from '@/testing/api/http';
import { http, HttpResponse } from 'msw';
import { applyChanged } from '@/lib/live-updates';
import { answerPages, requests, server } from '@/testing/api/server';
import { tableNamed } from '@/testing/data-table';
import { mealPageAnswers } from '@/testing/meal-page';
import { pressThenOk } from '@/testing/keyboard';
import { renderApp } from '@/testing/render-app';

const silver = makeUser({ name: 'Sam Silver', email: 'sam@example.com', badge: 'Silver' });
const free = makeUser({ name: 'Fay Free', email: 'fay@example.com' });
const admin = makeUser({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin' });
const biryani = makeUpcomingMeal({ title: 'Veg Biryani', likes: 3 });
const ninthLike = makeUpcomingMeal({ title: 'Paneer Tikka', likes: 9 });

const card = (title: string) => screen.getByRole('article', { name: title });

/**
 * For this test, the list (by date or likes alike) holds `meals` as upcomingDecider left them: the one the
 * reader liked with the count it decided, gone once its like reached the threshold or an admin published it.
 */
function upcomingListed(meals: UpcomingMealDto[]) {
  answerPages('/api/upcomingMeals', () =>
    meals.flatMap((meal) => {
      const gone = [...decided('UpcomingMealThresholdReached'), ...decided('UpcomingMealPublished')].some(({ data }) => data.upcomingId === meal._id);
      const liked = decided('UpcomingMealLiked').find(({ data }) => data.upcomingId === meal._id);
      return gone ? [] : [liked ? { ...meal, likes: liked.data.likes, likedByMe: true } : meal];
    }),
  );
}

/** Opens Upcoming Meals signed in as `member` (the meals given), then presses Like on the card titled `title`, at `likes`. */
async function like(member: typeof silver, meals: (typeof biryani)[], title: string, likes: number) {
  seed({ users: [member], signedInAs: member.email });
  given(...meals.map((meal) => upcomingHistory(meal)));
  upcomingListed(meals);
  const { router } = renderApp('/UpcomingMeals');
  await screen.findByRole('button', { name: 'Account menu' });
  const user = userEvent.setup();
  const button = await within(await screen.findByRole('article', { name: title })).findByRole('button', { name: `Like ${title}, ${likes} likes` });
  // The button waits for the reader's badge.
  await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
  await user.click(button);
  return { router, user };
}

describe('Upcoming Meals', () => {
  it('given a Silver member, when liking, then says Liked! and the like shows, pressed and disabled', async () => {
    const { user } = await like(silver, [biryani], 'Veg Biryani', 3);

    const said = await screen.findByRole('dialog', { name: 'Liked!' });
    expect(said).toHaveTextContent('Your like was recorded.');
    await user.click(within(said).getByRole('button', { name: 'OK' }));
    const liked = await within(card('Veg Biryani')).findByRole('button', { name: 'Liked Veg Biryani, 4 likes' });
    expect(liked).toHaveAttribute('aria-disabled', 'true');
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(requests('PATCH', `/api/upcomingMeals/${biryani._id}/like`)).toHaveLength(1);
  });

  it('given a Silver member on Like from the keyboard, when Liked! is closed with OK, then the focus is back on the button, now Liked', async () => {
    seed({ users: [silver], signedInAs: silver.email });
    given(upcomingHistory(biryani));
    upcomingListed([biryani]);
    renderApp('/UpcomingMeals');
    await screen.findByRole('button', { name: 'Account menu' });
    const user = userEvent.setup();
    const button = await within(await screen.findByRole('article', { name: 'Veg Biryani' })).findByRole('button', { name: 'Like Veg Biryani, 3 likes' });

    await pressThenOk(user, button, 'Liked!');

    expect(within(card('Veg Biryani')).getByRole('button', { name: 'Liked Veg Biryani, 4 likes' })).toHaveFocus();
  });

  it("names each card's Like by its meal, so a screen reader tells them apart", async () => {
    seed({ users: [silver], signedInAs: silver.email });
    answerPages('/api/upcomingMeals', [biryani, ninthLike, { ...makeUpcomingMeal({ title: 'Dal Tadka', likes: 1 }), likedByMe: true }]);
    renderApp('/UpcomingMeals');

    expect(await screen.findByRole('button', { name: 'Like Veg Biryani, 3 likes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like Paneer Tikka, 9 likes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Liked Dal Tadka, 1 like' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('given a member who liked a meal, when they open the page afresh (a reload, a link), then its like shows, pressed and disabled', async () => {
    seed({ users: [silver], signedInAs: silver.email });
    answerPages('/api/upcomingMeals', [{ ...biryani, likes: 4, likedByMe: true }]);
    renderApp('/UpcomingMeals');

    const liked = await within(await screen.findByRole('article', { name: 'Veg Biryani' })).findByRole('button', { name: 'Liked Veg Biryani, 4 likes' });
    expect(liked).toHaveAttribute('aria-disabled', 'true');
    expect(requests('GET', '/api/upcomingMeals').every((request) => request.headers.get('authorization') === `Bearer token-${silver._id}`)).toBe(true);
  });

  it('given the cards on show, when one changes and the read after the push fails, then the cards stay as they were, the focus on a Like where it was, with the failure said', async () => {
    seed({ users: [silver], signedInAs: silver.email });
    answerPages('/api/upcomingMeals', [biryani, ninthLike]);
    const { queryClient } = renderApp('/UpcomingMeals');
    const biryaniCard = await screen.findByRole('article', { name: 'Veg Biryani' });
    const likeButton = await within(biryaniCard).findByRole('button', { name: 'Like Veg Biryani, 3 likes' });
    // A keyboard user on its Like.
    act(() => likeButton.focus());

    // The read after the push is refused (a 4xx: not retried).
    server.use(http.get('/api/upcomingMeals', () => HttpResponse.json({ message: 'The kitchen is busy' }, { status: 429 })));
    await act(() => applyChanged(queryClient, { resource: 'upcomingMeals', id: ninthLike._id }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to read the upcoming meals again: The kitchen is busy');
    expect(card('Veg Biryani')).toBe(biryaniCard);
    expect(card('Paneer Tikka')).toBeInTheDocument();
    expect(likeButton).toHaveFocus();
  });

  it('given an auditor, then each card shows its likes and offers no Like', async () => {
    const auditor = makeUser({ name: 'Audrey Auditor', email: 'audrey@example.com', role: 'auditor' });
    seed({ users: [auditor], signedInAs: auditor.email });
    answerPages('/api/upcomingMeals', [biryani]);
    renderApp('/UpcomingMeals');
    await screen.findByRole('button', { name: 'Account menu' });
    expect(await within(await screen.findByRole('article', { name: 'Veg Biryani' })).findByText('3 likes')).toBeInTheDocument();
    expect(within(card('Veg Biryani')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('given a member without a Silver badge, when liking, then shows the refusal without sending a like the server would refuse, and the count stays', async () => {
    const { user } = await like(free, [biryani], 'Veg Biryani', 3);

    // Titled by what it is, a warning, not an 'Error'.
    const refused = await screen.findByRole('dialog', { name: 'Membership Required' });
    expect(refused).toHaveTextContent('You need at least a Silver badge to like meals.');
    expect(refused).toHaveAttribute('data-tone', 'warning');
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
    await user.click(within(refused).getByRole('button', { name: 'OK' }));
    expect(within(card('Veg Biryani')).getByRole('button', { name: 'Like Veg Biryani, 3 likes' })).not.toHaveAttribute('aria-disabled');
    // Its badge was known: nothing was sent (the server would have answered 403).
    expect(requests('PATCH', `/api/upcomingMeals/${biryani._id}/like`)).toHaveLength(0);
  });

  it("given a reader whose badge cannot be read, when liking, then the like is sent and the server's refusal shows the same", async () => {
    server.use(http.get('/users/:email', () => HttpResponse.json({ message: 'Failed to fetch user data' }, { status: 500 })));
    await like(free, [biryani], 'Veg Biryani', 3);

    const refused = await screen.findByRole('dialog', { name: 'Membership Required' });
    expect(refused).toHaveTextContent('You need at least a Silver badge to like meals.');
    expect(requests('PATCH', `/api/upcomingMeals/${biryani._id}/like`)).toHaveLength(1);
  });

  it('given a meal at 9 likes, when the tenth like comes, then says Published!, the card leaves, and the catalogue lists it with its 10 likes, this one among them', async () => {
    const { router, user } = await like(silver, [biryani, ninthLike], 'Paneer Tikka', 9);

    const published = await screen.findByRole('dialog', { name: 'Published!' });
    expect(published).toHaveTextContent('This meal reached 10 likes and has been published.');
    // Like every success alert, it closes by itself after 1.5 s.
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog', { name: 'Published!' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Paneer Tikka' })).not.toBeInTheDocument());
    expect(card('Veg Biryani')).toBeInTheDocument();

    // Listed with its likes and who gave them: this member's like counts there too (the catalogue's answer, stated).
    const listed = makeMeal({ title: 'Paneer Tikka', likes: 10, likedByMe: true });
    answerPages('/api/meals', [listed]);
    mealPageAnswers(listed);
    await router.navigate('/AllMeals?search=paneer');
    await user.click(within(await screen.findByRole('article', { name: 'Paneer Tikka' })).getByRole('link', { name: 'View Details' }));
    expect(await screen.findByRole('button', { name: 'Liked 10 likes' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('Upcoming Meals (admin)', () => {
  it('lists them by likes, and Publish takes one off the list', async () => {
    seed({ users: [admin], signedInAs: admin.email });
    given(upcomingHistory(biryani), upcomingHistory(ninthLike));
    // By likes, as the read model sorts them.
    upcomingListed([ninthLike, biryani]);
    renderApp('/dashboard/upcomingMealsAdmin');

    const table = await screen.findByRole('table', { name: 'Upcoming meals' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(
      tableNamed('Upcoming meals')
        .rows(1)
        .map(([title]) => title),
    ).toEqual(['Paneer Tikka', 'Veg Biryani']);
    expect(Object.fromEntries(requests('GET', '/api/upcomingMeals')[0]!.query)).toMatchObject({ sort: 'likes' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Publish Veg Biryani' }));

    const done = await screen.findByRole('dialog', { name: 'Success' });
    expect(done).toHaveTextContent('Meal published successfully');
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(table).queryByRole('cell', { name: 'Veg Biryani' })).not.toBeInTheDocument());
    expect(within(table).getByRole('cell', { name: 'Paneer Tikka' })).toBeInTheDocument();
  });

  it('adds an upcoming meal with its uploaded image; without one, asks for it and sends nothing', async () => {
    seed({ users: [admin], signedInAs: admin.email });
    // Listed once upcomingDecider added it.
    answerPages('/api/upcomingMeals', () => decided('UpcomingMealAdded').map(({ data }) => makeUpcomingMeal({ _id: data.upcomingId, title: data.title })));
    renderApp('/dashboard/upcomingMealsAdmin');
    const user = userEvent.setup();
    await screen.findByText('No upcoming meals found.');

    await user.click(screen.getByRole('button', { name: 'Add Upcoming Meal' }));
    const form = await screen.findByRole('form', { name: 'Add Upcoming Meal' });
    const field = (label: string) => within(form).getByLabelText(label);
    await user.type(field('Title'), 'Masoor Dal');
    await user.selectOptions(field('Category'), 'Dinner');
    await user.type(field('Ingredients (comma-separated)'), 'red lentils, garlic');
    await user.type(field('Description'), 'Slow-cooked');
    await user.type(field('Price ($)'), '4.5');
    await user.click(within(form).getByRole('button', { name: /Add/ }));
    expect(await screen.findByRole('dialog', { name: 'Oops' })).toHaveTextContent('Please upload an image first.');
    expect(requests('POST', '/api/upcomingMeals')).toHaveLength(0);
    await user.click(within(screen.getByRole('dialog', { name: 'Oops' })).getByRole('button', { name: 'OK' }));

    await user.upload(field('Image'), new File(['png'], 'dal.png', { type: 'image/png' }));
    // 'Success' / 'Image uploaded successfully!', closing by itself after 1.5 s.
    expect(await screen.findByRole('dialog', { name: 'Success' })).toHaveTextContent('Image uploaded successfully!');
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog', { name: 'Success' }));
    await within(form).findByText('Image uploaded successfully!');
    await user.click(within(form).getByRole('button', { name: /Add/ }));

    const added = await screen.findByRole('dialog', { name: 'Success' });
    expect(added).toHaveTextContent('Upcoming meal added!');
    await user.click(within(added).getByRole('button', { name: 'OK' }));
    expect(requests('POST', '/api/upcomingMeals').map((request) => request.body)).toEqual([
      {
        title: 'Masoor Dal',
        category: 'Dinner',
        ingredients: ['red lentils', 'garlic'],
        description: 'Slow-cooked',
        price: 4.5,
        image: uploadedImage(1),
      },
    ]);
    expect(await screen.findByRole('cell', { name: 'Masoor Dal' })).toBeInTheDocument();
  });

  it('given the list fails to load, then says Error / Failed to fetch upcoming meals.', async () => {
    seed({ users: [admin], signedInAs: admin.email });
    server.use(http.get('/api/upcomingMeals', () => HttpResponse.json({ message: 'Nope' }, { status: 400 })));
    renderApp('/dashboard/upcomingMealsAdmin');
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Failed to fetch upcoming meals.');
  });

  it('given an image upload fails in Add Upcoming Meal, then says Error / Image upload failed', async () => {
    seed({ users: [admin], signedInAs: admin.email });
    answerPages('/api/upcomingMeals', []);
    server.use(http.post('/api/uploads', () => HttpResponse.json({ message: 'Too large' }, { status: 413 })));
    renderApp('/dashboard/upcomingMealsAdmin');
    const user = userEvent.setup();
    await screen.findByText('No upcoming meals found.');
    await user.click(screen.getByRole('button', { name: 'Add Upcoming Meal' }));
    const form = await screen.findByRole('form', { name: 'Add Upcoming Meal' });
    await user.upload(within(form).getByLabelText('Image'), new File(['png'], 'dal.png', { type: 'image/png' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('Image upload failed');
  });
});
