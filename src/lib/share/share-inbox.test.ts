// The share inbox the service worker writes and the /share screen reads: what a share keeps (its
// words, its images, nothing else), and that it is gone once discarded or 24 hours later.
import { File as NodeFile } from 'node:buffer';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  discardShare,
  forgetAllShares,
  readShare,
  saveShare,
  SHARE_TTL_MS,
  shareOfForm,
} from './share-inbox';

const photo = (name: string, bytes = 'jpeg-bytes', type = 'image/jpeg') =>
  new NodeFile([bytes], name, { type }) as unknown as File;

beforeEach(() => {
  // Files read back are made with the runtime's File, which fake IndexedDB can clone.
  vi.stubGlobal('File', NodeFile);
  indexedDB.deleteDatabase('paddock-share');
});

describe('the share inbox', () => {
  it('keeps the words and the images of a share, and reads them back', async () => {
    const id = await saveShare({
      title: ' A receipt ',
      text: 'Oil change at the garage',
      url: 'https://example.com/r/1',
      files: [
        photo('receipt.jpg'),
        photo('notes.pdf', 'pdf', 'application/pdf'),
        photo('car.png', 'png', 'image/png'),
      ],
    });
    const item = await readShare(id);
    expect(item).toMatchObject({
      id,
      title: 'A receipt',
      text: 'Oil change at the garage',
      url: 'https://example.com/r/1',
    });
    // Images only: the PDF is not something a post or a photo can take from a share.
    expect(item!.files.map((f) => [f.name, f.type])).toEqual([
      ['receipt.jpg', 'image/jpeg'],
      ['car.png', 'image/png'],
    ]);
    expect(await item!.files[0]!.text()).toBe('jpeg-bytes');
  });

  it('keeps at most ten images', async () => {
    const files = Array.from({ length: 12 }, (_, i) => photo(`p${i}.jpg`));
    const item = await readShare(await saveShare({ files }));
    expect(item!.files).toHaveLength(10);
    expect(item!.files[9]!.name).toBe('p9.jpg');
  });

  it('forgets a share once discarded, and any share 24 hours after it came', async () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    const used = await saveShare({ text: 'used' }, now);
    const old = await saveShare({ text: 'old' }, now);
    await discardShare(used);
    expect(await readShare(used, now)).toBeNull();
    expect(await readShare(old, now + SHARE_TTL_MS - 1)).not.toBeNull();
    expect(await readShare(old, now + SHARE_TTL_MS)).toBeNull();
    expect(await readShare('unknown', now)).toBeNull();
  });

  it('a logout forgets every share kept on the device', async () => {
    const a = await saveShare({ text: 'a' });
    const b = await saveShare({ files: [photo('b.jpg')] });
    await forgetAllShares();
    expect(await readShare(a)).toBeNull();
    expect(await readShare(b)).toBeNull();
  });

  it("reads the share target's form: title, text, url and the files under their param", () => {
    const form = new FormData();
    form.append('title', 'T');
    form.append('text', 'Look');
    form.append('photos', new Blob(['x'], { type: 'image/jpeg' }), 'a.jpg');
    const share = shareOfForm(form, 'photos');
    expect(share).toMatchObject({ title: 'T', text: 'Look', url: null });
    expect(share.files).toHaveLength(1);
  });
});
