import { useEffect, useState } from 'react';
import { AUTHENTICATOR_TEXTS } from '../../contract/texts/sign-in';
import { LoadingState } from '../../ui/LoadingState';
import * as styles from './mfa.css';

/**
 * The `otpauth://` URI as a QR code, drawn here in the browser (the secret never leaves for an image service). The
 * QR library loads with the set-up only, not with the console's first screen.
 */
export function QrCode({ value }: { value: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void import('qrcode')
      .then(({ toString }) => toString(value, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' }))
      .then((drawn) => {
        if (isCurrent) setSvg(drawn);
      });
    return () => {
      isCurrent = false;
    };
  }, [value]);
  return (
    <div className={styles.qr}>
      {svg ? (
        <img
          className={styles.qrImage}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={AUTHENTICATOR_TEXTS.qrLabel}
        />
      ) : (
        <LoadingState label={AUTHENTICATOR_TEXTS.qrLoading} />
      )}
    </div>
  );
}
