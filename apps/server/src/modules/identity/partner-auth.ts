import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { constantTimeEqual } from '../../platform/secrets';

/**
 * A partner signs its player in with an authToken: `base64url(JSON claims)` + "." +
 * `base64url(HMAC-SHA256(partner secret, first part))`. Claims name the channel and principal
 * and expire within at most an hour, so a leaked token is short-lived; and each token is spent
 * by its first use (identity.service.ts), so a leaked one is also used up.
 */
export const partnerClaimsSchema = z.object({
  channel: z.string().min(1).max(64),
  principal: z.string().min(1).max(64),
  /** Expiry, epoch seconds. */
  exp: z.number().int(),
  /** The partner's agent id; balance calls for v2 partners are made under it. */
  agentId: z.number().int().min(1).max(2_147_483_647).optional(),
  currencyCode: z.string().max(16).optional(),
  /**
   * Anything unique to the token. A token works once, and two tokens signed alike (the same
   * player, the same expiry second) are the same token; a nonce tells them apart.
   */
  nonce: z.string().max(64).optional(),
});
export type PartnerClaims = z.infer<typeof partnerClaimsSchema>;

export const partnerTokenMaxLifetimeSeconds = 3600;

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function signPartnerToken(claims: PartnerClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${signature(secret, payload)}`;
}

/** The verified claims, or null for anything malformed, badly signed, expired or too long-lived. */
export function verifyPartnerToken(
  authToken: string,
  secrets: ReadonlyMap<string, string>,
  nowSeconds: number,
): PartnerClaims | null {
  const [payload, signed, extra] = authToken.split('.');
  if (!payload || !signed || extra !== undefined) return null;
  let claims: PartnerClaims;
  try {
    const parsed = partnerClaimsSchema.safeParse(
      JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
    );
    if (!parsed.success) return null;
    claims = parsed.data;
  } catch {
    return null;
  }
  const secret = secrets.get(claims.channel);
  if (!secret || !constantTimeEqual(signature(secret, payload), signed)) return null;
  if (claims.exp <= nowSeconds || claims.exp > nowSeconds + partnerTokenMaxLifetimeSeconds)
    return null;
  return claims;
}
