// "Import history": a file from another tracker checked by a dry run (the detected format,
// the units read, the rows with their errors, a preview), then imported with a progress bar. Online
// only; after an import the car's logs are fetched again from the server.
import { Link } from '@tanstack/react-router';
import { useState, type ChangeEvent } from 'react';
import { IMPORT_DATE_FORMATS, IMPORT_FORMATS } from '@/contract/constants';
import type { ImportDateFormat, ImportProblem, ImportResult } from '@/contract/imports';
import type { FuelUnit } from '@/contract/maintenance/units';
import { syncCarLogs, useCar, SelectField, type SelectOption, carTitle } from '@/features/garage';
import { settingLabel } from '@/lib/i18n/format';
import { ApiError, isNetworkError } from '@/lib/http/api-client';
import { formatNumber, useT } from '@/lib/i18n';
import { useOnline } from '@/lib/network/online';
import { Alert, Button, Card, CloudOffIcon, EmptyState, Page } from '@/ui';
import { importCarHistory, type ImportChoices } from './api/car-history';
import { CarExportButtons } from './car-export-buttons';
import './car-history.css';

const FUEL_UNIT_KEYS: FuelUnit[] = ['l', 'gal_us', 'gal_uk', 'kwh'];
/** Each date format shown as a sample date. */
const DATE_LABEL_KEYS: Record<ImportDateFormat, string> = {
  'yyyy-mm-dd': 'IMPORT.DATE_YYYY_MM_DD',
  'dd/mm/yyyy': 'IMPORT.DATE_DD_MM_YYYY',
  'mm/dd/yyyy': 'IMPORT.DATE_MM_DD_YYYY',
  'dd.mm.yyyy': 'IMPORT.DATE_DD_MM_YYYY_DOT',
  'dd-mm-yyyy': 'IMPORT.DATE_DD_MM_YYYY_DASH',
  'mm-dd-yyyy': 'IMPORT.DATE_MM_DD_YYYY_DASH',
  'yyyy/mm/dd': 'IMPORT.DATE_YYYY_MM_DD_SLASH',
};

/** The apps whose exports Paddock reads, each with its "how to export" line. */
const EXPORT_HOW_TO = [
  'spritmonitor',
  'acar',
  'drivvo',
  'fuelly',
  'fuelio',
  'lubelogger',
  'hammond',
  'paddock',
];

type Step =
  | { kind: 'idle' }
  | { kind: 'unknown-format' }
  | { kind: 'checking'; progress: number }
  | { kind: 'checked'; result: ImportResult }
  | { kind: 'importing'; progress: number; result: ImportResult }
  | { kind: 'done'; result: ImportResult }
  | { kind: 'failed'; message: string };

