import { installOperatorAuthenticator } from '../../http/request-context';
import type { ModuleContext } from '../../module-context';
import { type AuditService, createAuditService } from './audit.service';
import {
  type CreatedOperator,
  createOperatorAccounts,
  type OperatorAccounts,
} from './operator-accounts.service';
import { createOperatorLoginGuard } from './operator-login-guard';
import { createOperatorSessions } from './operator-sessions.service';
import { createOperatorRepository } from './operators.repository';
import { registerOperatorRoutes } from './operators.routes';

export interface OperatorModule {
  accounts: OperatorAccounts;
  /** For modules recording operator actions inside their own transactions. */
  audit: AuditService;
}

/** The first operator's secrets, written to the log this once and never again. */
function announceFirstOperator(context: ModuleContext, created: CreatedOperator): void {
  context.app.log.warn(
    {
      username: created.operator.username,
      password: created.generatedPassword,
      totpSecret: created.totpSecret,
      otpauthUri: created.otpauthUri,
    },
    'first operator created: sign in at /admin/api/login with this password and the code of an ' +
      'authenticator app given the TOTP secret (or the otpauth URI); they are shown only now',
  );
}

/**
 * Registers the back-office calls under /admin/api, makes operator sessions known to every
 * call with `auth: { operator }`, and creates the first operator when there is none.
 */
export async function registerOperatorModule(context: ModuleContext): Promise<OperatorModule> {
  const { app, now } = context;
  const db = context.database.db;
  const repository = createOperatorRepository(db);
  const audit = createAuditService({ db, now });
  const accounts = createOperatorAccounts({ db, repository, audit });
  const guard = createOperatorLoginGuard({ counters: context.counters });
  const sessions = createOperatorSessions({ db, repository, guard, audit, now });

  installOperatorAuthenticator(app, sessions.authenticate);
  registerOperatorRoutes(app, context.authenticate, { sessions, audit });

  const created = await accounts.ensureFirstOperator();
  if (created) announceFirstOperator(context, created);
  return { accounts, audit };
}
