import { zodResolver } from '@hookform/resolvers/zod';
import {
  REGISTERED_MESSAGE,
  registerToElement,
  registrationBodySchema,
} from '@comptoir/contract/element-registration';

/** The event registration's contract, loaded by ui/use-api-form when the form opens. */
export const registrationContract = {
  resolver: zodResolver(registrationBodySchema),
  endpoint: registerToElement,
  registeredMessage: REGISTERED_MESSAGE,
};
