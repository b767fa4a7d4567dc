import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { makeUser, seed } from '@/testing/api/db';
import { requests, server } from '@/testing/api/server';
import { tableNamed } from '@/testing/data-table';
import { answerUsers } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

const admin = makeUser({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin' });
const students = Array.from({ length: 12 }, (_, index) =>
  makeUser({ name: `Student ${String(index + 1).padStart(2, '0')}`, email: `s${index + 1}@example.com`, badge: index === 0 ? 'Gold' : null }),
);

const { table, rowOf, headers } = tableNamed('Users');

/** Presses `label` (Make Admin, Make Auditor) in `name`'s row, then answers its question with `label` again. */
async function grant(user: ReturnType<typeof userEvent.setup>, label: string, name = 'Student 02') {
  await user.click(await screen.findByRole('button', { name: `${label}: ${name}` }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: label }));
}

describe('Manage Users', () => {
  it('given users, when opened, then lists 10 a page with badges and Make Admin or Admin', async () => {
    seed({ users: [admin, ...students], signedInAs: admin.email });
    answerUsers();
    renderApp('/dashboard/manageUsers');

    expect(await screen.findByRole('cell', { name: 'Ada Admin' })).toBeInTheDocument();
    expect(headers()).toEqual(['Username', 'Email', 'Badge', 'Action']);
    expect(within(table()).getAllByRole('row')).toHaveLength(1 + 10);
    expect(rowOf('Ada Admin').getByText('Admin')).toBeInTheDocument();
    expect(rowOf('Ada Admin').queryByRole('button')).not.toBeInTheDocument();
    expect(rowOf('Student 01').getByText('Gold')).toBeInTheDocument();
    expect(rowOf('Student 02').getByText('Free')).toBeInTheDocument();
    expect(rowOf('Student 02').getByRole('button', { name: /Make Admin/ })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('cell', { name: 'Student 12' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(1 + 3);
  });

  it('given the list fails to load, then says Failed to fetch users', async () => {
    seed({ users: [admin, ...students], signedInAs: admin.email });
    server.use(http.get('/users', () => HttpResponse.json({ message: 'Nope' }, { status: 400 })));
    renderApp('/dashboard/manageUsers');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to fetch users$/);
  });

  it('given a search, when typing, then asks the server once after the pause and shows No users found', async () => {
    seed({ users: [admin, ...students], signedInAs: admin.email });
    answerUsers();
    renderApp('/dashboard/manageUsers');
    const user = userEvent.setup();
    await screen.findByRole('cell', { name: 'Ada Admin' });

    // The search finds nobody by that name.
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');

    expect(await screen.findByText('No users found')).toBeInTheDocument();
    const searches = requests('GET', '/users').map((request) => request.query.get('search'));
    expect(searches).toEqual([null, 'nobody']);
  });

  it('given a student, when an admin clicks Make Admin, then promotes them, says so and shows the Admin label', async () => {
    seed({ users: [admin, students[1]!], signedInAs: admin.email });
    answerUsers();
    renderApp('/dashboard/manageUsers');
    const user = userEvent.setup();

    await grant(user, 'Make Admin');

    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(dialog).getByText('User promoted to Admin!')).toBeInTheDocument();
    expect(requests('PATCH', `/users/admin/${encodeURIComponent(students[1]!._id)}`)).toHaveLength(1);
    // The refetch after the write waits for the projection to pass the write's position.
    await waitFor(() => expect(requests('GET', '/users').at(-1)?.headers.get('x-min-position')).toBe('0/1'));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await rowOf('Student 02').findByText('Admin')).toBeInTheDocument();
  });

  it.each([
    { label: 'Make Admin', said: 'User promoted to Admin!', focused: 'History of Student 02', role: 'link' as const },
    { label: 'Make Auditor', said: 'User is now an Auditor!', focused: 'Make Admin: Student 02', role: 'button' as const },
  ])(
    'given $label pressed from the keyboard, when its Success is closed with OK, then the focus is on the nearest control left in that row ($focused), not the page',
    async ({ label, said, focused, role }) => {
      seed({ users: [admin, students[1]!], signedInAs: admin.email });
      answerUsers();
      renderApp('/dashboard/manageUsers');
      const user = userEvent.setup();
      const pressed = await screen.findByRole('button', { name: `${label}: Student 02` });
      act(() => pressed.focus());

      await user.keyboard('{Enter}');
      // Asked first, the way out focused: Tab to the answer that gives the role.
      const question = await screen.findByRole('alertdialog');
      expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      await user.tab();
      expect(within(question).getByRole('button', { name: label })).toHaveFocus();
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog', { name: 'Success' });
      expect(dialog).toHaveTextContent(said);
      // The button pressed is gone by now: the row was read again before Success was said.
      expect(pressed).not.toBeInTheDocument();
      await user.keyboard('{Enter}');

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(rowOf('Student 02').getByRole(role, { name: focused })).toHaveFocus());
    },
  );

  it.each([
    {
      given: 'the server refuses',
      answer: () => HttpResponse.json({ message: 'Already an admin' }, { status: 409 }),
      title: 'Failed',
      text: 'Already an admin',
    },
    { given: 'the network fails', answer: () => HttpResponse.error(), title: 'Error', text: 'Something went wrong.' },
  ])('given $given, when clicking Make Admin, then shows $title / $text', async ({ answer, title, text }) => {
    seed({ users: [admin, students[1]!], signedInAs: admin.email });
    answerUsers();
    server.use(http.patch('/users/admin/:id', answer));
    renderApp('/dashboard/manageUsers');

    await grant(userEvent.setup(), 'Make Admin');

    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).getByText(text)).toBeInTheDocument();
  });

  it.each([
    { label: 'Make Admin', title: 'Make Student 02 an admin?', says: /make others admins\. An admin cannot be made a user again here/ },
    { label: 'Make Auditor', title: 'Make Student 02 an auditor?', says: /read the whole history .* and change nothing/ },
  ])('given $label pressed, then it asks first, saying what the role allows; Cancel gives nothing', async ({ label, title, says }) => {
    seed({ users: [admin, students[1]!], signedInAs: admin.email });
    answerUsers();
    renderApp('/dashboard/manageUsers');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: `${label}: Student 02` }));
    const question = await screen.findByRole('alertdialog', { name: title });
    expect(question).toHaveTextContent(says);
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests('PATCH', `/users/${label === 'Make Admin' ? 'admin' : 'auditor'}/${encodeURIComponent(students[1]!._id)}`)).toHaveLength(0);
    expect(rowOf('Student 02').getByRole('button', { name: `${label}: Student 02` })).toHaveFocus();
  });

  it('given a student, when an admin clicks Make Auditor, then makes them an auditor, says so and shows the Auditor label beside Make Admin', async () => {
    seed({ users: [admin, students[1]!], signedInAs: admin.email });
    answerUsers();
    renderApp('/dashboard/manageUsers');
    const user = userEvent.setup();

    await grant(user, 'Make Auditor');

    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(dialog).getByText('User is now an Auditor!')).toBeInTheDocument();
    expect(requests('PATCH', `/users/auditor/${encodeURIComponent(students[1]!._id)}`)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await rowOf('Student 02').findByText('Auditor')).toBeInTheDocument();
    expect(rowOf('Student 02').queryByRole('button', { name: /Make Auditor/ })).not.toBeInTheDocument();
    expect(rowOf('Student 02').getByRole('button', { name: 'Make Admin: Student 02' })).toBeInTheDocument();
    expect(rowOf('Ada Admin').queryByRole('button', { name: /Make Auditor/ })).not.toBeInTheDocument();
  });

  it('given the server refuses, when clicking Make Auditor, then shows Failed with its message', async () => {
    seed({ users: [admin, students[1]!], signedInAs: admin.email });
    answerUsers();
    server.use(http.patch('/users/auditor/:id', () => HttpResponse.json({ message: 'Admins read the audit trail already' }, { status: 409 })));
    renderApp('/dashboard/manageUsers');

    await grant(userEvent.setup(), 'Make Auditor');

    const dialog = await screen.findByRole('dialog', { name: 'Failed' });
    expect(within(dialog).getByText('Admins read the audit trail already')).toBeInTheDocument();
  });
});
