// Access is checked when a thing is read, not only when it was shared (docs/SECURITY-CHECKS.md
// "Checked when read"): a post's shared log card and its photos show only while the post's author
// may still read the log. A viewer removed from the car, and a seller once the car is sold, keep
// their post, but its card answers `carLog: null` with `carLogUnavailable: 'no-longer-shared'`
// (to them, to their friends, in the car's build thread) and the log's photos answer 404; a car's
// photo follows the car's current owner, not the uploader's friends. Real server, real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from './media-fixtures';
import { startServer, type Attacker, type Server } from './attack-fixtures';

let s: Server;
let image: Buffer;

beforeAll(async () => {
  image = await png(16, 16);
  s = await startServer();
}, 60_000);
afterAll(() => s.close());

async function ok(res: Promise<{ status: number; text: string; json: any }>, status?: number) {
  const answer = await res;
  if (status !== undefined) expect(answer.status, answer.text).toBe(status);
  else expect([200, 201], answer.text).toContain(answer.status);
  return answer.json.data;
}

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('media', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'receipt.png');
  return body;
};

/** An owner's car with a log holding a photo, and the log's media id. */
async function carWithPhotoLog(owner: Attacker) {
  const car = await ok(s.call('POST', '/cars', owner, { make: 'Alfa Romeo', model: 'Giulia' }));
  const log = await ok(
    s.call(
      'POST',
      '/car-logs/with-media',
      owner,
      form({
        carId: car.id,
        type: 'repair',
        title: 'Secret rust repair',
        cost: '1200',
        currencyCode: 'EUR',
        startDate: '2025-03-01',
      }),
    ),
  );
  expect(log.media).toHaveLength(1);
  return { carId: car.id as string, logId: log.id as string, mediaId: log.media[0].id as string };
}

async function share(owner: Attacker, carId: string, who: Attacker, role: string, friends = false) {
  if (!friends) await s.befriend(owner, who);
  await ok(s.call('POST', `/cars/${carId}/members`, owner, { userId: who.id, role }));
  await ok(s.call('PUT', `/car-invites/${carId}`, who, { action: 'accept' }), 200);
}

async function cardAs(who: Attacker, postId: string) {
  return ok(s.call('GET', `/posts/${postId}`, who), 200);
}

