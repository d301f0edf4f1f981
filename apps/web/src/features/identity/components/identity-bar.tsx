import { LanguageSelect } from '../../../components/language-select';
import { selectIsMember, useSessionStore } from '../store/session-store';
import { MemberActions } from './member-actions';
import { VisitorActions } from './visitor-actions';

/** The identity part of the header: language, then visitor or member controls. */
export function IdentityBar({ isCompact = false }: { isCompact?: boolean }) {
  const isMember = useSessionStore(selectIsMember);
  return (
    <div className={isCompact ? 'identity-bar identity-bar--compact' : 'identity-bar'}>
      <LanguageSelect />
      {isMember ? (
        <MemberActions isCompact={isCompact} />
      ) : (
        <VisitorActions isCompact={isCompact} />
      )}
    </div>
  );
}
