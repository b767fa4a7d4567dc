import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Presses the button named `button`, then `answer` in the confirmation it opens ('Are you sure?'). */
export async function confirmWith(user: UserEvent, button: string, answer: string): Promise<void> {
  await user.click(await screen.findByRole('button', { name: button }));
  await user.click(within(await screen.findByRole('alertdialog', { name: 'Are you sure?' })).getByRole('button', { name: answer }));
}
