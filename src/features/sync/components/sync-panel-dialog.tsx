// The sync panel's frame (entry-safe): the dialog opens at once, its content loads with Dexie.
import { Component, lazy, Suspense, useId, type ReactNode } from 'react';
import { useT } from '@/lib/i18n';
import { Alert } from '@/ui/page';
import { Spinner } from '@/ui/spinner';
import { Modal } from '@/ui/modal';
import { ModalHeader } from '@/ui/modal-header';
import '../sync.css';

const SyncPanelBody = lazy(async () => {
  const [panel, { openLocalDatabase }] = await Promise.all([
    import('./sync-panel'),
    import('@/lib/db'),
    // The panel names each entry by its feature's label, registered with the features' handlers
    // (loaded on need); a failed load leaves the generic label.
    import('@/lib/outbox').then((outbox) => outbox.loadOutboxHandlers()).catch(() => undefined),
  ]);
  // The panel must read the database the app uses (it may have moved to memory while opening).
  await openLocalDatabase();
  return { default: panel.SyncPanelBody };
});

/** A chunk that cannot load (offline before the worker cached it) must not take the app down. */
class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown): void {
    console.error('sync panel could not load', error);
  }
  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function SyncPanelDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="sync-panel">
      <ModalHeader
        titleId={titleId}
        title={t('SYNC.PANEL_TITLE')}
        closeLabel={t('SYNC.CLOSE')}
        onClose={onClose}
        className="sync-panel__header"
        closeClassName="sync-panel__close"
      />
      <LoadBoundary fallback={<Alert kind="error">{t('SYNC.LOAD_FAILED')}</Alert>}>
        <Suspense fallback={<Spinner label={t('SYNC.LOADING')} />}>
          <SyncPanelBody />
        </Suspense>
      </LoadBoundary>
    </Modal>
  );
}
