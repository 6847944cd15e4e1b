/**
 * Pictures stored with blog content or news are shown only from the site itself or over
 * http(s): an address with another scheme (data:, javascript:) never reaches an img tag.
 */
export function isDisplayableImage(url: string | null | undefined): url is string {
  return typeof url === 'string' && /^(\/(?!\/)|https?:\/\/)/i.test(url);
}
