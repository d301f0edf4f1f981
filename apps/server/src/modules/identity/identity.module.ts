import type { BalanceEntry } from '@sb/contract';
import type { ModuleContext } from '../../module-context';
import type { AuditService } from '../operators/audit.service';
import { walletMemberOf } from './identity.service';
import { createMemberAdminRepository } from './member-admin.repository';
import { createMemberAdmin } from './member-admin.service';
import { registerMemberDeskRoutes } from './member-desk.routes';
import { createPartnerAdminRepository } from './partner-admin.repository';
import { createPartnerAdmin } from './partner-admin.service';
import { registerPartnerDeskRoutes } from './partner-desk.routes';

/**
 * The operators' desks over identity's own tables: members (search, a member's whole picture,
 * blocking, risk settings) and partners (the channels PARTNER_SECRETS configures). What they show
 * of other modules (balances, open bets, the withdrawal lock) is handed in.
 */
export function registerIdentityDesks(
  context: ModuleContext,
  deps: {
    audit: AuditService;
    balancesOf: (member: ReturnType<typeof walletMemberOf>) => Promise<BalanceEntry[]>;
    openOrdersOf: (userId: number) => Promise<number>;
    isWithdrawLocked: (userId: number) => Promise<boolean>;
    /** The partner channels PARTNER_SECRETS configures: the only ones the desk knows. */
    partnerChannels: readonly string[];
  },
) {
  const { app, authenticate, now } = context;
  const db = context.database.db;
  const members = createMemberAdmin({ repository: createMemberAdminRepository(db), now });
  registerMemberDeskRoutes(app, authenticate, {
    members,
    audit: deps.audit,
    balancesOf: deps.balancesOf,
    openOrdersOf: deps.openOrdersOf,
    isWithdrawLocked: deps.isWithdrawLocked,
  });
  registerPartnerDeskRoutes(app, authenticate, {
    partners: createPartnerAdmin({
      repository: createPartnerAdminRepository(db),
      channels: deps.partnerChannels,
      now,
    }),
    audit: deps.audit,
  });
  return {
    /** What the wallet needs of a member, read for an operator: blocked members included. */
    async findAnyWalletMember(userId: number) {
      return walletMemberOf(await members.find(userId));
    },
  };
}
