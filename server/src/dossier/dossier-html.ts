// The public page of a dossier link: server-rendered HTML, every text escaped, no script. Photos
// and PDF receipts are served through the link's own token-scoped media URL.
import type { DossierModel } from './dossier-model';
import { wordsOf } from './dossier-text';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:760px;padding:16px;color:#1b1b1f}
h1{margin:.2em 0}h2{color:#c42929;border-bottom:1px solid #ddd;margin-top:1.6em}.muted{color:#5f5f66}
.car{display:flex;gap:16px;align-items:flex-start;justify-content:space-between;flex-wrap:wrap}
.car img{max-width:220px;max-height:160px;border-radius:6px}ol{list-style:none;padding:0}
li{border-bottom:1px solid #eee;padding:8px 0}.title{font-weight:600}.notes{white-space:pre-wrap;color:#5f5f66}
.receipts img{max-width:100%;height:auto;margin:4px 0 12px}a.button{display:inline-block;padding:8px 14px;
background:#c42929;color:#fff;border-radius:6px;text-decoration:none}`;

export interface PublicUrls {
  pdf: string;
  media: (id: string) => string;
}

export function dossierHtml(model: DossierModel, urls: PublicUrls): string {
  const w = wordsOf(model.locale);
  const e = escape;
  const entries = model.entries
    .map((entry) => {
      const facts = [
        entry.reading ? `${e(w.odometer)}${e(w.colon)}${e(entry.reading)}` : null,
        entry.cost ? `${e(w.cost)}${e(w.colon)}${e(entry.cost)}` : null,
        entry.place ? `${e(w.place)}${e(w.colon)}${e(entry.place)}` : null,
      ].filter(Boolean);
      return `<li><div class="muted">${e(entry.date)} · ${e(entry.type)}</div><div class="title">${e(entry.title)}</div>${
        facts.length ? `<div>${facts.join(' · ')}</div>` : ''
      }${entry.notes ? `<div class="notes">${e(entry.notes)}</div>` : ''}</li>`;
    })
    .join('');
  const totals = model.totals.length
    ? `<h2>${e(w.totals)}</h2><ul>${model.totals
        .map((t) => `<li>${e(t.type)}${e(w.colon)}${t.amounts.map(e).join(' + ')}</li>`)
        .join('')}</ul>`
    : '';
  const receipts = model.receipts.length
    ? `<h2>${e(w.receipts)}</h2><div class="receipts">${model.receipts
        .map((r) => {
          const caption = e(w.receiptOf(r.logTitle, r.logDate, r.logReading));
          return r.kind === 'image'
            ? `<figure><figcaption class="muted">${caption}</figcaption><img loading="lazy" src="${e(urls.media(r.id))}" alt="${caption}"></figure>`
            : `<p><a href="${e(urls.media(r.id))}" rel="noopener">${caption} (PDF)</a></p>`;
        })
        .join('')}</div>`
    : '';
  const odometer =
    model.readings.length === 0
      ? `<p class="muted">${e(w.noReadings)}</p>`
      : `<p>${e(w.readingsFromTo(model.firstReading!, model.lastReading!))}</p><details><summary>${e(
          w.timeline,
        )}</summary><ol class="timeline">${model.timeline
          .map((r) => `<li>${e(r.date)} · ${e(r.reading)}</li>`)
          .join('')}</ol></details>`;
  const papers = [
    model.vin ? `${e(w.vin)}${e(w.colon)}${e(model.vin)}` : null,
    model.plate ? `${e(w.plate)}${e(w.colon)}${e(model.plate)}` : null,
    model.firstRegistration ? `${e(w.firstRegistration)}${e(w.colon)}${e(model.firstRegistration)}` : null,
  ]
    .filter(Boolean)
    .map((line) => `<div class="paper">${line}</div>`)
    .join('');
  return `<!doctype html>
<html lang="${model.locale.slice(0, 2)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${e(`${w.title} – ${model.carName}`)}</title><style>${STYLE}</style></head>
<body><header class="car"><div><div class="muted">${e(w.title)}</div><h1>${e(model.carName)}</h1>${
    model.carLine !== model.carName ? `<div>${e(model.carLine)}</div>` : ''
  }${papers}<p class="muted">${e(w.readOnly)} ${e(w.madeOn(model.madeOn))}</p>
<p><a class="button" href="${e(urls.pdf)}">${e(w.downloadPdf)}</a></p></div>${
    model.carImageId ? `<img src="${e(urls.media(model.carImageId))}" alt="${e(model.carName)}">` : ''
  }</header>
<h2>${e(w.odometer)}</h2>${odometer}
<h2>${e(w.log)}</h2>${model.entries.length ? `<ol>${entries}</ol>` : `<p class="muted">${e(w.noLogs)}</p>`}
${totals}${receipts}
</body></html>`;
}

/** The page a revoked or unknown link answers (404). */
export function goneHtml(locale: DossierModel['locale']): string {
  const w = wordsOf(locale);
  return `<!doctype html><html lang="${locale.slice(0, 2)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">
<title>${escape(w.goneTitle)}</title><style>${STYLE}</style></head><body><h1>${escape(w.goneTitle)}</h1>
<p>${escape(w.gone)}</p></body></html>`;
}
