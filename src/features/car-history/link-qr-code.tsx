// A QR code of a public history link, to print or show a buyer. `qrcode` is loaded only when a code
// is asked for, so it is not on the first screen's bundle.
import { useEffect, useState } from 'react';
import { useT } from '@/lib/i18n';
import { Spinner } from '@/ui';

export function LinkQrCode({ url }: { url: string }) {
  const t = useT();
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((text) => live && setSvg(text))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [url]);
  if (failed) return <p className="car-history__hint">{t('DOSSIER.QR_FAILED')}</p>;
  if (!svg) return <Spinner label={t('DOSSIER.QR_LOADING')} />;
  return (
    <img
      className="car-dossier__qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={t('DOSSIER.QR_ALT')}
      width={192}
      height={192}
    />
  );
}
