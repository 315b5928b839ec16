// Photos where people talk (docs/SPEC-NOTES.md "Photos"): a post carries up to ten photos
// (`images`, `image` the first for older clients), a private message and a chat line up to four.
// Each is re-encoded without EXIF, sized, counted in the quota, served only to who may read what
// carries it (checked at read time: a removed group member loses access), and freed with it.
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { ChatMessage } from '../../src/contract/chat';
import type { Message } from '../../src/contract/messages';
import type { AttachedImage, Post } from '../../src/contract/posts';
import type {
  ClientToServerEvents,
  NotificationEvent,
  ServerToClientEvents,
} from '../../src/contract/socket-events';
import { createGroup } from './chat-fixtures';
import { API } from './garage-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { form, jpeg, listFiles, png, type Part } from './media-fixtures';
import { caller, feed, friends, getPost, person, type Person } from './posts-fixtures';

let t: TestApp;
let call: ReturnType<typeof caller>;
let ann: Person;
let bob: Person;
let cid: Person;
let stranger: Person;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  [ann, bob, cid] = (await friends(t.app, 3)) as [Person, Person, Person];
  stranger = await person(t.app);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t.close());

const upload = (who: Person, method: 'POST' | 'PUT', path: string, body: FormData) =>
  t.app.inject({ method, url: `${API}${path}`, headers: who.headers, payload: body });
const fetchImage = (who: Person, at: string) =>
  t.app.inject({ method: 'GET', url: at, headers: who.headers });
const fileIds = async (who: Person) => (await listFiles(t.app, who as never)).data.map((f) => f.id);

/** `count` PNGs of distinct sizes (10+i × 20), named by their place. */
async function pngs(count: number, field = 'images'): Promise<Part[]> {
  const parts: Part[] = [];
  for (let i = 0; i < count; i++)
    parts.push({ name: field, bytes: await png(10 + i, 20), filename: `p${i}.png`, type: 'image/png' });
  return parts;
}

