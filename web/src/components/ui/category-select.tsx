import { MEAL_CATEGORIES } from '@hostel/contracts';
import type { ComponentProps } from 'react';
import { Select } from './select';

/**
 * The meal categories to choose from, after the choice of none (value ''): `unchosen` names it, 'Choose a
 * category' in the forms (which require a choice), 'All categories' in a filter.
 */
export function CategorySelect({ unchosen = 'Choose a category', ...props }: ComponentProps<typeof Select> & { unchosen?: string }) {
  return (
    <Select {...props}>
      <option value="">{unchosen}</option>
      {MEAL_CATEGORIES.map((category) => (
        <option key={category} value={category}>
          {category}
        </option>
      ))}
    </Select>
  );
}
