import { capText, escapeHtml, mailHtml, oneLine, type MailContent } from '../mail';

/** What the voucher mail says; names and message are the buyer's, capped and escaped here. */
export interface GiftVoucherMailInput {
  siteName: string;
  siteUrl: string | null;
  /** The code as printed: ABCD-EFGH-JKMN-PQRS. */
  code: string;
  amount: string;
  expiresOn: string;
  recipientName: string;
  buyerName: string;
  message: string | null;
  /** The mail goes to the buyer (no recipient address given): they hand the voucher over. */
  toBuyer: boolean;
}

/** The buyer's texts in a mail: short names, a message of a few lines (the PDF has the same). */
export const GIFT_VOUCHER_TEXT_LIMITS = { name: 100, message: 500 } as const;

export function giftVoucherMail(input: GiftVoucherMailInput): MailContent {
  const { siteName, siteUrl, code, amount, expiresOn } = input;
  const recipient = capText(oneLine(input.recipientName), GIFT_VOUCHER_TEXT_LIMITS.name);
  const buyer = capText(oneLine(input.buyerName), GIFT_VOUCHER_TEXT_LIMITS.name);
  const message = input.message ? capText(input.message, GIFT_VOUCHER_TEXT_LIMITS.message) : null;
  const subject = oneLine(
    input.toBuyer
      ? `Votre bon cadeau de ${amount} pour ${recipient} – ${siteName}`
      : `${buyer} vous offre un bon cadeau de ${amount} – ${siteName}`,
  );
  const opening = input.toBuyer
    ? `Voici le bon cadeau de ${amount} que vous offrez à ${recipient}. Le bon à imprimer est joint à ce message.`
    : `${buyer} vous offre un bon cadeau de ${amount} chez ${siteName}. Le bon à imprimer est joint à ce message.`;
  const use = `Pour l’utiliser, saisissez ce code au moment de commander${siteUrl ? ` sur ${siteUrl}` : ''} : il est valable jusqu’au ${expiresOn}, en une ou plusieurs fois.`;
  return {
    subject,
    text: [
      `Bonjour ${input.toBuyer ? buyer : recipient},`,
      '',
      opening,
      ...(message ? ['', `Message : « ${message} »`] : []),
      '',
      `Code : ${code}`,
      use,
      '',
      siteName,
    ].join('\n'),
    html: mailHtml(
      siteName,
      `<p>Bonjour ${escapeHtml(input.toBuyer ? buyer : recipient)},</p>
<p>${escapeHtml(opening)}</p>${
        message
          ? `\n<blockquote style="margin:16px 0;padding:8px 16px;border-left:3px solid #d6c7a1;white-space:pre-line">${escapeHtml(message)}</blockquote>`
          : ''
      }
<p style="font-size:20px;font-family:'Courier New',monospace;font-weight:bold;letter-spacing:2px">${escapeHtml(code)}</p>
<p>${escapeHtml(use)}</p>`,
      { footnote: siteName },
    ),
  };
}
