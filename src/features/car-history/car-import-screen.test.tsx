// The "Import history" screen: a dry run shows the detected format, units, errors and
// preview; the import runs with upload progress and the logs are fetched again; offline says so.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ImportResult } from '@/contract/imports';
import { CAR_ID, makeCar, putCar } from '@/features/garage/testing/garage-fixtures';
import { garageScreenHooks } from '@/features/garage/testing/garage-screen';
import { installFetch, json } from '@/testing/fetch';
import { activateCatalog, renderApp } from '@/testing/test-utils';
import { XhrDoubleFields } from '@/testing/xhr-over-fetch';

vi.mock('@/lib/auth/session', async () => (await import('@/testing/session-mock')).sessionModule);
vi.setConfig({ testTimeout: 30_000 });

const DRY: ImportResult = {
  format: 'spritmonitor',
  rows: 3,
  created: 2,
  skipped: 1,
  errors: [
    { row: 4, message: 'ODOMETER_OUT_OF_ORDER: The odometer reading 900 is lower than 1000 on 2024-01-01.' },
  ],
  problems: [
    { row: 3, code: 'invalid-fill', action: 'skip', params: { reason: 'marked-invalid' } },
    {
      row: 4,
      code: 'odometer-order',
      action: 'ask',
      params: {
        mileage: 900,
        unit: 'km',
        date: '2024-01-02',
        previous: 1000,
        previousDate: '2024-01-01',
        next: 1500,
        nextDate: '2024-01-03',
      },
    },
    { row: 5, code: 'duplicate-in-file', action: 'keep', params: { firstRow: 2 } },
  ],
  units: {
    distance: 'km',
    volume: 'l',
    dateFormat: 'dd.mm.yyyy',
    decimalSeparator: ',',
    currencyCode: 'EUR',
  },
  preview: [
    {
      row: 2,
      type: 'fuel',
      title: 'Aral',
      startDate: '2024-05-01',
      mileage: 120_000,
      cost: 90.5,
      currencyCode: 'EUR',
      fuel: { quantity: 50, unit: 'l', fullTank: false, missedPrevious: false, pricePerUnit: 1.81 },
      tags: [],
      duplicate: false,
    },
  ],
};

interface Sent {
  url: string;
  body: FormData;
}