async function expectServedWithoutExif(who: Person, image: AttachedImage) {
  const res = await fetchImage(who, image.url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  const meta = await sharp(res.rawPayload).metadata();
  expect(meta).toMatchObject({ format: 'webp', width: image.width, height: image.height });
  expect(meta.exif).toBeUndefined();
}

describe('posts with several photos', () => {
  test('takes up to ten photos as `image` and `images` parts, in order, with their sizes; EXIF stripped', async () => {
    const res = await upload(
      ann,
      'POST',
      '/posts/with-image',
      form({ content: '<p>Restoration, day 1</p>' }, [
        { name: 'image', bytes: await jpeg(3000, 1500), filename: 'IMG_1.jpg', type: 'image/jpeg' },
        ...(await pngs(2)),
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json<{ data: Post }>().data;
    expect(p.images.map((i) => [i.width, i.height])).toEqual([
      [2048, 1024],
      [10, 20],
      [11, 20],
    ]);
    for (const image of p.images) expect(image.url).toBe(`${API}/posts/${p.id}/images/${image.id}`);
    // Older clients read the first as `image`.
    expect(p).toMatchObject({ image: p.images[0]!.url, imageWidth: 2048, imageHeight: 1024 });
    await expectServedWithoutExif(bob, p.images[0]!);
    for (const image of p.images) expect((await fetchImage(stranger, image.url)).statusCode).toBe(404);
    // The feed, the post and the author's list carry the same photos.
    expect((await feed(t.app, bob)).data.find((x) => x.id === p.id)?.images).toEqual(p.images);
    expect((await getPost(t.app, bob, p.id)).images).toEqual(p.images);
    const mine = await call('GET', `/users/${ann.id}/posts`, bob);
    expect(mine.json<{ data: Post[] }>().data.find((x) => x.id === p.id)?.images).toEqual(p.images);
  });

  test('ten photos pass; eleven are 400 TOO_MANY_IMAGES and keep no file', async () => {
    const ten = await upload(bob, 'POST', '/posts/with-image', form({ content: '' }, await pngs(10)));
    expect(ten.statusCode, ten.body).toBe(201);
    expect(ten.json<{ data: Post }>().data.images).toHaveLength(10);
    const before = await fileIds(bob);
    const eleven = await upload(bob, 'POST', '/posts/with-image', form({ content: 'x' }, await pngs(11)));
    expect(eleven.statusCode, eleven.body).toBe(400);
    expect(eleven.json().error.code).toBe('TOO_MANY_IMAGES');
    expect(await fileIds(bob)).toEqual(before);
  });

  test('a text post and an older single-image post answer `images` too', async () => {
    const text = await call('POST', '/posts', cid, { content: 'Just words' });
    expect(text.json<{ data: Post }>().data).toMatchObject({ images: [], image: null });
    const single = await upload(
      cid,
      'POST',
      '/posts/with-image',
      form({ data: JSON.stringify({ content: 'One' }) }, [
        { name: 'image', bytes: await png(40, 30), filename: 'x.png' },
      ]),
    );
    expect(single.statusCode, single.body).toBe(201);
    const p = single.json<{ data: Post }>().data;
    expect(p.images).toEqual([{ id: expect.any(String), url: p.image, width: 40, height: 30 }]);
  });

  test('an edit keeps, orders, removes and adds photos by id; the removed ones are freed', async () => {
    const created = await upload(
      ann,
      'POST',
      '/posts/with-image',
      form({ content: 'Edit me' }, await pngs(3)),
    );
    const [a, b, c] = created.json<{ data: Post }>().data.images as [
      AttachedImage,
      AttachedImage,
      AttachedImage,
    ];
    const id = created.json<{ data: Post }>().data.id;
    const body = form({ data: JSON.stringify({ keepImages: [c.id, a.id] }) }, [
      { name: 'images', bytes: await png(50, 25), filename: 'new.png' },
    ]);
    const res = await upload(ann, 'PUT', `/posts/${id}/with-image`, body);
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<{ data: Post }>().data;
    expect(edited.images.map((i) => i.id).slice(0, 2)).toEqual([c.id, a.id]);
    expect(edited.images[2]).toMatchObject({ width: 50, height: 25 });
    expect(edited).toMatchObject({ image: c.url, imageWidth: c.width, imageHeight: c.height });
    expect(await fileIds(ann)).not.toContain(b.id);
    expect((await fetchImage(bob, b.url)).statusCode).toBe(404);

    // Repeated form fields name the kept ones too; the JSON PUT reorders and removes without upload.
    const json = await call('PUT', `/posts/${id}`, ann, { keepImages: [a.id] });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json<{ data: Post }>().data.images.map((i) => i.id)).toEqual([a.id]);
    const none = await call('PUT', `/posts/${id}`, ann, { keepImages: [] });
    expect(none.json<{ data: Post }>().data).toMatchObject({ images: [], image: null, imageWidth: null });
  });

  test('an edit refuses a photo that is not the post’s (400) and more than ten in all (400 TOO_MANY_IMAGES)', async () => {
    const created = await upload(bob, 'POST', '/posts/with-image', form({ content: 'Full' }, await pngs(9)));
    const p = created.json<{ data: Post }>().data;
    const other = await call('PUT', `/posts/${p.id}`, bob, { keepImages: [randomUUID()] });
    expect(other.statusCode).toBe(400);
    const before = await fileIds(bob);
    const keep = new FormData();
    for (const image of p.images) keep.append('keepImages', image.id);
    for (const part of await pngs(2))
      keep.append('images', new Blob([new Uint8Array(part.bytes)], { type: 'image/png' }), part.filename);
    const res = await upload(bob, 'PUT', `/posts/${p.id}/with-image`, keep);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('TOO_MANY_IMAGES');
    expect(await fileIds(bob)).toEqual(before);
    expect((await getPost(t.app, bob, p.id)).images).toEqual(p.images);
  });

  test('the older with-image PUT replaces every photo', async () => {
    const created = await upload(cid, 'POST', '/posts/with-image', form({ content: 'Old' }, await pngs(2)));
    const p = created.json<{ data: Post }>().data;
    const res = await upload(
      cid,
      'PUT',
      `/posts/${p.id}/with-image`,
      form({ content: 'New' }, [{ name: 'image', bytes: await png(33, 22), filename: 'n.png' }]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<{ data: Post }>().data;
    expect(edited.images).toHaveLength(1);
    expect(edited).toMatchObject({ imageWidth: 33, imageHeight: 22 });
    const files = await fileIds(cid);
    for (const old of p.images) expect(files).not.toContain(old.id);
  });

  test('deleting a post frees all its photos; deleting its first file makes the next one `image`', async () => {
    const created = await upload(ann, 'POST', '/posts/with-image', form({ content: 'Gone' }, await pngs(3)));
    const p = created.json<{ data: Post }>().data;
    const first = await call('DELETE', `/files/${p.images[0]!.id}`, ann);
    expect(first.statusCode, first.body).toBe(200);
    const after = await getPost(t.app, ann, p.id);
    expect(after.images.map((i) => i.id)).toEqual([p.images[1]!.id, p.images[2]!.id]);
    expect(after.image).toBe(p.images[1]!.url);
    expect((await call('DELETE', `/posts/${p.id}`, ann)).statusCode).toBe(200);
    const files = await fileIds(ann);
    for (const image of p.images) expect(files).not.toContain(image.id);
  });
});

describe('private messages with photos', () => {
  const sendWith = (from: Person, fields: Record<string, unknown>, parts: Part[]) =>
    upload(from, 'POST', '/messages/with-images', form({ data: JSON.stringify(fields) }, parts));

  test('photos only (no text), up to four, served to both participants only; EXIF stripped', async () => {
    const res = await sendWith(ann, { recipientId: bob.id, subject: 'Pics' }, [
      { name: 'images', bytes: await jpeg(400, 300), filename: 'a.jpg', type: 'image/jpeg' },
      ...(await pngs(3, 'image')),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json<{ data: Message }>().data;
    expect(m.content).toBe('');
    expect(m.images.map((i) => [i.width, i.height])).toEqual([
      [400, 300],
      [10, 20],
      [11, 20],
      [12, 20],
    ]);
    expect(m.images[0]!.url).toBe(`${API}/messages/${m.id}/images/${m.images[0]!.id}`);
    await expectServedWithoutExif(bob, m.images[0]!);
    expect((await fetchImage(ann, m.images[1]!.url)).statusCode).toBe(200);
    expect((await fetchImage(cid, m.images[1]!.url)).statusCode).toBe(404);
    expect((await fetchImage(stranger, m.images[1]!.url)).statusCode).toBe(404);
    // A media id of another message is not this message's photo.
    const inbox = await call('GET', '/messages?folder=inbox', bob);
    expect(inbox.json<{ data: Message[] }>().data.find((x) => x.id === m.id)?.images).toEqual(m.images);
  });

  test('five photos are 400 TOO_MANY_IMAGES; no photo and no text is 400; nothing is kept', async () => {
    const before = await fileIds(ann);
    const five = await sendWith(ann, { recipientId: bob.id }, await pngs(5));
    expect(five.statusCode, five.body).toBe(400);
    expect(five.json().error.code).toBe('TOO_MANY_IMAGES');
    const empty = await sendWith(ann, { recipientId: bob.id, content: '' }, []);
    expect(empty.statusCode).toBe(400);
    const stranger1 = await sendWith(ann, { recipientId: stranger.id }, await pngs(1));
    expect(stranger1.statusCode).toBe(403);
    expect(await fileIds(ann)).toEqual(before);
  });

  test('a replayed send answers the stored message and stores no second file', async () => {
    const id = randomUUID();
    const first = await sendWith(cid, { id, recipientId: ann.id, content: 'Hi' }, await pngs(2));
    expect(first.statusCode, first.body).toBe(201);
    const files = await fileIds(cid);
    const again = await sendWith(cid, { id, recipientId: ann.id, content: 'Hi' }, await pngs(2));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await fileIds(cid)).toEqual(files);
  });

  test('a participant who deleted it loses its photos; once both did, the files are freed', async () => {
    const res = await sendWith(bob, { recipientId: cid.id, content: 'Look' }, await pngs(2));
    const m = res.json<{ data: Message }>().data;
    expect((await call('DELETE', `/messages/${m.id}`, cid)).statusCode).toBe(200);
    expect((await fetchImage(cid, m.images[0]!.url)).statusCode).toBe(404);
    expect((await fetchImage(bob, m.images[0]!.url)).statusCode).toBe(200);
    expect((await call('DELETE', `/messages/${m.id}`, bob)).statusCode).toBe(200);
    const files = await fileIds(bob);
    for (const image of m.images) expect(files).not.toContain(image.id);
  });
});

describe('chat messages with photos', () => {
  const sendWith = (from: Person, fields: Record<string, string>, parts: Part[]) =>
    upload(from, 'POST', '/chat-messages/with-images', form(fields, parts));

  test('a group line of photos only: its members see them, a stranger and a removed member do not', async () => {
    const group = await createGroup(t.app, ann, [bob, cid]);
    const res = await sendWith(ann, { chatGroupId: group.id }, [
      { name: 'image', bytes: await jpeg(640, 480), filename: 'a.jpg', type: 'image/jpeg' },
      ...(await pngs(3)),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const line = res.json<{ data: ChatMessage }>().data;
    expect(line.content).toBe('');
    expect(line.images).toHaveLength(4);
    expect(line.images[0]).toMatchObject({ width: 640, height: 480 });
    expect(line.images[0]!.url).toBe(`${API}/chat-messages/${line.id}/images/${line.images[0]!.id}`);
    await expectServedWithoutExif(cid, line.images[0]!);
    expect((await fetchImage(stranger, line.images[0]!.url)).statusCode).toBe(404);
    const page = await call('GET', `/chat-messages?chatGroupId=${group.id}`, bob);
    expect(page.json<{ data: ChatMessage[] }>().data[0]?.images).toEqual(line.images);
    const rooms = await call('GET', `/chat-rooms/${group.chatRoomId}`, bob);
    expect(rooms.json().data.lastMessage.images).toEqual(line.images);
    // cid is removed from the group: the photos are no longer theirs to see.
    const removed = await call('PUT', `/chat-groups/${group.id}`, ann, { memberIds: [bob.id] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await fetchImage(cid, line.images[0]!.url)).statusCode).toBe(404);
    expect((await fetchImage(bob, line.images[0]!.url)).statusCode).toBe(200);
  });

  test('five photos are 400 TOO_MANY_IMAGES; a direct line carries text and photos', async () => {
    const five = await sendWith(bob, { recipientId: cid.id }, await pngs(5));
    expect(five.statusCode, five.body).toBe(400);
    expect(five.json().error.code).toBe('TOO_MANY_IMAGES');
    const res = await sendWith(bob, { recipientId: cid.id, content: '  Mine  ' }, await pngs(1));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: ChatMessage }>().data).toMatchObject({
      content: 'Mine',
      images: [{ width: 10 }],
    });
    const empty = await sendWith(bob, { recipientId: cid.id, content: ' ' }, []);
    expect(empty.statusCode).toBe(400);
  });

  test('the chatmessage socket event carries the photos; deleting the group frees them', async () => {
    const group = await createGroup(t.app, ann, [bob]);
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(url, {
      auth: { token: bob.token },
      transports: ['websocket'],
      reconnection: false,
    });
    const heard: NotificationEvent[] = [];
    socket.on('notification', (e) => heard.push(e));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    try {
      const res = await sendWith(ann, { chatGroupId: group.id, content: 'Live' }, await pngs(2));
      const line = res.json<{ data: ChatMessage }>().data;
      await vi.waitFor(() =>
        expect(heard.find((e) => e.jsonPayload.relatedChatMessageId === line.id)?.jsonPayload.images).toEqual(
          line.images,
        ),
      );
      expect((await call('DELETE', `/chat-groups/${group.id}`, ann)).statusCode).toBe(200);
      const files = await fileIds(ann);
      for (const image of line.images) expect(files).not.toContain(image.id);
    } finally {
      socket.disconnect();
    }
  });
});
