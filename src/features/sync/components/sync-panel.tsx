// The sync panel's content (a lazy chunk: it reads Dexie): what waits to be sent, a "sync now",
// and the writes that need the member's attention.
import { useId, useState } from 'react';
import { replayOutboxNow, useOutboxCounts } from '@/lib/outbox';
import { useT } from '@/lib/i18n';
import { useReachability } from '@/lib/network/reachability';
import { Button, SkeletonRows, SyncIcon } from '@/ui';
import { deletedElsewhere } from '../entry-content';
import { useFailedEntries } from '../hooks/use-failed-entries';
import { DeletedElsewhereCard } from './deleted-elsewhere-card';
import { FailedEntryCard } from './failed-entry-card';

export function SyncPanelBody() {
  const t = useT();
  const reachability = useReachability();
  const counts = useOutboxCounts();
  const failed = useFailedEntries();
  const [syncing, setSyncing] = useState(false);
  const pendingId = useId();
  const attentionId = useId();

  async function syncNow(): Promise<void> {
    setSyncing(true);
    try {
      await replayOutboxNow();
    } catch (error) {
      console.error('sync now failed', error);
    } finally {
      setSyncing(false);
    }
  }

  return (
    <div className="sync-panel__body ui-flex ui-column ui-gap-5">
      <section
        className="sync-panel__section ui-flex ui-column ui-start ui-gap-2"
        aria-labelledby={pendingId}
      >
        <h3 id={pendingId} className="sync-panel__heading">
          {t('SYNC.PENDING_TITLE')}
        </h3>
        <p className="sync-panel__count">
          {counts.pending > 0 ? t('COMMON.SYNC_PENDING', { count: counts.pending }) : t('SYNC.PENDING_NONE')}
        </p>
        {reachability !== 'online' && counts.pending > 0 ? (
          <p className="sync-panel__hint">
            {t(reachability === 'offline' ? 'COMMON.OFFLINE_HINT' : 'SYNC.UNREACHABLE_HINT')}
          </p>
        ) : null}
        <Button
          size="small"
          variant="secondary"
          icon={<SyncIcon />}
          busy={syncing}
          disabled={counts.pending === 0}
          onClick={() => void syncNow()}
        >
          {syncing ? t('SYNC.SYNCING') : t('SYNC.SYNC_NOW')}
        </Button>
      </section>
      <section
        className="sync-panel__section ui-flex ui-column ui-start ui-gap-2"
        aria-labelledby={attentionId}
      >
        <h3 id={attentionId} className="sync-panel__heading">
          {t('SYNC.ATTENTION_TITLE')}
        </h3>
        {failed === undefined ? (
          <SkeletonRows count={2} label={t('SYNC.LOADING')} />
        ) : failed.length === 0 ? (
          <p className="sync-panel__hint">{t('SYNC.ATTENTION_NONE')}</p>
        ) : (
          <>
            <p className="sync-panel__hint">{t('SYNC.ATTENTION_INTRO')}</p>
            <ul className="sync-panel__list ui-flex ui-column ui-gap-3">
              {failed.map((entry) => {
                // An edit of a row deleted on another device (a car, a log): keep it as new, or drop it.
                const gone = deletedElsewhere(entry);
                return gone ? (
                  <DeletedElsewhereCard key={entry.id} entry={entry} what={gone} />
                ) : (
                  <FailedEntryCard key={entry.id} entry={entry} />
                );
              })}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