describe('a shared log card is checked when read', () => {
  it('a viewer removed from the car keeps the post, not the card nor its photos', async () => {
    const [owner, viewer, viewersFriend] = [await s.member(), await s.member(), await s.member()];
    await s.befriend(viewer, viewersFriend);
    const { carId, logId, mediaId } = await carWithPhotoLog(owner);
    await share(owner, carId, viewer, 'viewer');
    const post = await ok(
      s.call('POST', '/posts', viewer, { content: '<p>Look</p>', carLogId: logId, showCost: true }),
    );
    // While shared: the card and the photo, to the author and the author's friend.
    for (const who of [viewer, viewersFriend]) {
      const read = await cardAs(who, post.id);
      expect(read.carLog).toMatchObject({ id: logId, title: 'Secret rust repair', cost: 1200 });
      expect(read.carLogUnavailable).toBeUndefined();
      expect((await s.call('GET', `/media/${mediaId}`, who)).status).toBe(200);
    }

    expect((await s.call('DELETE', `/cars/${carId}/members/${viewer.id}`, owner)).status).toBe(200);
    // The owner edits the log afterwards: the removed viewer's post must not follow it.
    await ok(
      s.call('PUT', `/car-logs/${logId}`, owner, {
        title: 'Edited after removal',
        cost: 9999,
        currencyCode: 'EUR',
      }),
      200,
    );

    for (const who of [viewer, viewersFriend]) {
      const read = await cardAs(who, post.id);
      expect(read.carLog).toBeNull();
      expect(read.carLogUnavailable).toBe('no-longer-shared');
      const raw = await s.call('GET', `/posts/${post.id}`, who);
      expect(raw.text).not.toContain('Edited after removal');
      expect(raw.text).not.toContain('9999');
      // In the feed too, and the photo is no longer served through the card.
      const feed = await ok(s.call('GET', '/posts/feed', who), 200);
      const inFeed = feed.find((p: { id: string }) => p.id === post.id);
      expect(inFeed).toMatchObject({ carLog: null, carLogUnavailable: 'no-longer-shared' });
      expect((await s.call('GET', `/media/${mediaId}`, who)).status).toBe(404);
    }
    // The owner still reads the log and its photo; a deleted log is told apart.
    expect((await s.call('GET', `/media/${mediaId}`, owner)).status).toBe(200);
    const ownerPost = await ok(s.call('POST', '/posts', owner, { content: '<p>Mine</p>', carLogId: logId }));
    expect((await cardAs(owner, ownerPost.id)).carLog).toMatchObject({ title: 'Edited after removal' });
    expect((await s.call('DELETE', `/car-logs/${logId}`, owner)).status).toBe(200);
    const gone = await cardAs(owner, ownerPost.id);
    expect(gone).toMatchObject({ carLog: null, carLogUnavailable: 'deleted' });
  });

  it('shared again, the card shows again (the check is live both ways)', async () => {
    const [owner, driver] = [await s.member(), await s.member()];
    const { carId, logId } = await carWithPhotoLog(owner);
    await share(owner, carId, driver, 'driver');
    const post = await ok(s.call('POST', '/posts', driver, { content: '<p>Drove it</p>', carLogId: logId }));
    expect((await s.call('DELETE', `/cars/${carId}/members/${driver.id}`, owner)).status).toBe(200);
    expect((await cardAs(driver, post.id)).carLogUnavailable).toBe('no-longer-shared');
    await share(owner, carId, driver, 'viewer', true);
    const back = await cardAs(driver, post.id);
    expect(back.carLog).toMatchObject({ id: logId });
    expect(back.carLogUnavailable).toBeUndefined();
  });

  it("a seller's post loses the card of the sold car's log, in the feed and the car's build thread", async () => {
    const [seller, buyer, sellersFriend] = [await s.member(), await s.member(), await s.member()];
    await s.befriend(seller, sellersFriend);
    const { carId, logId, mediaId } = await carWithPhotoLog(seller);
    const carImage = await ok(
      s.call(
        'PUT',
        `/cars/${carId}/with-image`,
        seller,
        (() => {
          const body = new FormData();
          body.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'car.png');
          return body;
        })(),
      ),
      200,
    );
    const carImageId = /\/media\/([0-9a-f-]{36})/.exec(carImage.image as string)![1]!;
    const post = await ok(s.call('POST', '/posts', seller, { content: '<p>Fixed</p>', carLogId: logId }));
    expect((await cardAs(sellersFriend, post.id)).carLog).toMatchObject({ id: logId });
    expect((await s.call('GET', `/media/${carImageId}`, sellersFriend)).status).toBe(200);

    const offered = await ok(
      s.call('POST', `/cars/${carId}/transfers`, seller, {
        toUserId: buyer.id,
        keepCosts: true,
        keepNotes: true,
      }),
      201,
    );
    await ok(s.call('PUT', `/car-transfers/${offered.id}`, buyer, { action: 'accept' }), 200);
    // The buyer now owns the log and edits it: the seller's post must not show the new owner's log.
    await ok(s.call('PUT', `/car-logs/${logId}`, buyer, { title: "The buyer's own words" }), 200);

    for (const who of [seller, sellersFriend]) {
      const read = await cardAs(who, post.id);
      expect(read).toMatchObject({ carLog: null, carLogUnavailable: 'no-longer-shared' });
      expect(JSON.stringify(read)).not.toContain("The buyer's own words");
    }
    expect((await s.call('GET', `/media/${mediaId}`, sellersFriend)).status).toBe(404);
    // The car's photo follows the car: the seller's friend no longer sees the buyer's car.
    expect((await s.call('GET', `/media/${carImageId}`, sellersFriend)).status).toBe(404);
    // The buyer's car thread (the buyer reads the car) shows the seller's post without the card.
    const thread = await ok(s.call('GET', `/cars/${carId}/build-thread`, buyer), 200);
    const inThread = (thread as { id: string; carLog?: unknown; carLogUnavailable?: string }[]).find(
      (p) => p.id === post.id,
    );
    if (inThread) expect(inThread).toMatchObject({ carLog: null, carLogUnavailable: 'no-longer-shared' });
    expect(JSON.stringify(thread)).not.toContain("The buyer's own words");
  });
});
