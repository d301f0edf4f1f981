import type { PlinkoRisk, PlinkoRows } from '@sb/domain';
import { plinkoPayTable } from '@sb/domain';
import { useTranslation } from 'react-i18next';

const width = 320;

/** A slot's multiplier as short as it reads whole under a narrow slot: 1000, 26, 1.4, 0.2. */
export function slotLabelOf(tenThousandths: number): string {
  const value = tenThousandths / 10_000;
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return String(Number(value.toFixed(digits)));
}
const top = 14;

/**
 * The plinko board in SVG: a triangle of pegs, the slots with their multipliers, and the path of
 * the last ball (left or right at each row) drawn over it, its slot marked.
 */
export function PlinkoBoard({
  rows,
  risk,
  edgeBps,
  path,
}: {
  rows: PlinkoRows;
  risk: PlinkoRisk;
  edgeBps: number;
  path: readonly number[] | null;
}) {
  const { t } = useTranslation();
  const table = plinkoPayTable(rows, risk, edgeBps);
  const gap = width / (rows + 2);
  const rowHeight = gap * 0.86;
  const slotTop = top + rows * rowHeight + 4;
  const height = slotTop + 26;
  const pegX = (row: number, peg: number) => width / 2 + (peg - row / 2) * gap;
  const pegY = (row: number) => top + row * rowHeight;
  const slot = path?.reduce((sum, step) => sum + step, 0) ?? null;
  const points: string[] = [];
  if (path && path.length === rows) {
    let rights = 0;
    points.push(`${width / 2},${top - 10}`);
    path.forEach((step, row) => {
      points.push(`${pegX(row, rights)},${pegY(row) - 4}`);
      rights += step;
    });
    points.push(`${pegX(rows, rights)},${slotTop + 10}`);
  }
  return (
    <svg
      className="plinko-board"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={t('games.plinko.board')}
      data-testid="plinko-board"
      data-slot={slot ?? ''}
    >
      {Array.from({ length: rows }, (_, row) =>
        Array.from({ length: row + 1 }, (_, peg) => (
          <circle
            // biome-ignore lint/suspicious/noArrayIndexKey: pegs are fixed positions.
            key={`${row}-${peg}`}
            className="plinko-board__peg"
            cx={pegX(row, peg)}
            cy={pegY(row)}
            r={Math.max(1.6, gap * 0.09)}
          />
        )),
      )}
      {table.map((multiplier, at) => {
        const x = pegX(rows, at) - gap / 2 + 1;
        const isHit = at === slot;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: slots are fixed positions.
          <g key={at}>
            <rect
              className={isHit ? 'plinko-board__slot is-hit' : 'plinko-board__slot'}
              x={x}
              y={slotTop}
              width={gap - 2}
              height={20}
              rx={3}
            />
            <text
              className="plinko-board__label"
              x={x + (gap - 2) / 2}
              y={slotTop + 13.5}
              textAnchor="middle"
              fontSize={Math.min(8, gap * 0.36)}
            >
              {slotLabelOf(multiplier)}
            </text>
          </g>
        );
      })}
      {points.length > 0 ? (
        <>
          <polyline className="plinko-board__path" points={points.join(' ')} />
          <circle
            className="plinko-board__ball"
            cx={pegX(rows, slot ?? 0)}
            cy={slotTop + 10}
            r={Math.max(3, gap * 0.2)}
          />
        </>
      ) : null}
    </svg>
  );
}
