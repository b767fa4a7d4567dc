import { screen, within } from '@testing-library/react';

/**
 * A dashboard table on screen, found by its name, as a test reads it: the table, the row holding a
 * cell with some text, the column headers' texts, and the texts of a row's cells.
 */
export function tableNamed(name: string) {
  const table = () => screen.getByRole('table', { name });
  const rowOf = (cellText: string) => {
    const row = within(table()).getByRole('cell', { name: cellText }).closest('tr');
    if (!row) throw new Error(`no row for ${cellText}`);
    return within(row);
  };
  return {
    table,
    rowOf,
    headers: () =>
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    cellsOf: (cellText: string) =>
      rowOf(cellText)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
  };
}
