import {
  collectionConfirm,
  collectionReceipts,
  collectionReject,
  collectionReviewList,
} from '@sb/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callConsole } from '../api/console-api';
import { formatMoney } from '../components/money';
import {
  ConfirmAction,
  ErrorNote,
  Notice,
  ReasonAction,
  useConsoleText,
  useFormatMemberTime,
} from '../components/ui';

const pageSize = 20;

/** A collection order's receipts as the member uploaded them: images shown, other files offered. */
function Receipts({ orderNo }: { orderNo: string }) {
  const { t } = useConsoleText();
  const receipts = useQuery({
    queryKey: ['collectionReceipts', orderNo],
    queryFn: () => callConsole(collectionReceipts, { orderNo }),
  });
  if (receipts.error)
    return <ErrorNote error={receipts.error} testId={`receipts-error-${orderNo}`} />;
  if (!receipts.data) return <p>{t('common.loading')}</p>;
  if (receipts.data.length === 0) return <p>{t('finance.collections.noReceipts')}</p>;
  return (
    <div className="console-receipts" data-testid={`receipts-${orderNo}`}>
      {receipts.data.map((receipt, index) => {
        const source = `data:${receipt.mediaType};base64,${receipt.contentBase64}`;
        // Receipts are only ever added, oldest first, so a position names one for good.
        const key = `${receipt.uploadedAt}-${index}`;
        // Only image types go in an <img>; anything else is offered as a download, never rendered.
        return receipt.mediaType.startsWith('image/') ? (
          <img
            key={key}
            src={source}
            alt={t('finance.collections.receiptAlt', { index: index + 1, orderNo })}
            data-testid={`receipt-image-${orderNo}-${index}`}
          />
        ) : (
          <a key={key} href={source} download={`${orderNo}-${index + 1}`}>
            {t('finance.collections.notImage', {
              mediaType: receipt.mediaType,
              size: receipt.sizeBytes,
            })}
          </a>
        );
      })}
    </div>
  );
}

type Decision = { orderNo: string; reason?: string };

/** Collection orders with a receipt and no decision: see the receipts, confirm or reject. */
export function CollectionOrders() {
  const { t } = useConsoleText();
  const formatMemberTime = useFormatMemberTime();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [openOrderNo, setOpenOrderNo] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const orders = useQuery({
    queryKey: ['collections', page],
    queryFn: () => callConsole(collectionReviewList, { page, size: pageSize }),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: ({ orderNo, reason }: Decision) =>
      reason
        ? callConsole(collectionReject, { orderNo, reason })
        : callConsole(collectionConfirm, { orderNo }),
    onMutate: () => setNotice(null),
    onSuccess: (_order, { orderNo, reason }) =>
      setNotice(
        t(reason ? 'finance.collections.rejected' : 'finance.collections.confirmed', { orderNo }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['collections'] }),
  });
  const records = orders.data?.records ?? [];
  // The column names, for the head and, on a narrow screen, beside each value.
  const labels = {
    orderNo: t('common.orderNo'),
    userId: t('common.userId'),
    amount: t('common.amount'),
    payType: t('finance.collections.payType'),
    orderedAt: t('finance.collections.orderedAt'),
    actions: t('common.actions'),
  };

  return (
    <section className="console-section">
      <h2>{t('finance.collections.title')}</h2>
      <button
        type="button"
        className="console-button console-button--quiet"
        data-testid="collections-refresh"
        onClick={() => void orders.refetch()}
      >
        {t('common.refresh')}
      </button>
      <Notice text={notice} testId="collection-result" />
      <ErrorNote error={decide.error} testId="collection-step-error" />
      <ErrorNote error={orders.error} testId="collections-error" />
      <div className="console-cards">
        <table className="console-table console-table--cards" data-testid="collections">
          <thead>
            <tr>
              {Object.entries(labels).map(([column, label]) => (
                <th key={column}>{label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {records.map((order) => (
              <tr key={order.orderNo} data-testid={`collection-row-${order.orderNo}`}>
                <td data-label={labels.orderNo}>{order.orderNo}</td>
                <td data-label={labels.userId}>{order.userId}</td>
                <td data-label={labels.amount}>
                  {formatMoney(order.amount, order.scale)} {order.toCurrency}
                </td>
                <td data-label={labels.payType} data-testid="collection-pay-type">
                  {t(`finance.collections.payTypes.${order.payTypeId}`, {
                    defaultValue: order.payTypeName,
                  })}
                </td>
                <td data-label={labels.orderedAt} data-testid="collection-time">
                  {formatMemberTime(order.createTime)}
                </td>
                <td data-label={labels.actions}>
                  <span className="console-row">
                    <button
                      type="button"
                      className="console-button console-button--quiet"
                      data-testid={`collection-receipts-${order.orderNo}`}
                      onClick={() =>
                        setOpenOrderNo(openOrderNo === order.orderNo ? null : order.orderNo)
                      }
                    >
                      {openOrderNo === order.orderNo
                        ? t('finance.collections.hideReceipts')
                        : t('finance.collections.showReceipts')}
                    </button>
                    <ConfirmAction
                      label={t('finance.collections.confirm')}
                      question={t('finance.collections.confirmQuestion', {
                        orderNo: order.orderNo,
                        userId: order.userId,
                        amount: formatMoney(order.amount, order.scale),
                        currency: order.toCurrency,
                      })}
                      testId={`collection-confirm-${order.orderNo}`}
                      isBusy={decide.isPending}
                      onConfirm={() => decide.mutate({ orderNo: order.orderNo })}
                    />
                    <ReasonAction
                      label={t('finance.collections.reject')}
                      testId={`collection-reject-${order.orderNo}`}
                      isDanger
                      isBusy={decide.isPending}
                      question={(reason) =>
                        t('finance.collections.rejectQuestion', {
                          orderNo: order.orderNo,
                          userId: order.userId,
                          reason,
                        })
                      }
                      onConfirm={(reason) => decide.mutate({ orderNo: order.orderNo, reason })}
                    />
                  </span>
                  {openOrderNo === order.orderNo ? <Receipts orderNo={order.orderNo} /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {orders.data && records.length === 0 ? <p>{t('common.empty')}</p> : null}
      <div className="console-pager">
        <button
          type="button"
          className="console-button console-button--quiet"
          disabled={page <= 1}
          data-testid="collections-previous"
          onClick={() => setPage(page - 1)}
        >
          {t('common.previous')}
        </button>
        <button
          type="button"
          className="console-button console-button--quiet"
          // The list call answers no total: a full page means there may be more.
          disabled={records.length < pageSize}
          data-testid="collections-next"
          onClick={() => setPage(page + 1)}
        >
          {t('common.next')}
        </button>
      </div>
    </section>
  );
}
