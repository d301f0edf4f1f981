import { describe, expect, it } from 'vitest';
import { boardBandCells, sideBandPlaces } from './side-bands';

describe('sideBandPlaces', () => {
  it('puts home bands down the first column, away bands beside them, the draw across below', () => {
    const places = sideBandPlaces([
      'home_1',
      'home_2',
      'home_3+',
      'draw',
      'away_1',
      'away_2',
      'away_3+',
    ]);
    expect(places?.map((place) => `${place.gridColumn}@${place.gridRow}`)).toEqual([
      '1@1',
      '1@2',
      '1@3',
      '1 / -1@4',
      '2@1',
      '2@2',
      '2@3',
    ]);
  });

  it('lines up a band by its name, whichever side names it first, without a draw', () => {
    const places = sideBandPlaces(['away_1-5', 'home_1-5', 'home_6-10', 'away_6-10']);
    expect(places?.map((place) => `${place.gridColumn}@${place.gridRow}`)).toEqual([
      '2@1',
      '1@1',
      '1@2',
      '2@2',
    ]);
  });

  it('leaves every other play to its own columns', () => {
    expect(sideBandPlaces(['home', 'draw', 'away'])).toBeNull();
    expect(sideBandPlaces(['home_1', 'home_2'])).toBeNull();
    expect(sideBandPlaces(['over', 'under'])).toBeNull();
    expect(sideBandPlaces([])).toBeNull();
  });
});

describe('boardBandCells', () => {
  it('lists the home bands, then the away bands from a new row, then the draw across a row', () => {
    const cells = boardBandCells(['home_1', 'home_2', 'draw', 'away_1', 'away_2']);
    expect(cells).toEqual([
      { index: 0, startsRow: false, isDraw: false },
      { index: 1, startsRow: false, isDraw: false },
      { index: 3, startsRow: true, isDraw: false },
      { index: 4, startsRow: false, isDraw: false },
      { index: 2, startsRow: true, isDraw: true },
    ]);
  });

  it('puts each band of one side in the same place as that band of the other', () => {
    const cells = boardBandCells(['away_6-10', 'away_1-5', 'home_1-5', 'home_6-10']);
    expect(cells?.map((cell) => cell.index)).toEqual([3, 2, 0, 1]);
    expect(boardBandCells(['home', 'draw', 'away'])).toBeNull();
  });
});
