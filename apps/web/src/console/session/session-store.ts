import { type Operator, operatorSchema } from '@sb/contract';
import { z } from 'zod';
import { create } from 'zustand';
import { readJson, writeJson } from '../../lib/storage';
import type { SessionEndReason, SessionTiming } from '../api/operator-api';

/** The signed-in operator and what the console needs to keep its session alive. */
export interface ConsoleSession extends SessionTiming {
  operator: Operator;
}

const storedSessionSchema = z.object({
  token: z.string().min(1),
  expiresAt: z.number().int(),
  idleTimeoutMs: z.number().int(),
  lastActivityAt: z.number().int(),
  operator: operatorSchema,
});

/**
 * Per-tab storage: a console session ends with its tab and is never shared with the member
 * site's keys (which live in localStorage under SPEC's names).
 */
export const consoleSessionKey = 'sbConsoleSession';

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function loadSession(): ConsoleSession | null {
  const storage = sessionStorageOrNull();
  if (!storage) return null;
  const parsed = storedSessionSchema.safeParse(readJson(storage, consoleSessionKey));
  return parsed.success ? parsed.data : null;
}

function saveSession(session: ConsoleSession | null): void {
  const storage = sessionStorageOrNull();
  if (!storage) return;
  if (session) writeJson(storage, consoleSessionKey, session);
  else storage.removeItem(consoleSessionKey);
}

interface SessionState {
  session: ConsoleSession | null;
  /** Why the last session ended, shown on the sign-in screen; null after a fresh start. */
  endReason: SessionEndReason | null;
  signIn(session: ConsoleSession): void;
  recordActivity(at: number): void;
  endSession(reason: SessionEndReason): void;
}

export const useSessionStore = create<SessionState>((set, get) => ({
  session: typeof window === 'undefined' ? null : loadSession(),
  endReason: null,
  signIn(session) {
    saveSession(session);
    set({ session, endReason: null });
  },
  recordActivity(at) {
    const current = get().session;
    if (!current || at <= current.lastActivityAt) return;
    const session = { ...current, lastActivityAt: at };
    saveSession(session);
    set({ session });
  },
  endSession(reason) {
    if (!get().session) return;
    saveSession(null);
    set({ session: null, endReason: reason });
  },
}));
