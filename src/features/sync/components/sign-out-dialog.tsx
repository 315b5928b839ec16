// The question a sign-out asks while writes wait (docs/OFFLINE-FIRST.md property 10): send them
// first, or discard them; "Stay" has the focus. Signing out removes the member's data from this
// device either way, so the words say what becomes of the waiting changes, never "kept".
import { useId, type RefObject } from 'react';
import { useT } from '@/lib/i18n';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import '../sync.css';

/** Where the question stands: asked; sending (with what is left); or stuck (offline, refused). */
export type SignOutStep =
  | { step: 'ask'; count: number }
  | { step: 'sending'; left: number }
  | { step: 'offline'; count: number }
  | { step: 'refused'; count: number };

export function SignOutDialog({
  state,
  leaving,
  onSendFirst,
  onDiscard,
  onStay,
  returnFocus,
}: {
  state: SignOutStep;
  /** True once the member chose and the device is being cleared. */
  leaving: boolean;
  onSendFirst: () => void;
  onDiscard: () => void;
  onStay: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  const titleId = useId();
  const messageId = useId();
  const message =
    state.step === 'ask'
      ? t('SYNC.SIGN_OUT_UNSENT', { count: state.count })
      : state.step === 'sending'
        ? t('SYNC.SIGN_OUT_SENDING', { count: state.left })
        : state.step === 'offline'
          ? t('SYNC.SIGN_OUT_OFFLINE', { count: state.count })
          : t('SYNC.SIGN_OUT_REFUSED', { count: state.count });
  return (
    <Modal
      role="alertdialog"
      labelledBy={titleId}
      describedBy={messageId}
      onClose={onStay}
      {...(returnFocus ? { returnFocus } : {})}
      className="ui-confirm sync-sign-out"
    >
      <h2 id={titleId} className="ui-modal__title">
        {t('SYNC.SIGN_OUT_TITLE')}
      </h2>
      <div id={messageId} className="ui-confirm__message">
        <p role={state.step === 'ask' ? undefined : 'status'}>{message}</p>
        {state.step === 'ask' ? <p>{t('SYNC.SIGN_OUT_CLEARS')}</p> : null}
      </div>
      <div className="ui-confirm__actions sync-sign-out__actions">
        <Button data-autofocus variant="secondary" disabled={leaving} onClick={onStay}>
          {t('SYNC.STAY')}
        </Button>
        {state.step === 'ask' || state.step === 'sending' ? (
          <Button busy={state.step === 'sending' || leaving} onClick={onSendFirst}>
            {t('SYNC.SIGN_OUT_SEND_FIRST')}
          </Button>
        ) : null}
        {state.step !== 'sending' ? (
          <Button className="ui-button--danger" busy={leaving} onClick={onDiscard}>
            {t('SYNC.SIGN_OUT_DISCARD')}
          </Button>
        ) : null}
      </div>
    </Modal>
  );
}
