// Every notification names who did it and what, in both languages, and opens its item.
import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/core';
import { activateCatalog } from '@/testing/test-utils';
import type { Notification } from '@/contract/notifications';
import { describeNotification, isAbout } from './notification-content';
import { notificationText } from './notification-text';

const anna = { id: 'u1', username: 'anna', firstName: 'Anna', lastName: 'Berg', avatar: null };

const describeAs = (type: string, payload: Record<string, unknown>, actor: Notification['actor'] = null) =>
  describeNotification({ type, jsonPayload: payload, actor });

const t = (key: string, values?: Record<string, unknown>) => i18n._(key, values);

/** The text a row shows, in the active language. */
const textOf = (
  type: string,
  payload: Record<string, unknown>,
  known: { name?: string; carName?: string } = {},
) => notificationText(t, describeAs(type, payload, anna), { name: 'Anna Berg', ...known });

afterAll(() => activateCatalog('en-US'));

describe('what a notification says, by type', () => {
  const liked = { relatedPostId: 'p1', action: 'liked' };
  const comment = { relatedPostId: 'p1', relatedCommentId: 'k1' };
  const blueAlpine = { carName: 'Blue Alpine' };
  /** What a row says in English: the notification's type, payload and the names the device knows. */
  const english: Record<string, [string, Record<string, unknown>, { carName?: string }?]> = {
    'Anna Berg liked your post “Track day at Spa”': ['post', { ...liked, excerpt: 'Track day at Spa' }],
    'Anna Berg liked your post': ['post', liked],
    'Anna Berg commented: “Nice lap!”': [
      'comment',
      { ...comment, action: 'commented', excerpt: 'Nice lap!' },
    ],
    'Anna Berg replied: “Thanks”': ['comment', { ...comment, action: 'replied', excerpt: 'Thanks' }],
    'Anna Berg sent you a message: “Sunday drive”': [
      'message',
      { relatedMessageId: 'm1', excerpt: 'Sunday drive' },
    ],
    'Anna Berg sent you a message': ['message', { relatedMessageId: 'm1' }],
    'Anna Berg mentioned you in a post: “Hi @ben”': ['mention', { relatedPostId: 'p1', excerpt: 'Hi @ben' }],
    'Anna Berg mentioned you in a post': ['mention', { relatedPostId: 'p1' }],
    'Anna Berg mentioned you in a comment: “@ben look”': ['mention', { ...comment, excerpt: '@ben look' }],
    'Anna Berg mentioned you in a comment': ['mention', comment],
    'Anna Berg asked to be your friend': [
      'friend',
      { relatedFriendId: 'u1', relatedFriendRequestId: 'r1', action: 'requested' },
    ],
    'Anna Berg accepted your friend request': ['friend', { relatedFriendId: 'u1', action: 'accepted' }],
    'Anna Berg added you to “Alpine club”': [
      'chatgroup',
      { relatedChatGroupId: 'g1', relatedChatRoomId: 'c1', action: 'added', excerpt: 'Alpine club' },
    ],
    'Anna Berg changed your car “Blue Alpine”': [
      'car',
      { relatedCarId: 'car1', action: 'updated' },
      blueAlpine,
    ],
    'Anna Berg changed a logbook entry of “Blue Alpine”': [
      'car log',
      { relatedCarId: 'car1', relatedCarLogId: 'l1', action: 'created' },
      blueAlpine,
    ],
    '“Oil change” is overdue on Blue Alpine': [
      'reminder',
      { relatedCarId: 'car1', relatedReminderId: 'r1', state: 'overdue', excerpt: 'Oil change' },
      blueAlpine,
    ],
    '“Brake fluid” is due soon on Blue Alpine': [
      'reminder',
      { relatedCarId: 'car1', relatedReminderId: 'r2', state: 'soon', excerpt: 'Brake fluid' },
      blueAlpine,
    ],
    'A maintenance reminder of Blue Alpine is due soon': [
      'reminder',
      { relatedCarId: 'car1', relatedReminderId: 'r2', state: 'soon' },
      blueAlpine,
    ],
  };
  /** The same rows in French. */
  const french: Record<string, string> = {
    'Anna Berg liked your post “Track day at Spa”': 'Anna Berg a aimé votre publication « Track day at Spa »',
    'Anna Berg liked your post': 'Anna Berg a aimé votre publication',
    'Anna Berg commented: “Nice lap!”': 'Anna Berg a commenté : « Nice lap! »',
    'Anna Berg replied: “Thanks”': 'Anna Berg a répondu : « Thanks »',
    'Anna Berg sent you a message: “Sunday drive”': 'Anna Berg vous a envoyé un message : « Sunday drive »',
    'Anna Berg sent you a message': 'Anna Berg vous a envoyé un message',
    'Anna Berg mentioned you in a post: “Hi @ben”':
      'Anna Berg vous a mentionné dans une publication : « Hi @ben »',
    'Anna Berg mentioned you in a post': 'Anna Berg vous a mentionné dans une publication',
    'Anna Berg mentioned you in a comment: “@ben look”':
      'Anna Berg vous a mentionné dans un commentaire : « @ben look »',
    'Anna Berg mentioned you in a comment': 'Anna Berg vous a mentionné dans un commentaire',
    'Anna Berg asked to be your friend': 'Anna Berg vous demande en ami',
    'Anna Berg accepted your friend request': 'Anna Berg a accepté votre demande d’ami',
    'Anna Berg added you to “Alpine club”': 'Anna Berg vous a ajouté à « Alpine club »',
    'Anna Berg changed your car “Blue Alpine”': 'Anna Berg a modifié votre voiture « Blue Alpine »',
    'Anna Berg changed a logbook entry of “Blue Alpine”':
      'Anna Berg a modifié une entrée du carnet de « Blue Alpine »',
    '“Oil change” is overdue on Blue Alpine': '« Oil change » est en retard sur Blue Alpine',
    '“Brake fluid” is due soon on Blue Alpine': '« Brake fluid » arrive bientôt à échéance sur Blue Alpine',
    'A maintenance reminder of Blue Alpine is due soon':
      'Un rappel d’entretien de Blue Alpine arrive bientôt à échéance',
  };

  it('has the French of every English row', () => {
    expect(Object.keys(french)).toEqual(Object.keys(english));
  });

  it.each(Object.entries(english))(
    '%s: names who and what, in English and French',
    (en, [type, payload, known]) => {
      activateCatalog('en-US');
      expect(textOf(type, payload, known)).toBe(en);
      activateCatalog('fr-FR');
      expect(textOf(type, payload, known)).toBe(french[en]);
    },
  );

  it('no text is the generic "New activity on a post" any more; an unknown member is "Someone"', () => {
    activateCatalog('en-US');
    const content = describeAs('post', { relatedPostId: 'p1', action: 'liked' });
    expect(notificationText(t, content, {})).toBe('Someone liked your post');
    activateCatalog('fr-FR');
    expect(notificationText(t, content, {})).toBe('Quelqu’un a aimé votre publication');
  });

  it('a car change by someone the device does not know, and a reminder whose car it does not know', () => {
    activateCatalog('en-US');
    const changed = describeAs('car', { relatedCarId: 'car1', action: 'updated' });
    expect(notificationText(t, changed, { carName: 'Blue Alpine' })).toBe('Your car “Blue Alpine” changed');
    const due = describeAs('reminder', { relatedCarId: 'car9', state: 'overdue', excerpt: 'Oil change' });
    expect(notificationText(t, due, {})).toBe('“Oil change” is overdue on your car');
    activateCatalog('fr-FR');
    expect(notificationText(t, due, {})).toBe('« Oil change » est en retard sur votre voiture');
  });

  it('the name comes from the actor, else from the payload (the list then looks it up)', () => {
    expect(describeAs('post', { actorId: 'u2', relatedFriendId: 'u3' }, anna).memberId).toBe('u1');
    expect(describeAs('post', { actorId: 'u2', relatedFriendId: 'u3' }).memberId).toBe('u2');
    expect(describeAs('message', { relatedFriendId: 'u3' }).memberId).toBe('u3');
    expect(describeAs('chatmessage', { senderId: 'u4' }).memberId).toBe('u4');
  });
});

