import { orderFileRoute } from '../../../../../../modules/admin/orders/order-file-route.server';

/** The invoice of a paid order, as PDF, from the API. */
export const GET = orderFileRoute('invoice', 'facture');
