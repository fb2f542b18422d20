import { GIFT_MESSAGE_MAX, messageLength, SENDER_NAME_MAX } from '@store/domain';

export const NO_DELIVERY_MESSAGE = 'Delivery not available in this area yet';

export interface GiftMessageValues {
  message: string;
  senderName: string;
}
export type GiftMessageErrors = Partial<Record<keyof GiftMessageValues, string>>;

/** The server's limits, counted as a reader counts letters (a Malayalam letter with its sign is one). */
export function giftMessageErrors(values: GiftMessageValues): GiftMessageErrors {
  const errors: GiftMessageErrors = {};
  if (messageLength(values.message.trim()) > GIFT_MESSAGE_MAX) {
    errors.message = `Message must be at most ${GIFT_MESSAGE_MAX} characters`;
  }
  if (messageLength(values.senderName.trim()) > SENDER_NAME_MAX) {
    errors.senderName = `Sender name must be at most ${SENDER_NAME_MAX} characters`;
  }
  return errors;
}
