import { useEffect, useState } from 'react';

/** An object URL showing a local file (a picked photo), revoked when the file changes or goes. */
export function useObjectUrl(file: Blob | null | undefined): string | undefined {
  const [state, setState] = useState<{ file: Blob; url: string } | undefined>(undefined);
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setState({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return state && state.file === file ? state.url : undefined;
}