describe('where a notification opens, by type', () => {
  it('a mention opens the post, at the comment when it is in one', () => {
    expect(describeAs('mention', { relatedPostId: 'p1' }).target).toEqual({
      to: '/post/$id',
      params: { id: 'p1' },
    });
    expect(describeAs('mention', { relatedPostId: 'p1', relatedCommentId: 'k1' }).target).toMatchObject({
      to: '/post/$id',
      params: { id: 'p1' },
      hash: expect.stringContaining('k1'),
    });
  });

  it('a like opens the post; a comment opens the post at the comment', () => {
    expect(describeAs('post', { relatedPostId: 'p1', action: 'liked' }).target).toEqual({
      to: '/post/$id',
      params: { id: 'p1' },
    });
    expect(describeAs('comment', { relatedPostId: 'p1', relatedCommentId: 'k1' }).target).toEqual({
      to: '/post/$id',
      params: { id: 'p1' },
      hash: 'comment-k1',
    });
    expect(describeAs('post', {}).target).toEqual({ to: '/feed' });
  });

  it('a message opens the message', () => {
    expect(describeAs('message', { relatedMessageId: 'm1' }).target).toEqual({
      to: '/message/$id',
      params: { id: 'm1' },
    });
    expect(describeAs('message', {}).target).toEqual({ to: '/messages' });
  });

  it('a friend request opens the requests tab; an acceptance the friends list', () => {
    expect(describeAs('friend', { relatedFriendId: 'u2', action: 'requested' }).target).toEqual({
      to: '/friends',
      search: { tab: 'requests' },
    });
    expect(describeAs('friend', { relatedFriendId: 'u2', action: 'accepted' }).target).toEqual({
      to: '/friends',
    });
  });

  it('reminder: says soon or overdue and opens its car', () => {
    expect(
      describeAs('reminder', { relatedCarId: 'c1', relatedReminderId: 'r1', state: 'soon' }),
    ).toMatchObject({
      kind: 'car',
      key: 'NOTIFICATIONS.REMINDER_SOON',
      target: { to: '/car/$id', params: { id: 'c1' } },
    });
    expect(describeAs('reminder', { relatedCarId: 'c1', state: 'overdue' }).key).toBe(
      'NOTIFICATIONS.REMINDER_OVERDUE',
    );
  });

  it('car-invite: names the owner and the car, and opens the car', () => {
    expect(
      describeAs('car-invite', { relatedCarId: 'c1', actorId: 'u1', excerpt: 'Renault 4L', role: 'driver' }),
    ).toMatchObject({
      kind: 'car',
      key: 'NOTIFICATIONS.CAR_INVITE',
      excerptKey: 'NOTIFICATIONS.CAR_INVITE_EXCERPT',
      excerpt: 'Renault 4L',
      memberId: 'u1',
      role: 'driver',
      target: { to: '/car/$id', params: { id: 'c1' } },
    });
  });

  it('car-transfer: an offer opens the garage (Accept / Decline there); a declined one the car', () => {
    const offer = { relatedCarId: 'c1', actorId: 'u1', excerpt: 'Citroën DS', relatedCarTransferId: 't1' };
    expect(describeAs('car-transfer', { ...offer, action: 'offered' })).toMatchObject({
      kind: 'car',
      key: 'NOTIFICATIONS.CAR_TRANSFER_OFFERED',
      excerptKey: 'NOTIFICATIONS.CAR_TRANSFER_OFFERED_EXCERPT',
      excerpt: 'Citroën DS',
      memberId: 'u1',
      target: { to: '/my-cars' },
    });
    expect(describeAs('car-transfer', { ...offer, action: 'accepted' })).toMatchObject({
      key: 'NOTIFICATIONS.CAR_TRANSFER_ACCEPTED',
      target: { to: '/my-cars' },
    });
    expect(describeAs('car-transfer', { ...offer, action: 'declined' })).toMatchObject({
      key: 'NOTIFICATIONS.CAR_TRANSFER_DECLINED',
      target: { to: '/car/$id', params: { id: 'c1' } },
    });
    expect(describeAs('car-transfer', { ...offer, action: 'cancelled' }).key).toBe(
      'NOTIFICATIONS.CAR_TRANSFER_CANCELLED',
    );
  });

  it('car-invite: says who invited me to which car, with which role', () => {
    const payload = { relatedCarId: 'c1', actorId: 'u1', excerpt: 'Renault 4L', role: 'editor' };
    activateCatalog('en-US');
    expect(textOf('car-invite', payload)).toBe('Anna Berg invited you to “Renault 4L” as editor');
    activateCatalog('fr-FR');
    expect(textOf('car-invite', payload)).toBe(
      'Anna Berg vous invite sur « Renault 4L » avec le rôle éditeur',
    );
  });

  it('the chat types open their room; a room or group I left opens the list', () => {
    for (const type of ['chatmessage', 'chatroom', 'chatgroup']) {
      expect(describeAs(type, { relatedChatRoomId: 'r1' }).target).toEqual({
        to: '/chat/$roomId',
        params: { roomId: 'r1' },
      });
      expect(describeAs(type, {}).target).toEqual({ to: '/my-chat-groups' });
    }
    expect(describeAs('chatroom', { relatedChatRoomId: 'r1', action: 'removed' }).target).toEqual({
      to: '/my-chat-groups',
    });
    expect(describeAs('chatgroup', { relatedChatRoomId: 'r1', action: 'deleted' }).target).toEqual({
      to: '/my-chat-groups',
    });
  });

  it('a car opens /car/{id}; a log its read view; deleted ones the garage or the car', () => {
    expect(describeAs('car', { relatedCarId: 'c1' }).target).toEqual({
      to: '/car/$id',
      params: { id: 'c1' },
    });
    expect(describeAs('car', { relatedCarId: 'c1', action: 'deleted' }).target).toEqual({ to: '/my-cars' });
    expect(describeAs('car log', { relatedCarId: 'c1', relatedCarLogId: 'l1' }).target).toEqual({
      to: '/my-cars/$carId/logs/$logId',
      params: { carId: 'c1', logId: 'l1' },
    });
    expect(
      describeAs('car log', { relatedCarId: 'c1', relatedCarLogId: 'l1', action: 'deleted' }).target,
    ).toEqual({ to: '/car/$id', params: { id: 'c1' } });
  });

  it('an unknown type has a generic text and nothing to open', () => {
    expect(describeAs('horn', {})).toMatchObject({ kind: 'other', key: 'NOTIFICATIONS.OTHER', target: null });
  });
});

describe('what opening an item marks read', () => {
  it('matches the payload field of the kind of item; friend only matches friend notifications', () => {
    const like = { type: 'post', jsonPayload: { relatedPostId: 'p1', relatedFriendId: 'u1' } };
    expect(isAbout(like, 'post', 'p1')).toBe(true);
    expect(isAbout(like, 'post', 'p2')).toBe(false);
    expect(isAbout(like, 'friend', 'u1')).toBe(false);
    expect(isAbout({ type: 'friend', jsonPayload: { relatedFriendId: 'u1' } }, 'friend', 'u1')).toBe(true);
    expect(isAbout({ type: 'chatgroup', jsonPayload: { relatedChatRoomId: 'r1' } }, 'chatroom', 'r1')).toBe(
      true,
    );
  });
});
