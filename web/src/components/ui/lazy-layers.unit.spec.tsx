import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { NoticeProvider, useNotice } from './notice-dialog';
import { ToastProvider, useToast } from './toast';

// The chunks with Radix's dialog and toasts cannot be fetched (offline, or replaced by a newer build).
vi.mock('./notice-dialog-view', () => {
  throw new Error('Failed to fetch dynamically imported module');
});
vi.mock('./toast-layer', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

function Screen() {
  const notice = useNotice();
  const toast = useToast();
  return (
    <main>
      <button onClick={() => notice({ title: 'Error', text: 'Something went wrong.', tone: 'error' })}>Save</button>
      <button onClick={() => toast({ title: 'Your meal is ready' })}>Ping</button>
    </main>
  );
}

it("given the dialog's and the toasts' code cannot come, then a notice is still said (the browser's alert), a toast goes unshown, and the app goes on", async () => {
  const alert = vi.fn();
  vi.stubGlobal('alert', alert);
  const user = userEvent.setup();
  render(
    <NoticeProvider>
      <ToastProvider>
        <Screen />
      </ToastProvider>
    </NoticeProvider>,
  );

  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(alert).toHaveBeenCalledWith('Error\n\nSomething went wrong.'));
  await user.click(screen.getByRole('button', { name: 'Ping' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  // The app is still there, and says the next notice too.
  await waitFor(() => expect(alert).toHaveBeenCalledTimes(2));
  expect(screen.getByRole('button', { name: 'Ping' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});
