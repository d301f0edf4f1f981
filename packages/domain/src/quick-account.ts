import { hashPasswordForWire } from './md5';

/**
 * SPEC §5: quick account creation uses a fixed placeholder default password. Everyone can read
 * it in the client, so it proves nothing: the server flags the account while it is on it, and
 * the member replaces it through the password change with this as the old password.
 */
export const quickAccountPlaceholderPassword = '123456';

/** The placeholder as the client sends passwords (double MD5). */
export const quickAccountPlaceholderWirePassword = hashPasswordForWire(
  quickAccountPlaceholderPassword,
);
