import * as calls from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import type { Authenticator, CallContext } from '../../http/request-context';
import type { IdentityService } from './identity.service';
import type { LoginGuard } from './login-guard';

/** The caller on a call whose auth level guarantees one. */
function userOf(context: CallContext) {
  if (!context.user) throw new AppError('TOKEN_INVALID');
  return context.user;
}

export function registerIdentityRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  identity: IdentityService,
  loginGuard: LoginGuard,
): void {
  const register = <C extends calls.CallDefinition>(
    definition: C,
    handler: Parameters<typeof registerCall<C>>[3],
  ) => registerCall(app, authenticate, definition, handler);

  register(calls.visitorCreate, (_input, context) => identity.createVisitor(context));
  register(calls.visitorLogin, (_input, context) =>
    identity.resumeSession(userOf(context), context),
  );
  register(calls.memberLoginAuto, (_input, context) =>
    identity.resumeSession(userOf(context), context),
  );
  register(calls.memberCreateAccount, (input, context) => identity.register(input, context));
  register(calls.memberLoginAccount, (input, context) => identity.login(input, context));
  register(calls.memberLoginAccountAdd, (input, context) => identity.login(input, context));
  register(calls.memberProfile, (_input, context) => identity.profile(userOf(context)));
  register(calls.memberProfileEdit, (input, context) =>
    identity.editProfile(userOf(context), input),
  );
  register(calls.memberPasswordEdit, (input, context) =>
    identity.changePassword(userOf(context), input, context),
  );
  register(calls.memberLogout, (_input, context) => identity.logout(userOf(context)));
  register(calls.memberCreateTryPlay, (_input, context) => identity.createTryPlay(context));
  register(calls.openMemberLogin, (input, context) => identity.partnerLogin(input, context));
  register(calls.memberChangeCurrency, (input, context) =>
    identity.changeCurrency(userOf(context), input.currencyId),
  );
  register(calls.userType, (_input, context) => identity.userType(userOf(context)));
  register(calls.captchaRequired, async (input, context) => ({
    required: await loginGuard.isCaptchaRequired(input.account?.toLowerCase(), context.ip),
  }));
  register(calls.captchaGet, () => loginGuard.issueCaptcha());
  register(calls.captchaCheck, async (input) => ({
    valid: await loginGuard.checkCaptcha(input.captchaId, input.code),
  }));
}
