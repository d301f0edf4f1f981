import { openPasscodeIssue, openPasscodeLogin } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import type { Authenticator } from '../../http/request-context';
import type { PasscodeService } from './passcode.service';

export function registerPasscodeRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  passcodes: PasscodeService,
): void {
  registerCall(app, authenticate, openPasscodeIssue, (input) => passcodes.issue(input));
  registerCall(app, authenticate, openPasscodeLogin, (input, context) =>
    passcodes.redeem(input, context),
  );
}