/** XMLHttpRequest played by `answer`: two progress events, then the JSON answer. */
function installXhr(answer: (url: string) => { status: number; body: unknown }) {
  const sent: Sent[] = [];
  class FakeXhr extends XhrDoubleFields {
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getAllResponseHeaders() {
      return 'content-type: application/json\r\n';
    }
    send(body: FormData) {
      sent.push({ url: this.url, body });
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        const { status, body: answerBody } = answer(this.url);
        this.status = status;
        this.responseText = JSON.stringify(answerBody);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const pickFile = () => {
  const input = screen.getByLabelText('Export file (CSV, or Hammond’s database)');
  fireEvent.change(input, {
    target: { files: [new File(['Datum;Typ'], 'sprit.csv', { type: 'text/csv' })] },
  });
};

describe('import history screen', () => {
  garageScreenHooks({ offline: false, seed: () => putCar(makeCar()) });

  it('checks the file, shows format, units, errors and preview, then imports the valid rows', async () => {
    const fetch = installFetch({
      [`GET /api/v1.0/car-logs/${CAR_ID}`]: () => json(200, { success: true, data: [], meta: { total: 0 } }),
    });
    const sent = installXhr((url) =>
      url.includes('dryRun=true')
        ? { status: 200, body: { success: true, data: DRY } }
        : {
            status: 200,
            body: { success: true, data: { ...DRY, preview: undefined, created: 2, skipped: 1 } },
          },
    );
    await renderApp(`/my-cars/${CAR_ID}/import`);
    await screen.findByRole('heading', { level: 1, name: 'Import history' });
    pickFile();
    const report = await screen.findByRole('region', { name: 'What the file holds' });
    expect(within(report).getByText('Spritmonitor')).toBeTruthy();
    expect(within(report).getByText('3 rows: 2 to add, 1 with an error')).toBeTruthy();
    // Each problem row in words, with what the import does; never a machine code.
    expect(within(report).getByText(/Line 3:/).textContent).toBe(
      'Line 3: The app marked this fill-up as invalid. It will be left out.',
    );
    expect(within(report).getByText(/Line 4:/).textContent).toContain(
      'The odometer reading 900 does not fit between the readings around it (1,000 on 2024-01-01 · 1,500 on 2024-01-03): likely a typo. Correct the reading below, or it will be left out.',
    );
    expect(within(report).getByText(/Line 5:/).textContent).toBe(
      'Line 5: This row is the same as line 2. It will be imported once.',
    );
    expect(report.textContent).not.toMatch(/ODOMETER_|odometer-order|duplicate-in-file/);
    const table = within(report).getByRole('table', { name: 'The first rows, as they will be saved' });
    expect(within(table).getByText('50 litres · partial')).toBeTruthy();
    expect(sent[0]!.url).toContain(`/api/v1.0/cars/${CAR_ID}/imports?dryRun=true`);
    expect((sent[0]!.body.get('file') as File).name).toBe('sprit.csv');

    fireEvent.click(screen.getByRole('button', { name: 'Import the 2 valid rows' }));
    expect(await screen.findByText('Imported: 2 added, 1 left out.')).toBeTruthy();
    expect(sent[1]!.url).toContain('dryRun=false');
    expect(sent[1]!.url).toContain('onError=skip');
    await waitFor(() => expect(fetch.to('GET', `/api/v1.0/car-logs/${CAR_ID}`).length).toBeGreaterThan(0));
  });

  it('a typo corrected in the preview is checked again and imported with the file', async () => {
    installFetch({
      [`GET /api/v1.0/car-logs/${CAR_ID}`]: () => json(200, { success: true, data: [], meta: { total: 0 } }),
    });
    const fixed = { ...DRY, errors: [], problems: [], created: 3 };
    const sent = installXhr((url) => ({
      status: 200,
      body: { success: true, data: url.includes('dryRun=true') && sent.length === 1 ? DRY : fixed },
    }));
    await renderApp(`/my-cars/${CAR_ID}/import`);
    await screen.findByRole('heading', { level: 1, name: 'Import history' });
    pickFile();
    const input = await screen.findByLabelText('Correct reading for line 4');
    fireEvent.change(input, { target: { value: '1,200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByRole('button', { name: 'Import 3 rows' });
    expect(sent[1]!.body.get('odometerFixes')).toBe('{"4":1200}');
    fireEvent.click(screen.getByRole('button', { name: 'Import 3 rows' }));
    expect(await screen.findByText('Imported: 3 added, 1 left out.')).toBeTruthy();
    expect(sent[2]!.body.get('odometerFixes')).toBe('{"4":1200}');
    expect(sent[2]!.url).toContain('dryRun=false');
  });

  it('a file of no known format: how to export from each app', async () => {
    installFetch({});
    installXhr(() => ({
      status: 400,
      body: { success: false, error: { code: 'IMPORT_FORMAT_UNKNOWN', message: 'x' } },
    }));
    await renderApp(`/my-cars/${CAR_ID}/import`);
    await screen.findByRole('heading', { level: 1, name: 'Import history' });
    pickFile();
    expect(
      await screen.findByText('This file is not in a format Paddock reads. Export it again from your app:'),
    ).toBeTruthy();
    expect(screen.getByText('Spritmonitor: on the website, My account › Download data › CSV.')).toBeTruthy();
    expect(screen.getByText('aCar: Menu › Backup/Restore › Export to CSV.')).toBeTruthy();
  });

  it.each([
    [
      'en-US',
      'IMPORT_FILE_NOT_TEXT',
      'This file is not a text (CSV) file Paddock can read: it is a spreadsheet, an archive or a PDF, or its text is cut short. Export it again from the app as CSV and choose that file, without opening it in a spreadsheet first.',
    ],
    [
      'fr-FR',
      'IMPORT_FILE_UNREADABLE',
      'Ce fichier ne se lit pas comme un export du format choisi ou reconnu. Si vous avez choisi un format dans « Options de lecture », vérifiez qu’il correspond à l’application d’où vient le fichier ; sinon exportez-le de nouveau, sans le modifier.',
    ],
  ] as const)('an unreadable file (%s, %s): what is wrong and what to do', async (locale, code, text) => {
    activateCatalog(locale);
    installFetch({});
    installXhr(() => ({ status: 400, body: { success: false, error: { code, message: 'x' } } }));
    await renderApp(`/my-cars/${CAR_ID}/import`);
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(screen.getByLabelText(/^(Export file|Fichier d’export)/), {
      target: { files: [new File(['PK'], 'export.xlsx')] },
    });
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('the problems speak French', async () => {
    activateCatalog('fr-FR');
    installFetch({});
    installXhr(() => ({ status: 200, body: { success: true, data: DRY } }));
    await renderApp(`/my-cars/${CAR_ID}/import`);
    await screen.findByRole('heading', { level: 1, name: 'Importer l’historique' });
    fireEvent.change(screen.getByLabelText('Fichier d’export (CSV, ou base de données Hammond)'), {
      target: { files: [new File(['Datum;Typ'], 'sprit.csv', { type: 'text/csv' })] },
    });
    expect((await screen.findByText(/Ligne 5 :/)).textContent).toBe(
      'Ligne 5 : Cette ligne est identique à la ligne 2. Elle sera importée une seule fois.',
    );
  });

  it('sends the reading options chosen', async () => {
    installFetch({});
    const sent = installXhr(() => ({ status: 200, body: { success: true, data: { ...DRY, errors: [] } } }));
    await renderApp(`/my-cars/${CAR_ID}/import`);
    await screen.findByRole('heading', { level: 1, name: 'Import history' });
    fireEvent.change(screen.getByLabelText(/Fuel unit in the file/), { target: { value: 'gal_uk' } });
    pickFile();
    await screen.findByRole('button', { name: 'Import 2 rows' });
    expect(sent[0]!.body.get('volumeUnit')).toBe('gal_uk');
    expect(sent[0]!.body.get('format')).toBeNull();
  });

  it('offline: says that an import needs a connection', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    installFetch({});
    await renderApp(`/my-cars/${CAR_ID}/import`);
    expect(await screen.findByText('Import needs a connection.')).toBeTruthy();
    expect(screen.queryByLabelText('Export file (CSV, or Hammond’s database)')).toBeNull();
  });

  it('speaks French', async () => {
    activateCatalog('fr-FR');
    installFetch({});
    await renderApp(`/my-cars/${CAR_ID}/import`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Importer l’historique' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'CSV Paddock' })).toBeTruthy();
  });
});
