/**
 * A UPI QR code for the balance on a printed receipt. The QR library is loaded here, when a receipt
 * with a balance is shown, so it never weighs on the first page.
 */
import { useLanguage } from '../../i18n';
import { useEffect, useState } from 'react';
import { formatRupees } from '../../../contract/money';
import { feeTexts as text } from './texts';
import { upiPayLink, type UpiPayment } from './upi-link';

/** The QR code of a link as an SVG data URL (also what the screen test compares against). */
export async function upiQrDataUrl(link: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function UpiQr(payment: UpiPayment) {
  useLanguage();
  const link = upiPayLink(payment);
  const [image, setImage] = useState<{ link: string; src: string } | null>(null);

  useEffect(() => {
    let live = true;
    upiQrDataUrl(link)
      .then((src) => live && setImage({ link, src }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [link]);

  const amount = formatRupees(payment.amount);
  return (
    <figure className="fee-upi">
      {image?.link === link && <img className="fee-upi-qr" src={image.src} alt={text.receipt.upiQrAlt({ amount })} width={132} height={132} />}
      <figcaption>{text.receipt.upiLabel({ amount, vpa: payment.vpa })}</figcaption>
    </figure>
  );
}
