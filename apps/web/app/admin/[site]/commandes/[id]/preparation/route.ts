import { orderFileRoute } from '../../../../../../modules/admin/orders/order-file-route.server';

/** The packing slip of an order, as PDF, from the API. */
export const GET = orderFileRoute('packing-slip', 'preparation');
