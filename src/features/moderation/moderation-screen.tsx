// The moderators' screen (docs/SPEC-NOTES.md "Trust"): the open reports, oldest first, each with
// the thing as it was reported and the four actions (asked first), and the audit log of every
// action. Any other member opening the address is told they are not allowed (the server answers
// them 403 anyway). It needs the network: a moderator acts on what the server holds now.
import { useRef, useState, type KeyboardEvent } from 'react';
import type { ModerationAction, ModerationActionBody, ModerationReport } from '@/contract/trust';
import { TRUST_ERROR_CODES } from '@/contract/constants';
import { useSession } from '@/lib/auth/session';
import { ApiError, isNetworkError } from '@/lib/http/api-client';
import { formatDate, useT } from '@/lib/i18n';
import { useOnline } from '@/lib/network/online';
import { toast } from '@/lib/toast';
import { AlertIcon, Alert, Button, CheckIcon, CloudOffIcon, EmptyState, Page, SkeletonRows } from '@/ui';
import { ActionDialog } from './action-dialog';
import { isNotAllowed, useAudit, useModerationAction, useOpenReports } from './api';
import { labelOf, ReportCard, TARGET_KEYS } from './report-card';
import './moderation.css';

/** Spec §9: skeleton rows while a list loads. */
const SKELETON_ROWS = 4;

type Tab = 'queue' | 'audit';
const TABS: { key: Tab; label: string }[] = [
  { key: 'queue', label: 'MODERATION.TAB_QUEUE' },
  { key: 'audit', label: 'MODERATION.TAB_AUDIT' },
];

/** What the audit log calls each action (past tense). */
const DONE_KEYS: Record<string, string> = {
  dismiss: 'MODERATION.DONE_DISMISS',
  'remove-content': 'MODERATION.DONE_REMOVE',
  warn: 'MODERATION.DONE_WARN',
  suspend: 'MODERATION.DONE_SUSPEND',
};

function NotAllowed() {
  const t = useT();
  return (
    <EmptyState
      icon={<AlertIcon />}
      title={t('MODERATION.NOT_ALLOWED')}
      text={t('MODERATION.NOT_ALLOWED_TEXT')}
    />
  );
}

