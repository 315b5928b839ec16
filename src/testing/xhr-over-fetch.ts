// Test helper: an XMLHttpRequest that sends through the global fetch (whatever a test stubbed it
// with), so the fetch doubles and fake servers also answer the transport's multipart uploads.
// jsdom's own XMLHttpRequest would go to the real network. Reports one upload progress event
// (the whole body) before the request, as a browser does at the end of an upload.

type ProgressHandler = ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;

/** The fields the transport reads and sets on an XMLHttpRequest: every XHR double starts from them. */
export class XhrDoubleFields {
  upload: { onprogress: ProgressHandler } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  responseType = '';
  status = 0;
  statusText = '';
  responseText = '';
}

export class XhrOverFetch extends XhrDoubleFields {
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};
  private answerHeaders = '';

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  getAllResponseHeaders(): string {
    return this.answerHeaders;
  }

  send(body: BodyInit | null): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
    fetch(this.url, { method: this.method, headers: this.headers, body })
      .then(async (response) => {
        this.status = response.status;
        this.statusText = response.statusText;
        this.responseText = await response.text();
        this.answerHeaders = [...response.headers].map(([k, v]) => `${k}: ${v}`).join('\r\n');
        this.onload?.();
      })
      .catch(() => this.onerror?.());
  }
}
