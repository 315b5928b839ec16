import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MessageBubble } from './message-bubble';
import { RoomRow } from './room-row';
import { renderInRouter } from '@/testing/test-utils';
import { activateCatalog, renderWithProviders } from '@/testing/test-utils';

const sender = { id: 'b', username: 'bob', firstName: 'Bob', lastName: 'B', avatar: null };
const line = {
  id: 'm1',
  chatRoomId: 'r1',
  sender,
  content: '',
  images: [],
  createdAt: '2026-01-01T10:00:00Z',
};

describe('a chat line of a blocked member', () => {
  beforeEach(() => activateCatalog('en-US'));

  it('is one collapsed line, without the menu; an ordinary line of another member has the report menu', () => {
    const { unmount } = renderWithProviders(
      <ul>
        <MessageBubble message={{ ...line, fromBlockedMember: true }} mine={false} showSender />
      </ul>,
    );
    expect(screen.getByText('Message from a blocked member')).toBeTruthy();
    expect(screen.queryByText('Bob B')).toBeNull();
    expect(screen.queryByRole('button', { name: /More for/ })).toBeNull();
    unmount();
    renderWithProviders(
      <ul>
        <MessageBubble message={{ ...line, content: 'hello' }} mine={false} showSender />
      </ul>,
    );
    expect(screen.getByText('hello')).toBeTruthy();
    expect(screen.queryByText('Message from a blocked member')).toBeNull();
    expect(screen.getByRole('button', { name: 'More for Chat line by Bob B' })).toBeTruthy();
  });

  it('is the room list’s last line collapsed, without the name nor the text', async () => {
    const room = {
      id: 'r1',
      chatGroupId: 'g1',
      name: 'Club',
      participants: [sender],
      lastMessage: { ...line, fromBlockedMember: true },
      unreadCount: 0,
      mutedUntil: null,
      createdAt: '2026-01-01T09:00:00Z',
      updatedAt: '2026-01-01T10:00:00Z',
    };
    await renderInRouter(<RoomRow room={room} meId="me" />);
    expect(screen.getByText('Message from a blocked member')).toBeTruthy();
    expect(screen.queryByText(/Bob/)).toBeNull();
  });
});
