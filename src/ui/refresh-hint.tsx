// The line above a list whose refresh did not come: offline (with the cloud icon, the local rows
// stay) or the server failed. Nothing while the last refresh went well.
import { isNetworkError } from '@/lib/http/api-errors';
import { CloudOffIcon } from './icons';

export function RefreshHint({
  error,
  className,
  offline,
  failed,
}: {
  error: unknown;
  className: string;
  /** The text when the device could not reach the server; `failed` for any other error. */
  offline: string;
  failed: string;
}) {
  if (!error) return null;
  const network = isNetworkError(error);
  return (
    <p className={`${className} ui-flex ui-center ui-gap-2`} role="status">
      {network ? <CloudOffIcon /> : null}
      {network ? offline : failed}
    </p>
  );
}
