/**
 * The statistics read orders, which are the orders module's, through its service: the figures'
 * queries live with the order tables (orders/order-figures.repository.ts), and each order's net
 * comes from the ledger's wagering record (docs/ledger.md).
 */
export {
  createOrderFiguresRepository as createOrderStatsRepository,
  type FigureRow,
  type OrderFiguresRepository as OrderStatsRepository,
  type OrderFilter,
  openStatuses,
  type PageRequest,
  settledStatuses,
  type TimeWindow,
} from '../orders/orders.service';
