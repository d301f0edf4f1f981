import { randomInt } from 'node:crypto';
import type { Session } from '@sb/contract';
import { quickAccountPlaceholderWirePassword } from '@sb/domain';
import { AppError } from '../../http/app-error';
import type { CallContext } from '../../http/request-context';
import type { IdentityService } from './identity.service';
import type { AccountCreationGuard } from './new-account-limits';

/**
 * Generated names are `qa` and ten digits: easy to read out and type on a phone, and far enough
 * apart that a clash is rare. A clash just draws another name; a handful of clashes in a row
 * means something other than chance.
 */
const maxNameTries = 5;

export function generateQuickAccountName(): string {
  let digits = '';
  for (let index = 0; index < 10; index += 1) digits += String(randomInt(10));
  return `qa${digits}`;
}

/**
 * Quick account creation (SPEC §5): a member with a generated name on the placeholder password,
 * signed in at once. The account is flagged while it keeps the placeholder; identity.service
 * refuses it a login and the withdrawals module refuses it money out (docs/identity.md).
 */
export function createQuickAccountService(deps: {
  identity: Pick<IdentityService, 'register'>;
  /**
   * Quick accounts per address and per device in an hour: a person needs one, a shared address
   * a few; past them the caller is told to wait, so a script cannot fill the users table.
   */
  accountCreation: Pick<AccountCreationGuard, 'admitQuickAccount'>;
  /** Chooses account names; tests supply clashing ones. */
  generateName?: () => string;
}) {
  const { identity, accountCreation } = deps;
  const generateName = deps.generateName ?? generateQuickAccountName;

  return {
    async create(context: CallContext): Promise<Session> {
      await accountCreation.admitQuickAccount(context);
      for (let tries = 0; tries < maxNameTries; tries += 1) {
        try {
          return await identity.register(
            { account: generateName(), pwd: quickAccountPlaceholderWirePassword },
            context,
            { hasPlaceholderPassword: true },
          );
        } catch (error) {
          if (!(error instanceof AppError && error.errorName === 'ACCOUNT_TAKEN')) throw error;
        }
      }
      throw new Error(`quick account names clashed ${maxNameTries} times in a row`);
    },
  };
}

export type QuickAccountService = ReturnType<typeof createQuickAccountService>;
