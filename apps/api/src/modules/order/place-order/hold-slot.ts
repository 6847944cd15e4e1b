import { SLOT_NOT_HELD_MESSAGE } from '@comptoir/contract/order';
import type { OrderTransaction } from '../order-repository';
import { refusedWith } from './refused';

/** A click-and-collect slot as the order names it: the place, the Paris day and the schedule. */
export interface SlotChoice {
  companyAddressId: number;
  date: string;
  scheduleId: number;
}

/**
 * Step 3, inside the transaction: the slot the cart holds becomes the order's (it no longer
 * expires). A hold that expired or was never this slot refuses the order. Nothing without a slot.
 */
export async function holdSlot(
  tx: Pick<OrderTransaction, 'takeSlot'>,
  siteId: number,
  cartId: number,
  slot: SlotChoice | null,
  at: Date,
): Promise<void> {
  if (slot && !(await tx.takeSlot(siteId, cartId, slot, at))) {
    throw refusedWith([{ key: 'idSchedule', error: SLOT_NOT_HELD_MESSAGE }]);
  }
}
