/** Texts of the pages a match opens beside the board: head-to-head and the broadcast. */
export const texts = {
  matchWatch: {
    loading: 'Loading…',
    headToHead: {
      meetings: 'Last meetings',
      form: 'Recent form',
      wins: '{{team}} wins',
      draws: 'Draws',
      noMeetings: 'These sides have not met before.',
      unavailable: 'No record is kept for this match.',
      atHome: 'Home',
      away: 'Away',
      result: { W: 'W', D: 'D', L: 'L' },
      resultName: { W: 'Won', D: 'Drawn', L: 'Lost' },
    },
    broadcast: {
      title: 'Live broadcast: {{title}}',
      startsIn: 'Starts in {{seconds}} s',
      underway: 'Under way',
      finished: 'Finished',
      unavailable: 'This broadcast is not available.',
      goal: 'Goal!',
      runners: 'Runners',
      runningOrder: 'Running order',
      finishOrder: 'Finishing order',
      awaitingResult: 'Awaiting the official result',
    },
  },
};

/** The shape every language's texts of this feature take. */
export type Texts = typeof texts;
