import { MEAL_CATEGORIES } from '@hostel/contracts';
import type { ComponentProps } from 'react';
import { Select } from './select';

/** The meal categories to choose from, starting unchosen (the forms require a choice). */
export function CategorySelect(props: ComponentProps<typeof Select>) {
  return (
    <Select {...props}>
      <option value="">Choose a category</option>
      {MEAL_CATEGORIES.map((category) => (
        <option key={category} value={category}>
          {category}
        </option>
      ))}
    </Select>
  );
}
