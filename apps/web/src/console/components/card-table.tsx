import type { ReactNode } from 'react';

/** One column of a CardTable: its heading, which each cell also carries as its label on a card. */
export interface CardColumn<Row> {
  id: string;
  label: string;
  cell(row: Row): ReactNode;
  /** The cell's test id, for a value a suite reads. */
  cellTestId?(row: Row): string;
}

/**
 * A desk's table that becomes a card of labelled lines per row where its columns do not fit
 * (`console-cards`, a container query): every cell names its column in `data-label`, shown
 * beside its value on a card. With no rows it shows `empty` instead of a table of headings only.
 */
export function CardTable<Row>({
  columns,
  rows,
  rowKey,
  rowTestId,
  rowAttributes,
  testId,
  empty,
  isNumeric = false,
}: {
  columns: readonly CardColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  rowTestId?(row: Row): string;
  /** `data-*` attributes of a row, for the state a suite reads (on or off, a status). */
  rowAttributes?(row: Row): Record<`data-${string}`, string>;
  testId: string;
  empty: ReactNode;
  /** Figures: every column but the first right-aligned in tabular digits. */
  isNumeric?: boolean;
}) {
  if (rows.length === 0) return <>{empty}</>;
  const tableClass = `console-table console-table--cards${isNumeric ? ' console-table--numbers' : ''}`;
  return (
    <div className="console-cards">
      <table className={tableClass} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id}>{column.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId?.(row)} {...rowAttributes?.(row)}>
              {columns.map((column) => (
                <td
                  key={column.id}
                  data-label={column.label}
                  data-testid={column.cellTestId?.(row)}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