export function CarImportScreen({ carId }: { carId: string }) {
  const t = useT();
  const car = useCar(carId);
  const online = useOnline();
  const [file, setFile] = useState<File | null>(null);
  const [choices, setChoices] = useState<ImportChoices>({});
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  /** Odometer corrections typed in the preview, by line. */
  const [fixes, setFixes] = useState<Record<number, string>>({});

  const failure = (error: unknown): Step =>
    error instanceof ApiError && error.code === 'IMPORT_FORMAT_UNKNOWN'
      ? { kind: 'unknown-format' }
      : {
          kind: 'failed',
          message: isNetworkError(error)
            ? t('IMPORT.NEEDS_CONNECTION')
            : error instanceof ApiError && error.status === 413
              ? t('IMPORT.TOO_LARGE')
              : error instanceof ApiError && error.code === 'IMPORT_FILE_NOT_TEXT'
                ? t('ERRORS.IMPORT_FILE_NOT_TEXT')
                : error instanceof ApiError && error.code === 'IMPORT_FILE_UNREADABLE'
                  ? t('ERRORS.IMPORT_FILE_UNREADABLE')
                  : error instanceof ApiError && error.code === 'VALIDATION_ERROR'
                    ? t('IMPORT.UNREADABLE')
                    : t('IMPORT.FAILED'),
        };

  async function check(picked: File, given: ImportChoices) {
    setStep({ kind: 'checking', progress: 0 });
    try {
      const result = await importCarHistory(carId, picked, given, {
        dryRun: true,
        skipErrors: true,
        onProgress: (progress) => setStep({ kind: 'checking', progress }),
      });
      setStep({ kind: 'checked', result });
    } catch (error) {
      setStep(failure(error));
    }
  }

  async function run(result: ImportResult) {
    if (!file) return;
    setStep({ kind: 'importing', progress: 0, result });
    try {
      const done = await importCarHistory(carId, file, choices, {
        dryRun: false,
        skipErrors: result.errors.length > 0,
        onProgress: (progress) => setStep({ kind: 'importing', progress, result }),
      });
      setStep({ kind: 'done', result: done });
      // The garage shows what the server now holds.
      await syncCarLogs(carId).catch(() => undefined);
    } catch (error) {
      setStep(failure(error));
    }
  }

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    setFile(picked);
    setFixes({});
    const next = { ...choices, odometerFixes: undefined };
    setChoices(next);
    if (picked) void check(picked, next);
  };
  /** The corrected readings sent with the file: the preview checks them, the import keeps them. */
  const applyFixes = () => {
    const readings = Object.fromEntries(
      Object.entries(fixes)
        .map(([row, text]) => [row, Number(text.replace(/[\s\u00a0\u202f,.']/g, ''))] as const)
        .filter(([, n]) => isReading(n)),
    );
    const next = {
      ...choices,
      odometerFixes: Object.keys(readings).length > 0 ? JSON.stringify(readings) : undefined,
    };
    setChoices(next);
    if (file) void check(file, next);
  };
  const isReading = (n: number) => Number.isFinite(n) && n >= 0;
  const choose = (name: keyof ImportChoices) => (event: ChangeEvent<HTMLSelectElement>) => {
    const next = { ...choices, [name]: event.target.value || undefined };
    setChoices(next);
    if (file) void check(file, next);
  };

  // What the member may set instead of what the check detects (each select offers "Detect").
  const choiceFields: { name: keyof ImportChoices; label: string; options: SelectOption[] }[] = [
    {
      name: 'format',
      label: 'IMPORT.FORMAT',
      options: IMPORT_FORMATS.map((f) => ({ value: f, label: t(`IMPORT.FORMAT_${f}`) })),
    },
    {
      name: 'dateFormat',
      label: 'IMPORT.DATE_FORMAT',
      options: IMPORT_DATE_FORMATS.map((f) => ({ value: f, label: t(DATE_LABEL_KEYS[f]) })),
    },
    {
      name: 'decimalSeparator',
      label: 'IMPORT.DECIMAL_SEPARATOR',
      options: [
        { value: '.', label: t('IMPORT.DECIMAL_POINT') },
        { value: ',', label: t('IMPORT.DECIMAL_COMMA') },
      ],
    },
    {
      name: 'distanceUnit',
      label: 'IMPORT.DISTANCE_UNIT',
      options: [
        { value: 'km', label: settingLabel(t, 'mileageUnit', 'km') },
        { value: 'mi', label: settingLabel(t, 'mileageUnit', 'mi') },
      ],
    },
    {
      name: 'volumeUnit',
      label: 'IMPORT.VOLUME_UNIT',
      options: FUEL_UNIT_KEYS.map((u) => ({ value: u, label: t(`IMPORT.UNIT_${u}`) })),
    },
  ];

  const title = t('IMPORT.TITLE');
  const busy = step.kind === 'checking' || step.kind === 'importing';
  return (
    <Page title={title}>
      <Card className="car-history">
        {car ? <p className="car-history__car">{carTitle(car)}</p> : null}
        {!online ? (
          <EmptyState
            icon={<CloudOffIcon />}
            title={t('FRIENDS.NEEDS_CONNECTION_TITLE')}
            text={t('IMPORT.NEEDS_CONNECTION')}
          />
        ) : (
          <>
            <p>{t('IMPORT.INTRO')}</p>
            <div className="ui-field">
              <label className="ui-field__label" htmlFor="import-file">
                {t('IMPORT.FILE')}
              </label>
              <input
                id="import-file"
                type="file"
                accept=".csv,.txt,.db,.sqlite,text/csv"
                onChange={onFile}
                disabled={busy}
              />
            </div>
            <details className="car-history__choices">
              <summary>{t('IMPORT.CHOICES')}</summary>
              {choiceFields.map(({ name, label, options }) => (
                <SelectField
                  key={name}
                  label={t(label)}
                  value={choices[name] ?? ''}
                  onChange={choose(name)}
                  emptyLabel={t('IMPORT.DETECT')}
                  options={options}
                  optional
                />
              ))}
            </details>
            {busy ? (
              <div className="car-history__progress">
                <label htmlFor="import-progress">
                  {step.kind === 'checking' ? t('IMPORT.CHECKING') : t('IMPORT.IMPORTING')}
                </label>
                <progress id="import-progress" max={1} value={step.progress} />
              </div>
            ) : null}
            {step.kind === 'failed' ? <Alert kind="error">{step.message}</Alert> : null}
            {step.kind === 'unknown-format' ? (
              <Alert kind="error">
                <p>{t('IMPORT.UNKNOWN_FORMAT')}</p>
                <ul className="car-history__errors">
                  {EXPORT_HOW_TO.map((app) => (
                    <li key={app}>{t(`IMPORT.HOW_TO_${app}`)}</li>
                  ))}
                </ul>
              </Alert>
            ) : null}
            {step.kind === 'checked' || step.kind === 'importing' ? (
              <ImportReport
                result={step.result}
                fixes={fixes}
                onFix={(row, value) => setFixes((f) => ({ ...f, [row]: value }))}
                onApply={step.kind === 'checked' ? applyFixes : undefined}
              />
            ) : null}
            {step.kind === 'checked' ? (
              <div className="car-history__actions">
                <Button onClick={() => void run(step.result)} disabled={step.result.created === 0}>
                  {step.result.errors.length > 0
                    ? t('IMPORT.IMPORT_VALID', { count: step.result.created })
                    : t('IMPORT.IMPORT_ALL', { count: step.result.created })}
                </Button>
                <Button variant="secondary" onClick={() => setStep({ kind: 'idle' })}>
                  {t('IMPORT.CANCEL')}
                </Button>
              </div>
            ) : null}
            {step.kind === 'done' ? (
              <Alert kind="success">
                {t('IMPORT.DONE', {
                  created: formatNumber(step.result.created),
                  skipped: formatNumber(step.result.skipped),
                })}
              </Alert>
            ) : null}
          </>
        )}
        <div className="car-history__actions">
          <Link to="/my-cars" className="ui-button ui-button--secondary ui-button--small">
            {t('IMPORT.BACK_TO_GARAGE')}
          </Link>
        </div>
      </Card>
      <Card className="car-history">
        <h2 id="export" className="car-history__heading">
          {t('EXPORT.TITLE')}
        </h2>
        <p>{t('EXPORT.INTRO')}</p>
        <CarExportButtons carId={carId} />
      </Card>
    </Page>
  );
}

/** A problem row in the member's language: what is wrong, then what the import does. */
function problemText(t: ReturnType<typeof useT>, p: ImportProblem): string {
  const num = (v: unknown) => (typeof v === 'number' ? formatNumber(v) : String(v ?? ''));
  const reading = (mileage: unknown, date: unknown) =>
    mileage === null || mileage === undefined
      ? null
      : t('IMPORT.READING_ON', { mileage: num(mileage), date: String(date ?? '') });
  const around =
    [reading(p.params.previous, p.params.previousDate), reading(p.params.next, p.params.nextDate)]
      .filter((r): r is string => r !== null)
      .join(' · ') || t('IMPORT.NO_READING');
  const field = t(`IMPORT.FIELD_${typeof p.params.field === 'string' ? p.params.field : 'value'}`);
  const key =
    p.code === 'invalid-fill' && p.params.reason === 'marked-invalid'
      ? 'IMPORT.PROBLEM_invalid-fill-marked'
      : `IMPORT.PROBLEM_${p.code}`;
  const what = t(key, {
    ...p.params,
    field,
    mileage: num(p.params.mileage),
    around,
    format: typeof p.params.format === 'string' ? p.params.format.toUpperCase() : '',
  });
  return `${what} ${t(`IMPORT.ACTION_${p.action}`)}`;
}

function ImportReport({
  result,
  fixes,
  onFix,
  onApply,
}: {
  result: ImportResult;
  fixes: Record<number, string>;
  onFix: (row: number, value: string) => void;
  onApply?: () => void;
}) {
  const t = useT();
  const problems = result.problems ?? [];
  const duplicates = result.preview?.filter((r) => r.duplicate).length ?? 0;
  const unit = (u: FuelUnit) => t(`IMPORT.UNIT_${u}`);
  return (
    <section className="car-history__report" aria-label={t('IMPORT.REPORT')}>
      <dl className="car-history__facts">
        <div>
          <dt>{t('IMPORT.DETECTED_FORMAT')}</dt>
          <dd>{t(`IMPORT.FORMAT_${result.format}`)}</dd>
        </div>
        <div>
          <dt>{t('IMPORT.UNITS')}</dt>
          <dd>
            {settingLabel(t, 'mileageUnit', result.units.distance)} · {unit(result.units.volume)} ·{' '}
            {result.units.currencyCode}
          </dd>
        </div>
        <div>
          <dt>{t('IMPORT.ROWS')}</dt>
          <dd>
            {t('IMPORT.COUNTS', {
              rows: formatNumber(result.rows),
              created: formatNumber(result.created),
              errors: formatNumber(result.errors.length),
            })}
          </dd>
        </div>
      </dl>
      {duplicates > 0 ? <Alert kind="info">{t('IMPORT.DUPLICATES')}</Alert> : null}
      {problems.length > 0 ? (
        <Alert kind={result.errors.length > 0 ? 'warning' : 'info'}>
          <p>{result.errors.length > 0 ? t('IMPORT.ERRORS_INTRO') : t('IMPORT.PROBLEMS_INTRO')}</p>
          <ul className="car-history__errors">
            {problems.map((p, i) => (
              <li key={`${p.row}-${p.code}-${i}`}>
                {t('IMPORT.ERROR_ROW', { row: p.row })} {problemText(t, p)}
                {p.action === 'ask' && onApply ? (
                  <span className="car-history__fix">
                    <label>
                      {t('IMPORT.FIX_LABEL', { row: p.row })}{' '}
                      <input
                        type="text"
                        className="ui-input"
                        inputMode="numeric"
                        value={fixes[p.row] ?? ''}
                        onChange={(e) => onFix(p.row, e.target.value)}
                      />
                    </label>{' '}
                    <Button variant="secondary" size="small" onClick={onApply}>
                      {t('IMPORT.FIX_APPLY')}
                    </Button>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {result.preview && result.preview.length > 0 ? (
        // A table wider than a phone: a named region the member pans on purpose (and by keyboard).
        <div className="car-history__table-wrap" role="region" aria-label={t('IMPORT.PREVIEW')} tabIndex={0}>
          <table className="car-history__table">
            <caption>{t('IMPORT.PREVIEW')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('IMPORT.COL_ROW')}</th>
                <th scope="col">{t('IMPORT.COL_DATE')}</th>
                <th scope="col">{t('IMPORT.COL_TITLE')}</th>
                <th scope="col">{t('IMPORT.COL_ODOMETER')}</th>
                <th scope="col">{t('IMPORT.COL_FUEL')}</th>
                <th scope="col">{t('IMPORT.COL_COST')}</th>
              </tr>
            </thead>
            <tbody>
              {result.preview.map((r) => (
                <tr key={r.row} className={r.duplicate ? 'car-history__duplicate' : undefined}>
                  <td>{r.row}</td>
                  <td>{r.startDate}</td>
                  <td>
                    {settingLabel(t, 'carLogType', r.type)} · {r.title}
                  </td>
                  <td>{r.mileage === null ? '' : formatNumber(r.mileage)}</td>
                  <td>
                    {r.fuel
                      ? `${formatNumber(r.fuel.quantity)} ${unit(r.fuel.unit)}${
                          r.fuel.fullTank ? '' : ` · ${t('IMPORT.PARTIAL')}`
                        }${r.fuel.missedPrevious ? ` · ${t('IMPORT.MISSED')}` : ''}`
                      : ''}
                  </td>
                  <td>
                    {r.cost === null
                      ? ''
                      : `${formatNumber(r.cost, { minimumFractionDigits: 2 })} ${r.currencyCode ?? ''}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
