import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { makeUser, seed, uploadedImage } from '@/testing/api/db';
import { decided } from '@/testing/api/http';
import { requests, server } from '@/testing/api/server';
import { renderApp } from '@/testing/render-app';

const admin = makeUser({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin' });
const photo = () => new File(['png'], 'khichdi.png', { type: 'image/png' });

const form = () => screen.getByRole('form', { name: 'Add Meal' });
const field = (label: string) => within(form()).getByLabelText(label);
const submit = () => within(form()).getByRole('button', { name: /Add Meal|Adding Meal/ });

async function openForm() {
  renderApp('/dashboard/addMeal');
  await screen.findByRole('form', { name: 'Add Meal' });
  return userEvent.setup();
}

async function fill(user: UserEvent, { price = '5.75' }: { price?: string } = {}) {
  await user.type(field('Title'), 'Khichdi');
  await user.selectOptions(field('Category'), 'Lunch');
  await user.type(field('Ingredients (comma-separated)'), 'rice, moong dal, ghee');
  await user.type(field('Description'), 'One-pot comfort food');
  await user.type(field('Price ($)'), price);
}

/** An upload that went well says 'Success' / 'Image uploaded successfully!' (closed here with OK), and the field says so too. */
async function uploaded(user: UserEvent) {
  const dialog = await screen.findByRole('dialog', { name: 'Success' });
  expect(dialog).toHaveTextContent('Image uploaded successfully!');
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  expect(await within(form()).findByText('Image uploaded successfully!')).toBeInTheDocument();
}

/** The form opened, an image uploaded and every field filled in: ready to add. */
async function openFilledForm() {
  const user = await openForm();
  await user.upload(field('Image'), photo());
  await uploaded(user);
  await fill(user);
  return user;
}

/** Holds the requests `handler` answers until the returned `release` is called. */
function hold(handler: (gate: Promise<void>) => Parameters<typeof server.use>[0]) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  server.use(handler(gate));
  return () => release();
}

describe('Add Meal', () => {
  it("given the signed-in admin, when the form opens, then the distributor is the admin's name and email, read-only", async () => {
    seed({ users: [admin], signedInAs: admin.email });
    await openForm();

    expect(field('Distributor name')).toHaveValue('Ada Admin');
    expect(field('Distributor email')).toHaveValue('ada@example.com');
    expect(field('Distributor email')).toHaveAttribute('readonly');
    // They look read-only (no white box to type in) and say why.
    for (const label of ['Distributor name', 'Distributor email']) {
      expect(field(label)).toHaveClass('bg-slate-100', 'border-dashed');
      expect(field(label)).not.toHaveClass('bg-white');
      expect(field(label)).toHaveAccessibleDescription('The distributor is you: filled in from your account.');
    }
    // Every required field, the image too, is marked so and says so to assistive technology.
    for (const label of ['Title', 'Category', 'Image', 'Ingredients (comma-separated)', 'Description', 'Price ($)']) {
      expect(within(form()).getByText(label, { selector: 'label' })).toHaveAttribute('data-required', 'true');
      expect(field(label)).toHaveAttribute('aria-required', 'true');
    }
    expect(within(form()).getByText('Distributor name', { selector: 'label' })).not.toHaveAttribute('data-required');
    expect(field('Price ($)')).toHaveAttribute('step', '0.01');
    expect(
      within(field('Category'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a category', 'Breakfast', 'Lunch', 'Dinner']);
  });

  it("given an empty form, when Add Meal is pressed, then each field shows the spec's text, wired to it, and nothing is sent", async () => {
    seed({ users: [admin], signedInAs: admin.email });
    const user = await openForm();

    await user.click(submit());

    const expected = {
      Title: 'Title is required',
      Category: 'Category is required',
      'Ingredients (comma-separated)': 'Ingredients are required',
      Description: 'Description is required',
      'Price ($)': 'Price is required',
    };
    for (const [label, text] of Object.entries(expected)) {
      expect(await within(form()).findByText(text)).toBeInTheDocument();
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      expect(field(label)).toHaveAccessibleDescription(text);
    }
    expect(requests('POST', '/api/meals')).toHaveLength(0);
  });

  it('given a negative price, when Add Meal is pressed, then says Price must be positive', async () => {
    seed({ users: [admin], signedInAs: admin.email });
    const user = await openForm();
    await fill(user, { price: '-1' });

    await user.click(submit());

    expect(await within(form()).findByText('Price must be positive')).toBeInTheDocument();
    expect(field('Price ($)')).toHaveAccessibleDescription('Price must be positive');
    expect(requests('POST', '/api/meals')).toHaveLength(0);
  });

  it('given a valid form and no image, when Add Meal is pressed, then asks for the image first and sends nothing', async () => {
    seed({ users: [admin], signedInAs: admin.email });
    const user = await openForm();
    await fill(user);

    await user.click(submit());

    const dialog = await screen.findByRole('dialog', { name: 'Oops...' });
    expect(within(dialog).getByText('Please upload an image before submitting')).toBeInTheDocument();
    expect(requests('POST', '/api/meals')).toHaveLength(0);
  });

  it('given an uploaded image and a valid form, when Add Meal is pressed, then the meal is added, Meal Added! closes by itself and the form is emptied', async () => {
    seed({ users: [admin], signedInAs: admin.email });
    const user = await openFilledForm();

    await user.click(submit());

    const dialog = await screen.findByRole('dialog', { name: 'Meal Added!' });
    expect(within(dialog).getByText('Your meal has been successfully added.')).toBeInTheDocument();
    expect(requests('POST', '/api/meals')[0]?.body).toEqual({
      title: 'Khichdi',
      category: 'Lunch',
      image: uploadedImage(1),
      ingredients: 'rice, moong dal, ghee',
      description: 'One-pot comfort food',
      price: 5.75,
    });
    // mealDecider added it as the server words it: the ingredients listed, the admin its distributor, unrated.
    expect(decided('MealAdded').map((added) => added.data)).toEqual([
      expect.objectContaining({ title: 'Khichdi', ingredients: ['rice', 'moong dal', 'ghee'], distributorEmail: 'ada@example.com', rating: 0 }),
    ]);
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog', { name: 'Meal Added!' }));
    // The page is given back to assistive technology (Radix's aria-hidden undone) once the dialog's effects are cleaned up.
    await waitFor(() => expect(field('Title')).toHaveValue(''));
    expect(field('Category')).toHaveValue('');
    expect(field('Price ($)')).toHaveValue(null);
    expect(within(form()).queryByText('Image uploaded successfully!')).not.toBeInTheDocument();
    // The image went with the meal: the next one needs its own.
    await fill(user);
    await user.click(submit());
    expect(await screen.findByRole('dialog', { name: 'Oops...' })).toHaveTextContent('Please upload an image before submitting');
  });

  it('given a slow upload and a slow save, then Add Meal is disabled during each, and reads Adding Meal... while saving', async () => {
    seed({ users: [admin], signedInAs: admin.email });
    const releaseUpload = hold((gate) =>
      http.post('/api/uploads', () => gate.then(() => HttpResponse.json({ url: '/api/media/slow-photo' }, { status: 201 }))),
    );
    const releaseSave = hold((gate) =>
      http.post('/api/meals', () => gate.then(() => HttpResponse.json({ _id: 'new', message: 'ok', position: '0/7' }, { status: 201 }))),
    );
    const user = await openForm();
    await fill(user);

    await user.upload(field('Image'), photo());
    expect(await within(form()).findByText('Uploading image...')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    releaseUpload();
    await uploaded(user);
    expect(submit()).toBeEnabled();

    await user.click(submit());
    await waitFor(() => expect(submit()).toHaveTextContent('Adding Meal...'));
    expect(submit()).toBeDisabled();
    releaseSave();

    expect(await screen.findByRole('dialog', { name: 'Meal Added!' })).toBeInTheDocument();
    expect(requests('POST', '/api/meals')[0]?.body).toMatchObject({ image: '/api/media/slow-photo' });
  });

  it('given the upload fails, then says Failed to upload image on the field and still refuses to submit', async () => {
    seed({ users: [admin], signedInAs: admin.email });
    server.use(http.post('/api/uploads', () => HttpResponse.json({ message: 'Too large' }, { status: 413 })));
    const user = await openForm();
    await fill(user);

    await user.upload(field('Image'), photo());

    const failed = await screen.findByRole('dialog', { name: 'Error' });
    expect(failed).toHaveTextContent('Failed to upload image');
    await user.click(within(failed).getByRole('button', { name: 'OK' }));
    expect(await within(form()).findByText('Failed to upload image')).toBeInTheDocument();
    expect(field('Image')).toHaveAttribute('aria-invalid', 'true');
    await user.click(submit());
    expect(await screen.findByRole('dialog', { name: 'Oops...' })).toHaveTextContent('Please upload an image before submitting');
    expect(requests('POST', '/api/meals')).toHaveLength(0);
  });

  it.each([
    { answer: () => HttpResponse.json({ message: 'Title is too long' }, { status: 400 }), text: 'Title is too long', why: "a 400 with the server's message" },
    {
      answer: () => HttpResponse.json({ message: 'Internal Server Error' }, { status: 500 }),
      text: 'Something went wrong while adding the meal.',
      why: 'a server failure',
    },
  ])('given $why, when Add Meal is pressed, then Oops... says $text and keeps the form', async ({ answer, text }) => {
    seed({ users: [admin], signedInAs: admin.email });
    server.use(http.post('/api/meals', answer));
    const user = await openFilledForm();

    await user.click(submit());

    const dialog = await screen.findByRole('dialog', { name: 'Oops...' });
    expect(within(dialog).getByText(text)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(field('Title')).toHaveValue('Khichdi');
  });
});
