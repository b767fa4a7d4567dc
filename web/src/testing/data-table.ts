import { screen, within } from '@testing-library/react';

/**
 * A dashboard table on screen, found by its name, as a test reads it: the table, the row holding a
 * cell with some text, the column headers' texts, the texts of a row's cells, and every row's.
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
    /** Every row below the headers, as the texts of its first `columns` cells (all of them when not given). */
    rows: (columns?: number) =>
      within(table())
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .slice(0, columns)
            .map((cell) => cell.textContent),
        ),
  };
}
