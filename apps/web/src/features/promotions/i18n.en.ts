export const texts = {
  promotions: {
    navLink: 'Promotions',
    title: 'Red envelopes',
    tabs: {
      all: 'Promotions',
      mine: 'My envelopes',
    },
    loading: 'Loading promotions…',
    loadFailed: 'Promotions could not be loaded. Please try again later.',
    retry: 'Try again',
    empty: 'No promotions right now. New red envelopes appear here when they start.',
    emptyMine: 'You have not grabbed any red envelopes yet.',
    signIn: 'Sign in to grab red envelopes.',
    signInAction: 'Sign in',
    status: {
      running: 'Running',
      paused: 'Paused',
      scheduled: 'Coming up',
      draft: 'Coming up',
      ended: 'Ended',
      closed: 'Closed',
    },
    facts: {
      money: 'Paid as',
      amounts: 'Each envelope',
      claimed: 'Grabbed',
      starts: 'Starts',
      ends: 'Ends',
      who: 'Who can grab',
    },
    money: {
      cash: 'Cash, straight to your balance',
      bonus: 'Bonus money: play through ×{{multiple}} within {{days}} days',
      maxStake: 'Stakes up to {{amount}} count',
    },
    amounts: '{{min}} – {{max}} {{currency}}',
    amountsFixed: '{{amount}} {{currency}}',
    claimed: '{{claimed}} / {{count}}',
    conditions: {
      member: 'Registered members',
      minDeposit: 'Deposits of {{amount}} {{currency}} or more in the last {{days}} days',
      minTurnover: 'Stakes of {{amount}} {{currency}} or more in the last {{days}} days',
      riskLevels: 'Account levels {{levels}} only',
    },
    commitment: {
      label: 'Commitment',
      hint: 'Fixed before the start. When the promotion closes its draw is published, and this page checks it.',
      copy: 'Copy',
      copied: 'Commitment copied',
    },
    draw: {
      verified: 'Verified: the published draw matches the commitment',
      mismatch: 'Does not match: the published draw differs from the commitment',
      unpublished: 'The draw has not been published yet',
      seed: 'Seed',
    },
    state: {
      grabbable: 'A red envelope is waiting for you',
      claimed: 'You got {{amount}} {{currency}}',
      ineligible: 'You do not meet the conditions of this promotion',
      gone: 'All envelopes have been grabbed',
      paused: 'Paused for now: come back soon',
      upcoming: 'Starts {{time}}',
      over: 'This promotion has ended',
    },
    claimedAt: 'Grabbed {{time}}',
    envelope: {
      open: 'Open the red envelope',
      dialogTitle: 'Red envelope',
      grab: 'Grab',
      grabbing: 'Grabbing…',
      youGot: 'You got',
      cashNote: 'Added to your cash balance.',
      bonusNote:
        'Bonus money: stakes of {{required}} {{currency}} (×{{multiple}}) within {{days}} days turn it into cash.',
      maxStakeNote: 'Stakes above {{amount}} {{currency}} do not count.',
      close: 'Done',
    },
    notice: {
      started: 'A red envelope promotion has started!',
      go: 'Grab it',
      dismiss: 'Dismiss',
    },
  },
};

/** The shape every language's texts of this feature take. */
export type Texts = typeof texts;
