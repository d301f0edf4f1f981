import { parseLanguage } from '@sb/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../lib/session/member-profile';
import { useEditProfileLanguage } from '../api/member-profile-edit';

/**
 * SPEC §5: when the profile's language differs from the one chosen here, the server is told, so
 * its messages and notices follow the user's choice. One attempt per difference: a failed edit
 * is not retried until the language or the profile changes again.
 */
export function useLanguageSync(): void {
  const { i18n } = useTranslation();
  const chosen = parseLanguage(i18n.language);
  const profileLanguage = useProfile().data?.languageCode;
  const { mutate } = useEditProfileLanguage();

  useEffect(() => {
    if (profileLanguage && profileLanguage !== chosen) mutate(chosen);
  }, [profileLanguage, chosen, mutate]);
}
