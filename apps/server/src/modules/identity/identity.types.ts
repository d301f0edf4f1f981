/**
 * Sessions that have just ended, told once the end is written: one session (`sessionId`, a
 * logout) or every session of the user (`sessionId` null: a password change, a block). Whoever
 * holds connections opened with those sessions' tokens closes them.
 */
export interface EndedSessions {
  userId: number;
  sessionId: number | null;
}

export type SessionEndListener = (ended: EndedSessions) => void;
