import { parseArgs } from 'node:util';
import { operatorRoles } from '@sb/contract';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { AppError } from '../http/app-error';
import { createAuditService } from '../modules/operators/audit.service';
import {
  type CreatedOperator,
  createOperatorAccounts,
  operatorPasswordLengthMin,
} from '../modules/operators/operator-accounts.service';
import { createOperatorRepository } from '../modules/operators/operators.repository';

const usage = `Usage: npm run operator:create -- --username <name> --roles <role[,role…]> [--password-stdin] [--reason <text>]

Creates a back-office operator on the configured database (DATABASE_URL, or the embedded
database in DATA_DIR, which must not be open in a running server). Roles: ${operatorRoles.join(', ')}.
The password is generated unless --password-stdin reads one (at least ${operatorPasswordLengthMin} characters)
from standard input. The TOTP secret is always generated. Secrets are printed once.`;

/** Exit codes: the operator was created; the request was refused; the database failed. */
const exitCodes = { created: 0, refused: 1, failed: 2 } as const;

class UsageError extends Error {}

/** Our own usage complaints and node:util parseArgs' (unknown option, missing value…). */
function isUsageError(error: unknown): error is Error {
  if (error instanceof UsageError) return true;
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}

function readArguments(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      username: { type: 'string' },
      roles: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      reason: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return null;
  if (!values.username) throw new UsageError('--username is required');
  if (!values.roles) throw new UsageError('--roles is required');
  return {
    username: values.username,
    roles: values.roles.split(','),
    isPasswordFromStdin: values['password-stdin'],
    reason: values.reason ?? 'created with npm run operator:create',
  };
}

/** Standard input up to its end, without the line break a shell or `echo` adds. */
async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function printCreated(created: CreatedOperator): void {
  const { operator } = created;
  console.log(
    `Operator "${operator.username}" created (id ${operator.operatorId}) with roles: ${operator.roles.join(', ')}.`,
  );
  if (created.generatedPassword) console.log(`Password:    ${created.generatedPassword}`);
  console.log(`TOTP secret: ${created.totpSecret}`);
  console.log(`otpauth URI: ${created.otpauthUri}`);
  console.log(
    'Add the secret, or the URI as a QR code, to an authenticator app now: neither the secret nor a generated password is shown again.',
  );
}

async function main(): Promise<number> {
  const request = readArguments(process.argv.slice(2));
  if (!request) {
    console.log(usage);
    return exitCodes.created;
  }
  const password = request.isPasswordFromStdin ? await readStandardInput() : undefined;
  const config = loadConfig(process.env);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  try {
    const db = database.db;
    const accounts = createOperatorAccounts({
      db,
      repository: createOperatorRepository(db),
      audit: createAuditService({ db, now: () => new Date() }),
    });
    const created = await accounts.create(
      { username: request.username, roles: request.roles, password },
      { operatorId: null, reason: request.reason },
    );
    if (!created) {
      console.error(`An operator named "${request.username.trim().toLowerCase()}" already exists.`);
      return exitCodes.refused;
    }
    printCreated(created);
    return exitCodes.created;
  } finally {
    await database.close();
  }
}

main().then(
  (exitCode) => process.exit(exitCode),
  (error: unknown) => {
    if (isUsageError(error)) {
      console.error(`${error.message}\n\n${usage}`);
      process.exit(exitCodes.refused);
    }
    if (error instanceof AppError) {
      console.error(error.detail ?? error.message);
      process.exit(exitCodes.refused);
    }
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(exitCodes.failed);
  },
);
