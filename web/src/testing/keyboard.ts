import { act, screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Presses `button` from the keyboard (once it takes presses: not busy), then closes the notice it opens,
 * `dialog`, with Enter on its OK: resolves once no dialog is left, for a test to say where the focus went.
 */
export async function pressThenOk(user: ReturnType<typeof userEvent.setup>, button: HTMLElement, dialog: string) {
  await waitFor(() => expect(button).not.toHaveAttribute('aria-busy', 'true'));
  act(() => button.focus());
  await user.keyboard('{Enter}');
  await screen.findByRole('dialog', { name: dialog });
  await user.keyboard('{Enter}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}
