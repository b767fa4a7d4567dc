import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Fills a form as a person does, field by field in the order given: text typed into the field its
 * label names, a File uploaded (the first field is waited for, as the screen may still be loading);
 * then presses the `submit` button, when named.
 */
export async function fillIn(user: UserEvent, fields: Record<string, string | File>, submit?: string): Promise<void> {
  let first = true;
  for (const [label, value] of Object.entries(fields)) {
    const field = first ? await screen.findByLabelText(label) : screen.getByLabelText(label);
    first = false;
    if (value instanceof File) await user.upload(field, value);
    else await user.type(field, value);
  }
  if (submit) await user.click(screen.getByRole('button', { name: submit }));
}
