import { CONTENT_IMAGE_FIELD } from '@comptoir/contract/admin-editorial';
import { envelopeData, SITE_ID_HEADER } from '@comptoir/contract/request';
import { BROWSER_API_BASE } from '../../account/browser-api';

/**
 * Sends one picture to an upload route of the API and reports the bytes sent as they go. fetch()
 * gives no upload progress in browsers, XMLHttpRequest's upload events do. The answer goes
 * through the contract's envelope reading, so a refusal is the same ApiError as elsewhere.
 */
export function uploadWithProgress<T>(
  siteId: number,
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${BROWSER_API_BASE}${path}`);
    request.setRequestHeader(SITE_ID_HEADER, String(siteId));
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      try {
        resolve(envelopeData({ method: 'POST', path }, request.status, request.response) as T);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    request.addEventListener('error', () => reject(new TypeError('Network error')));
    const body = new FormData();
    body.append(CONTENT_IMAGE_FIELD, file);
    request.send(body);
  });
}