function LoadFailed({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  const t = useT();
  return offline ? (
    <EmptyState
      icon={<CloudOffIcon />}
      title={t('MODERATION.NEEDS_CONNECTION')}
      text={t('MODERATION.NEEDS_CONNECTION_TEXT')}
    />
  ) : (
    <div className="ui-flex ui-column ui-start ui-gap-3">
      <Alert kind="error">{t('MODERATION.LOAD_FAILED')}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        {t('MODERATION.RETRY')}
      </Button>
    </div>
  );
}

function Queue() {
  const t = useT();
  const online = useOnline();
  const reports = useOpenReports(true);
  const act = useModerationAction();
  const [asking, setAsking] = useState<{ report: ModerationReport; action: ModerationAction } | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (reports.isPending) return <SkeletonRows count={SKELETON_ROWS} label={t('MODERATION.LOADING')} />;
  if (reports.isError)
    return isNotAllowed(reports.error) ? (
      <NotAllowed />
    ) : (
      <LoadFailed offline={!online || isNetworkError(reports.error)} onRetry={() => void reports.refetch()} />
    );

  const confirm = (body: ModerationActionBody) => {
    if (!asking) return;
    setError(null);
    act.mutate(
      { reportId: asking.report.id, body },
      {
        onSuccess: () => {
          toast.show({
            kind: 'success',
            message: t('MODERATION.ACTED', { action: t(DONE_KEYS[body.action]!) }),
          });
          setAsking(null);
        },
        onError: (cause: unknown) =>
          setError(
            t(
              isNetworkError(cause)
                ? 'MODERATION.ACT_OFFLINE'
                : cause instanceof ApiError && cause.code === TRUST_ERROR_CODES.reportNotOpen
                  ? 'MODERATION.ACT_ALREADY'
                  : 'MODERATION.ACT_FAILED',
            ),
          ),
      },
    );
  };

  return (
    <>
      {reports.data.length === 0 ? (
        <EmptyState icon={<CheckIcon />} title={t('MODERATION.EMPTY')} text={t('MODERATION.EMPTY_TEXT')} />
      ) : (
        <ol className="moderation__list" aria-label={t('MODERATION.QUEUE_LABEL')}>
          {reports.data.map((report) => (
            <ReportCard
              key={report.id}
              report={report}
              onAct={(action) => {
                setError(null);
                setAsking({ report, action });
              }}
            />
          ))}
        </ol>
      )}
      {asking ? (
        <ActionDialog
          action={asking.action}
          busy={act.isPending}
          error={error}
          onCancel={() => setAsking(null)}
          onConfirm={confirm}
        />
      ) : null}
    </>
  );
}

function Audit() {
  const t = useT();
  const online = useOnline();
  const audit = useAudit(true);
  if (audit.isPending) return <SkeletonRows count={SKELETON_ROWS} label={t('MODERATION.LOADING')} />;
  if (audit.isError)
    return isNotAllowed(audit.error) ? (
      <NotAllowed />
    ) : (
      <LoadFailed offline={!online || isNetworkError(audit.error)} onRetry={() => void audit.refetch()} />
    );
  if (audit.data.length === 0) return <EmptyState title={t('MODERATION.AUDIT_EMPTY')} />;
  return (
    <ol className="moderation__list" aria-label={t('MODERATION.AUDIT_LABEL')}>
      {audit.data.map((entry) => (
        <li key={entry.id} className="ui-card moderation__audit">
          <p className="moderation__title">
            {t('MODERATION.AUDIT_LINE', {
              action: labelOf(t, DONE_KEYS, entry.action),
              target: labelOf(t, TARGET_KEYS, entry.targetType),
            })}
            {entry.durationHours ? ` ${t('MODERATION.AUDIT_HOURS', { count: entry.durationHours })}` : ''}
          </p>
          <p className="moderation__meta">
            <time dateTime={entry.createdAt}>
              {formatDate(entry.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
            </time>
          </p>
          {entry.note ? (
            <p className="moderation__details">
              <span className="moderation__caption">{t('MODERATION.NOTE')}</span> {entry.note}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export function ModerationScreen() {
  const t = useT();
  const { user } = useSession();
  const [tab, setTab] = useState<Tab>('queue');
  const refs = useRef(new Map<Tab, HTMLButtonElement>());
  const allowed = user?.isModerator === true;

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (
      event.key !== 'ArrowRight' &&
      event.key !== 'ArrowLeft' &&
      event.key !== 'Home' &&
      event.key !== 'End'
    )
      return;
    event.preventDefault();
    const next: Tab = tab === 'queue' ? 'audit' : 'queue';
    const key = event.key === 'Home' ? 'queue' : event.key === 'End' ? 'audit' : next;
    setTab(key);
    refs.current.get(key)?.focus();
  };

  return (
    <Page title={t('MODERATION.TITLE')}>
      <div className="moderation">
        {!allowed ? (
          <NotAllowed />
        ) : (
          <>
            <div
              role="tablist"
              aria-label={t('MODERATION.TITLE')}
              className="moderation__tabs"
              onKeyDown={onTabKey}
            >
              {TABS.map(({ key, label }) => (
                <button
                  key={key}
                  ref={(el) => {
                    if (el) refs.current.set(key, el);
                    else refs.current.delete(key);
                  }}
                  type="button"
                  role="tab"
                  id={`moderation-tab-${key}`}
                  aria-selected={tab === key}
                  aria-controls="moderation-panel"
                  tabIndex={tab === key ? 0 : -1}
                  className="moderation__tab"
                  onClick={() => setTab(key)}
                >
                  {t(label)}
                </button>
              ))}
            </div>
            <div role="tabpanel" id="moderation-panel" aria-labelledby={`moderation-tab-${tab}`}>
              {tab === 'queue' ? <Queue /> : <Audit />}
            </div>
          </>
        )}
      </div>
    </Page>
  );
}
