import { describe, expect, it } from 'vitest';
import { describeNotification } from './notification-content';

const describeAs = (type: string, payload: Record<string, unknown>) =>
  describeNotification({ type, jsonPayload: payload });

describe('what a notification says and opens, by type', () => {
  it('message: names the sender and opens /message/{relatedMessageId}', () => {
    expect(describeAs('message', { relatedMessageId: 'm1', relatedFriendId: 'u1' })).toEqual({
      kind: 'message',
      namedKey: 'NOTIFICATIONS.MESSAGE',
      textKey: 'NOTIFICATIONS.MESSAGE_ANONYMOUS',
      memberId: 'u1',
      target: { to: '/message/$id', params: { id: 'm1' } },
    });
    expect(describeAs('message', {}).target).toEqual({ to: '/messages' });
  });

  it('friend: the text follows the action; a request opens the requests tab of /friends', () => {
    const requested = describeAs('friend', {
      relatedFriendId: 'u2',
      relatedFriendRequestId: 'r1',
      action: 'requested',
    });
    expect(requested).toMatchObject({
      kind: 'friend',
      namedKey: 'NOTIFICATIONS.FRIEND_REQUESTED',
      textKey: 'NOTIFICATIONS.FRIEND_REQUESTED_ANONYMOUS',
      memberId: 'u2',
      target: { to: '/friends', search: { tab: 'requests' } },
    });
    expect(describeAs('friend', { relatedFriendId: 'u2', action: 'accepted' }).target).toEqual({
      to: '/friends',
    });
    expect(describeAs('friend', { relatedFriendId: 'u2', action: 'accepted' }).namedKey).toBe(
      'NOTIFICATIONS.FRIEND_ACCEPTED',
    );
    expect(describeAs('friend', { relatedFriendId: 'u2', action: 'removed' }).namedKey).toBe(
      'NOTIFICATIONS.FRIEND_OTHER',
    );
  });

  it('car: selects the car and opens /my-cars', () => {
    expect(describeAs('car', { relatedCarId: 'c1' })).toMatchObject({
      kind: 'car',
      memberId: null,
      target: { to: '/my-cars', selectCarId: 'c1' },
    });
  });

  it('car log: opens /edit-car-log/{carId}/{logId}; a deleted entry opens its car instead', () => {
    expect(describeAs('car log', { relatedCarId: 'c1', relatedCarLogId: 'l1' }).target).toEqual({
      to: '/edit-car-log/$carId/$logId',
      params: { carId: 'c1', logId: 'l1' },
    });
    expect(
      describeAs('car log', { relatedCarId: 'c1', relatedCarLogId: 'l1', action: 'deleted' }).target,
    ).toEqual({
      to: '/my-cars',
      selectCarId: 'c1',
    });
  });

  it('reminder: says soon or overdue and opens its car', () => {
    expect(describeAs('reminder', { relatedCarId: 'c1', relatedReminderId: 'r1', state: 'soon' })).toEqual({
      kind: 'car',
      namedKey: null,
      textKey: 'NOTIFICATIONS.REMINDER_SOON',
      memberId: null,
      target: { to: '/my-cars', selectCarId: 'c1' },
    });
    expect(describeAs('reminder', { relatedCarId: 'c1', state: 'overdue' }).textKey).toBe(
      'NOTIFICATIONS.REMINDER_OVERDUE',
    );
  });

  it('post and comment open /my-posts; the chat types without a room open /my-chat-groups', () => {
    expect(describeAs('post', { relatedPostId: 'p1' })).toMatchObject({
      kind: 'post',
      target: { to: '/my-posts' },
    });
    expect(describeAs('comment', { relatedCommentId: 'k1' })).toMatchObject({
      kind: 'comment',
      target: { to: '/my-posts' },
    });
    for (const type of ['chatmessage', 'chatroom', 'chatgroup']) {
      expect(describeAs(type, {})).toMatchObject({ kind: 'chat', target: { to: '/my-chat-groups' } });
    }
  });

  it('the chat types open their room when they name one; a room or group I left opens the list', () => {
    for (const type of ['chatmessage', 'chatroom', 'chatgroup']) {
      expect(describeAs(type, { relatedChatRoomId: 'r1', relatedChatMessageId: 'm1' }).target).toEqual({
        to: '/chat/$roomId',
        params: { roomId: 'r1' },
      });
    }
    expect(describeAs('chatroom', { relatedChatRoomId: 'r1', action: 'removed' }).target).toEqual({
      to: '/my-chat-groups',
    });
    expect(describeAs('chatgroup', { relatedChatRoomId: 'r1', action: 'deleted' }).target).toEqual({
      to: '/my-chat-groups',
    });
  });

  it('an unknown type has a generic text and nothing to open', () => {
    expect(describeAs('horn', {})).toEqual({
      kind: 'other',
      namedKey: null,
      textKey: 'NOTIFICATIONS.OTHER',
      memberId: null,
      target: null,
    });
  });
});
