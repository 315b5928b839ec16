import { useT } from '@/lib/i18n';
import { toast, useToasts } from '@/lib/toast';
import { CloseIcon } from './icons';

/** Renders the toast queue. Errors and warnings are alerts (assertive); the rest are status (polite). */
export function Toaster() {
  const t = useT();
  const toasts = useToasts();
  return (
    <div className="ui-toaster">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`ui-toast ui-toast--${item.kind}`}
          role={item.kind === 'error' || item.kind === 'warning' ? 'alert' : 'status'}
        >
          <span className="ui-toast__mark" aria-hidden="true" />
          <span className="ui-toast__message">{item.message}</span>
          <button
            type="button"
            className="ui-toast__close"
            aria-label={t('COMMON.DISMISS')}
            onClick={() => toast.dismiss(item.id)}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
