import { useT } from '@/lib/i18n';
import { Button } from '@/ui/button';
import { providerSignInUrl, useProviders } from '../api/get-providers';

/** One button per configured outside provider; nothing at all when there is none or the list fails. */
export function ProviderButtons() {
  const t = useT();
  const { data: providers } = useProviders();
  if (!providers?.length) return null;
  return (
    <>
      <div className="auth__divider ui-flex ui-center ui-gap-3">{t('AUTH.OR_CONTINUE_WITH')}</div>
      <div className="auth__providers ui-flex ui-column ui-gap-2">
        {providers.map((p) => (
          <Button
            key={p.name}
            variant="secondary"
            block
            onClick={() => window.location.assign(providerSignInUrl(p.name))}
          >
            {t('AUTH.CONTINUE_WITH', { provider: p.label })}
          </Button>
        ))}
      </div>
    </>
  );
}
