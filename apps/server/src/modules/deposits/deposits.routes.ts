import multipart from '@fastify/multipart';
import * as calls from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerCall } from '../../http/register-call';
import type { AuthenticatedUser, Authenticator, CallContext } from '../../http/request-context';
import type { WalletMember } from '../wallet/wallet.service';
import type { CollectionService } from './collection.service';
import type { DepositsService } from './deposits.service';
import { registerReceiptFileRoutes } from './receipt-files.routes';
import { readReceiptUpload, type UploadCaller, uploadLimits } from './receipt-image';

export interface DepositRouteDeps {
  authenticate: Authenticator;
  deposits: DepositsService;
  collections: CollectionService;
  findWalletMember: (user: AuthenticatedUser) => Promise<WalletMember>;
}

/** Binds the deposit calls of SPEC §7 to the services; the upload has a multipart scope of its own. */
export async function registerDepositRoutes(
  app: FastifyInstance,
  deps: DepositRouteDeps,
): Promise<void> {
  const { authenticate, deposits, collections } = deps;
  const memberOf = (context: CallContext) => {
    if (!context.user) throw new AppError('TOKEN_INVALID');
    return deps.findWalletMember(context.user);
  };
  const register = <C extends calls.CallDefinition>(
    definition: C,
    handler: Parameters<typeof registerCall<C>>[3],
  ) => registerCall(app, authenticate, definition, handler);

  register(calls.walletPayType, async (input, context) => {
    await memberOf(context);
    return deposits.payTypes(input.merchantCode);
  });
  register(calls.depositCreate, async (input, context) =>
    deposits.createDeposit(await memberOf(context), input, context),
  );
  register(calls.depositAddress, async (input, context) =>
    deposits.depositAddress(await memberOf(context), input.payTypeId),
  );
  register(calls.depositList, async (input, context) =>
    deposits.listDeposits(await memberOf(context), input),
  );
  register(calls.collectionCreate, async (input, context) =>
    collections.createCollection(await memberOf(context), input, context.idempotencyKey),
  );
  register(calls.collectionOrder, async (_input, context) =>
    collections.pendingCollection(await memberOf(context)),
  );
  register(calls.collectionCancel, async (input, context) =>
    collections.cancelCollection(await memberOf(context), input.orderNo),
  );

  await app.register(async (scope) => {
    // The app reads the fields of multipart calls without a file; this route reads its own parts.
    scope.removeContentTypeParser('multipart/form-data');
    await scope.register(multipart, { limits: uploadLimits, throwFileSizeLimit: true });
    scope.post(calls.collectionUploadPath, async (request, reply) => {
      const identify = async (caller: UploadCaller): Promise<AuthenticatedUser> => {
        // The same auth levels as every member call: 403 without a live token, 402 for a
        // visitor. A refused caller's file is never read: the connection closes after the
        // answer instead of reading the rest of the body to keep it open.
        const user = caller.token
          ? await authenticate(caller.token, caller.uid || undefined)
          : null;
        if (user && user.memberId !== 0) return user;
        reply.header('connection', 'close');
        throw new AppError(user ? 'LOGIN_REQUIRED' : 'TOKEN_INVALID');
      };
      const { caller, fields, image } = await readReceiptUpload(request, identify);
      const member = await deps.findWalletMember(caller);
      await collections.uploadReceipt(member, fields.orderNo, image);
      return { code: 0, msg: 'success', data: null };
    });
  });
  registerReceiptFileRoutes(app, authenticate, collections);
}
