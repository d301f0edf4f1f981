import type { ReactNode } from 'react';
import { LanguageSelect } from '../../../components/language-select';
import { selectIsMember, useSessionStore } from '../../../lib/session/session-store';
import { MemberActions } from './member-actions';
import { VisitorActions } from './visitor-actions';

interface IdentityBarProps {
  isCompact?: boolean;
  /** The member's balance, supplied by the app so this feature does not depend on the wallet. */
  balance?: ReactNode;
}

/** The identity part of the header: language, then visitor or member controls. */
export function IdentityBar({ isCompact = false, balance }: IdentityBarProps) {
  const isMember = useSessionStore(selectIsMember);
  return (
    <div className={isCompact ? 'identity-bar identity-bar--compact' : 'identity-bar'}>
      <LanguageSelect />
      {isMember ? (
        <MemberActions isCompact={isCompact} balance={balance} />
      ) : (
        <VisitorActions isCompact={isCompact} />
      )}
    </div>
  );
}
