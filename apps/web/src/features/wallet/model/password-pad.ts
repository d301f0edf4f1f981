/** SPEC §5 and §9: the withdrawal password is exactly six digits. */
export const withdrawPasswordLength = 6;

export type PadKey = { kind: 'digit'; digit: string } | { kind: 'delete' } | { kind: 'clear' };

/** The entry after one key: digits up to six, Delete takes the last one off, Clear empties it. */
export function pressPadKey(entry: string, key: PadKey): string {
  switch (key.kind) {
    case 'digit':
      return /^\d$/.test(key.digit) && entry.length < withdrawPasswordLength
        ? entry + key.digit
        : entry;
    case 'delete':
      return entry.slice(0, -1);
    case 'clear':
      return '';
  }
}

/** A keyboard key as a pad key: digits and Backspace (SPEC §2); anything else is ignored. */
export function padKeyOfKeyboard(key: string): PadKey | null {
  if (/^\d$/.test(key)) return { kind: 'digit', digit: key };
  if (key === 'Backspace') return { kind: 'delete' };
  return null;
}

export function isCompletePassword(entry: string): boolean {
  return entry.length === withdrawPasswordLength && /^\d+$/.test(entry);
}

/**
 * SPEC §4 two-step setting: the first entry is kept and a confirm step asked; a second entry that
 * differs goes back to the first step.
 */
export type SetPasswordStep =
  | { step: 'first' }
  | { step: 'confirm'; first: string }
  | { step: 'done'; password: string }
  | { step: 'mismatch' };

export function advanceSetPassword(state: SetPasswordStep, entry: string): SetPasswordStep {
  if (!isCompletePassword(entry)) return state;
  if (state.step === 'confirm') {
    return entry === state.first ? { step: 'done', password: entry } : { step: 'mismatch' };
  }
  return { step: 'confirm', first: entry };
}
