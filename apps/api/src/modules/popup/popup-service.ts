import type { Popup } from '@comptoir/contract/popup';
import { HttpError } from '../../http/http-error';
import type { PopupRepository } from './popup-repository';

export function createPopupService(repository: PopupRepository) {
  return {
    /** One of this site's popups; another site's popup id is simply not found. */
    async getPopup(siteId: number, id: number): Promise<Popup> {
      const popup = await repository.findById(siteId, id);
      if (!popup) throw new HttpError(404, `Popup ${id} not found.`);
      return popup;
    },
  };
}

export type PopupService = ReturnType<typeof createPopupService>;
