/** Where an option sits in a two-sided play's grid: its column and row (CSS grid lines). */
export interface GridPlace {
  gridColumn: string;
  gridRow: string;
}

const sideBand = /^(home|away)_(.+)$/;

/**
 * A winning-margin play ("Home by 1", "Home by 2", …, "Draw", "Away by 1", …) laid out by side:
 * the home bands down the first column and the away bands down the second, each band on the row
 * of the same band of the other side, the draw across both below them. Null for any other play
 * (an outcome that is neither a side's band nor the draw, or bands of one side only), which keeps
 * the play's own columns. Places are given in the order of `outcomeIds`.
 */
export function sideBandPlaces(outcomeIds: readonly string[]): GridPlace[] | null {
  const bands: string[] = [];
  const sides = new Set<string>();
  for (const outcomeId of outcomeIds) {
    if (outcomeId === 'draw') continue;
    const band = sideBand.exec(outcomeId);
    if (!band?.[1] || !band[2]) return null;
    sides.add(band[1]);
    if (!bands.includes(band[2])) bands.push(band[2]);
  }
  if (sides.size < 2) return null;
  return outcomeIds.map((outcomeId) => {
    const band = sideBand.exec(outcomeId);
    if (!band?.[2]) return { gridColumn: '1 / -1', gridRow: String(bands.length + 1) };
    return {
      gridColumn: band[1] === 'home' ? '1' : '2',
      gridRow: String(bands.indexOf(band[2]) + 1),
    };
  });
}

/** One outcome of a play laid out by side in a row of the board: where it stands in the row. */
export interface BandCell {
  /** The outcome's index in the play's options. */
  index: number;
  /** The first band of the second side starts a row of its own; so does the draw. */
  startsRow: boolean;
  /** The draw runs across the whole row. */
  isDraw: boolean;
}

/**
 * A winning-margin play as a board row lays it out: the home bands, then the away bands from a
 * new row, then the draw on a row of its own, so however many cells a row holds no row mixes
 * the sides. Null for any play `sideBandPlaces` leaves to its own columns.
 */
export function boardBandCells(outcomeIds: readonly string[]): BandCell[] | null {
  const places = sideBandPlaces(outcomeIds);
  if (!places) return null;
  const cells = places.map((place, index) => ({ place, index }));
  const ofColumn = (column: string) =>
    cells
      .filter((cell) => cell.place.gridColumn === column)
      .sort((left, right) => Number(left.place.gridRow) - Number(right.place.gridRow));
  return [
    ...ofColumn('1').map((cell) => ({ index: cell.index, startsRow: false, isDraw: false })),
    ...ofColumn('2').map((cell, nth) => ({
      index: cell.index,
      startsRow: nth === 0,
      isDraw: false,
    })),
    ...ofColumn('1 / -1').map((cell) => ({ index: cell.index, startsRow: true, isDraw: true })),
  ];
}
