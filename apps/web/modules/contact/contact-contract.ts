import { zodResolver } from '@hookform/resolvers/zod';
import {
  MESSAGE_SENT_MESSAGE,
  sendMessage,
  sendMessageBodySchema,
} from '@comptoir/contract/contact';

/** The contact form's contract, loaded by ui/use-api-form when the visitor reaches the form. */
export const contactContract = {
  resolver: zodResolver(sendMessageBodySchema),
  endpoint: sendMessage,
  sentMessage: MESSAGE_SENT_MESSAGE,
};
