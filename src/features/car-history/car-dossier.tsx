// The car page's "Resale dossier": the car's history as a PDF for a buyer, and public
// read-only links to it (copy, QR code, revoke), both leaving out what the owner ticks. Online only.
import { useState } from 'react';
import { DOSSIER_HIDE_FIELDS, type DossierHideField, type HistoryLink } from '@/contract/dossier';
import { isNetworkError } from '@/lib/http/api-client';
import { formatDate, useT } from '@/lib/i18n';
import { useOnline } from '@/lib/network/online';
import { toast } from '@/lib/toast';
import { Alert, Button, ConfirmDialog } from '@/ui';
import {
  downloadDossier,
  useCreateHistoryLink,
  useHistoryLinks,
  useRevokeHistoryLink,
} from './api/car-dossier';
import { LinkQrCode } from './link-qr-code';
import './car-history.css';

const HIDE_LABEL: Record<DossierHideField, string> = {
  cost: 'DOSSIER.HIDE_COST',
  location: 'DOSSIER.HIDE_LOCATION',
  notes: 'DOSSIER.HIDE_NOTES',
};

export function CarDossier({ carId }: { carId: string }) {
  const t = useT();
  const online = useOnline();
  const [hide, setHide] = useState<DossierHideField[]>([]);
  // Off by default: a plate is the owner's to give (docs/SPEC-NOTES.md "A car's home").
  const [showPlate, setShowPlate] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const links = useHistoryLinks(carId, online);
  const create = useCreateHistoryLink(carId);

  const failure = (e: unknown, key: string) =>
    setError(isNetworkError(e) ? t('DOSSIER.NEEDS_CONNECTION') : t(key));

  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      await downloadDossier(carId, { hide, showPlate });
    } catch (e) {
      failure(e, 'DOSSIER.PDF_FAILED');
    } finally {
      setDownloading(false);
    }
  };

  const toggle = (field: DossierHideField, checked: boolean) =>
    setHide((list) => DOSSIER_HIDE_FIELDS.filter((f) => (f === field ? checked : list.includes(f))));

  return (
    <section className="car-history car-dossier" aria-labelledby="car-dossier-title">
      <h2 id="car-dossier-title" className="car-history__heading">
        {t('DOSSIER.TITLE')}
      </h2>
      <p>{t('DOSSIER.INTRO')}</p>
      <fieldset className="car-dossier__hide">
        <legend>{t('DOSSIER.HIDE_LEGEND')}</legend>
        {DOSSIER_HIDE_FIELDS.map((field) => (
          <label key={field} className="car-dossier__check">
            <input
              type="checkbox"
              checked={hide.includes(field)}
              onChange={(event) => toggle(field, event.target.checked)}
            />
            <span>{t(HIDE_LABEL[field])}</span>
          </label>
        ))}
      </fieldset>
      <div className="car-dossier__plate">
        <label className="car-dossier__check">
          <input
            type="checkbox"
            checked={showPlate}
            aria-describedby="car-dossier-plate-hint"
            onChange={(event) => setShowPlate(event.target.checked)}
          />
          <span>{t('DOSSIER.SHOW_PLATE')}</span>
        </label>
        <small id="car-dossier-plate-hint" className="car-history__hint">
          {t('DOSSIER.SHOW_PLATE_HINT')}
        </small>
      </div>
      <div className="car-history__actions">
        <Button
          variant="secondary"
          size="small"
          busy={downloading}
          disabled={!online || downloading}
          onClick={() => void download()}
        >
          {t('DOSSIER.DOWNLOAD_PDF')}
        </Button>
        <Button
          variant="secondary"
          size="small"
          busy={create.isPending}
          disabled={!online || create.isPending}
          onClick={() => {
            setError(null);
            create.mutate(
              { hide, showPlate },
              {
                onSuccess: () => toast.show({ kind: 'success', message: t('DOSSIER.LINK_CREATED') }),
                onError: (e) => failure(e, 'DOSSIER.LINK_FAILED'),
              },
            );
          }}
        >
          {t('DOSSIER.CREATE_LINK')}
        </Button>
      </div>
      {!online ? <p className="car-history__hint">{t('DOSSIER.NEEDS_CONNECTION')}</p> : null}
      {error ? <Alert kind="error">{error}</Alert> : null}
      {online && links.data && links.data.length > 0 ? (
        <>
          <h3 className="car-history__car">{t('DOSSIER.LINKS_TITLE')}</h3>
          <ul className="car-dossier__links">
            {links.data.map((link) => (
              <LinkRow key={link.id} carId={carId} link={link} />
            ))}
          </ul>
        </>
      ) : null}
      {online && links.isError ? <Alert kind="error">{t('DOSSIER.LINKS_FAILED')}</Alert> : null}
    </section>
  );
}

function LinkRow({ carId, link }: { carId: string; link: HistoryLink }) {
  const t = useT();
  const [qr, setQr] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeHistoryLink(carId);
  const hidden = link.hide.map((f) => t(HIDE_LABEL[f])).join(', ');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      toast.show({ kind: 'success', message: t('DOSSIER.COPIED') });
    } catch {
      toast.show({ kind: 'error', message: t('DOSSIER.COPY_FAILED') });
    }
  };
  return (
    <li className="car-dossier__link">
      <div>
        <span>{t('DOSSIER.LINK_OF', { date: formatDate(link.createdAt, { dateStyle: 'medium' }) })}</span>
        <small className="car-history__hint">
          {hidden ? t('DOSSIER.LINK_HIDES', { fields: hidden }) : t('DOSSIER.LINK_SHOWS_ALL')}
        </small>
        <small className="car-history__hint">
          {t(link.showPlate ? 'DOSSIER.LINK_SHOWS_PLATE' : 'DOSSIER.LINK_NO_PLATE')}
        </small>
        <input
          className="car-dossier__url"
          readOnly
          value={link.url}
          aria-label={t('DOSSIER.LINK_URL')}
          onFocus={(event) => event.target.select()}
        />
      </div>
      <div className="car-history__actions">
        <Button variant="secondary" size="small" onClick={() => void copy()}>
          {t('DOSSIER.COPY')}
        </Button>
        <Button variant="secondary" size="small" aria-expanded={qr} onClick={() => setQr((v) => !v)}>
          {t(qr ? 'DOSSIER.HIDE_QR' : 'DOSSIER.SHOW_QR')}
        </Button>
        <Button variant="ghost" size="small" onClick={() => setConfirming(true)}>
          {t('DOSSIER.REVOKE')}
        </Button>
      </div>
      {qr ? <LinkQrCode url={link.url} /> : null}
      {confirming ? (
        <ConfirmDialog
          title={t('DOSSIER.REVOKE_TITLE')}
          message={t('DOSSIER.REVOKE_MESSAGE')}
          cancelLabel={t('DOSSIER.KEEP')}
          confirmLabel={t('DOSSIER.REVOKE')}
          busy={revoke.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            revoke.mutate(link.id, {
              onSuccess: () => setConfirming(false),
              onError: () => {
                setConfirming(false);
                toast.show({ kind: 'error', message: t('DOSSIER.REVOKE_FAILED') });
              },
            })
          }
        />
      ) : null}
    </li>
  );
}
