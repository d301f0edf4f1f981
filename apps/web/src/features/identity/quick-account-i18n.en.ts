/** Texts of quick account creation and its password prompt, under `quickAccount`. */
export const texts = {
  quickAccount: {
    or: 'or',
    createButton: 'One-click account',
    createHint: 'We choose your account name; you set a password afterwards.',
    createdTitle: 'Your account is ready',
    setTitle: 'Set your password',
    accountLabel: 'Account name',
    explain:
      'Write this name down. Until you set a password, the account works only in this browser, and withdrawals and payout accounts stay closed.',
    password: 'New password',
    confirm: 'Confirm password',
    submit: 'Set password',
    later: 'Later',
    notPlaceholder: 'Choose a password other than the starter password',
    banner:
      'Your account {{account}} has no password yet. Set one to sign in on other devices and to withdraw.',
    bannerAction: 'Set password',
    passwordSet: 'Password set. You are signed in with it now.',
  },
};

/** The shape every language's texts of this feature take. */
export type Texts = typeof texts;
