import { useT } from '@/lib/i18n';
import { useGoBack, type BackOptions } from '@/lib/navigation/history';
import { Button } from './button';
import { BackIcon } from './icons';

/**
 * A screen header's back control (spec §2 back rule): the most recent earlier top-level screen,
 * else `fallback`, else home. Always inside the app. An arrow whose name is "Back" / "Retour".
 */
export function BackButton(opts: BackOptions) {
  const t = useT();
  const goBack = useGoBack();
  const label = t('COMMON.BACK');
  return (
    <Button
      variant="ghost"
      className="ui-button--icon ui-page__back"
      aria-label={label}
      title={label}
      icon={<BackIcon />}
      onClick={() => goBack(opts)}
    />
  );
}
