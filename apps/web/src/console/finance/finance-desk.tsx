import { Navigate, NavLink, Route, Routes } from 'react-router';
import { useConsoleText } from '../components/ui';
import { Adjustments } from './adjustments';
import { CollectionOrders } from './collection-orders';
import { LedgerCheck } from './ledger-check';
import { MemberAccounts } from './member-accounts';
import { WithdrawalQueue } from './withdrawal-queue';

const tabs = [
  { id: 'withdrawals', element: <WithdrawalQueue /> },
  { id: 'collections', element: <CollectionOrders /> },
  { id: 'accounts', element: <MemberAccounts /> },
  { id: 'adjustments', element: <Adjustments /> },
  { id: 'ledger', element: <LedgerCheck /> },
] as const;

/**
 * The finance desk: withdrawals, collection orders, members' locks and credit limits, manual
 * adjustments with their second-operator approval, and the ledger check.
 */
export function FinanceDesk() {
  const { t } = useConsoleText();
  return (
    <section>
      <nav className="console-tabs">
        {tabs.map((tab) => (
          <NavLink key={tab.id} to={`/finance/${tab.id}`} data-testid={`finance-tab-${tab.id}`}>
            {t(`finance.tabs.${tab.id}`)}
          </NavLink>
        ))}
      </nav>
      <Routes>
        {tabs.map((tab) => (
          <Route key={tab.id} path={tab.id} element={tab.element} />
        ))}
        <Route path="*" element={<Navigate to="/finance/withdrawals" replace />} />
      </Routes>
    </section>
  );
}
