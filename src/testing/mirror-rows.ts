// Whole rows of the Dexie mirror for the tests that only need some row in a table: the tables are
// typed by the contract (src/lib/db.ts), so a test writes a complete row, with only the fields it
// looks at set by `fields`.
import type { CarEquipment } from '@/contract/car-equipment';
import type { CarPaper } from '@/contract/car-papers';
import type { ChatMember, ChatMessage, ChatRoom } from '@/contract/chat';
import type { Car, CarLog } from '@/contract/garage';
import type { Reminder } from '@/contract/maintenance-api';
import type { Comment, Post } from '@/contract/posts';
import type { MessageRow, SettingsLabelRow } from '@/lib/db';

const AT = '2026-01-01T00:00:00.000Z';
const member: ChatMember = {
  id: 'member',
  username: 'member',
  firstName: 'Ada',
  lastName: 'L',
  avatar: null,
};

export const carRow = (fields: Partial<Car> & { id: string }): Car => ({
  ownerId: 'owner',
  make: 'Alpine',
  model: 'A110',
  year: null,
  nickname: null,
  energyType: null,
  gearboxType: null,
  upholsteryMaterial: null,
  mileage: null,
  mileageUnit: 'km',
  description: null,
  energyTypes: [],
  vin: null,
  plate: null,
  firstRegistrationDate: null,
  inspectionDueDate: null,
  insuranceDueDate: null,
  image: null,
  createdAt: AT,
  updatedAt: AT,
  ...fields,
});

export const carLogRow = (fields: Partial<CarLog> & { id: string }): CarLog => ({
  carId: 'car',
  type: 'maintenance',
  title: 'Oil change',
  content: null,
  location: null,
  tags: [],
  cost: null,
  currencyCode: null,
  startDate: '2026-01-01',
  mileage: null,
  media: [],
  createdAt: AT,
  updatedAt: AT,
  ...fields,
});

export const reminderRow = (fields: Partial<Reminder> & { id: string }): Reminder => ({
  carId: 'car',
  title: 'Service',
  logType: null,
  intervalMonths: null,
  intervalDistance: null,
  setDueDate: null,
  setDueMileage: null,
  soonDays: null,
  soonDistance: null,
  notes: null,
  createdMileage: null,
  createdAt: AT,
  updatedAt: AT,
  state: 'ok',
  dueDate: null,
  dueMileage: null,
  predictedDate: null,
  firedBy: null,
  doneLogId: null,
  ...fields,
});

export const postRow = (fields: Partial<Post> & { id: string }): Post => ({
  author: member,
  content: '',
  images: [],
  image: null,
  imageWidth: null,
  imageHeight: null,
  carId: null,
  likes: [],
  likesCount: 0,
  commentsCount: 0,
  createdAt: AT,
  updatedAt: AT,
  ...fields,
});

export const commentRow = (fields: Partial<Comment> & { id: string }): Comment => ({
  postId: 'post',
  author: member,
  content: '',
  parentCommentId: null,
  repliesCount: 0,
  createdAt: AT,
  updatedAt: AT,
  ...fields,
});

export const messageRow = (fields: Partial<MessageRow> & { id: string }): MessageRow => ({
  sender: member,
  recipient: member,
  subject: '',
  content: '',
  images: [],
  isRead: false,
  createdAt: AT,
  folder: 'inbox',
  ...fields,
});

export const chatMessageRow = (fields: Partial<ChatMessage> & { id: string }): ChatMessage => ({
  chatRoomId: 'room',
  sender: member,
  content: '',
  images: [],
  createdAt: AT,
  ...fields,
});

export const chatRoomRow = (fields: Partial<ChatRoom> & { id: string }): ChatRoom => ({
  chatGroupId: null,
  name: null,
  participants: [member],
  lastMessage: null,
  unreadCount: 0,
  mutedUntil: null,
  createdAt: AT,
  updatedAt: AT,
  ...fields,
});

export const settingsLabelRow = (
  fields: Partial<SettingsLabelRow> & { domain: string },
): SettingsLabelRow => ({
  entries: [],
  fetchedAt: 0,
  ...fields,
});

export const carPaperRow = (fields: Partial<CarPaper> & { id: string }): CarPaper => ({
  carId: 'car',
  kind: 'insurance',
  fileId: 'file',
  url: '/api/v1.0/media/file',
  fileKind: 'pdf',
  mime: 'application/pdf',
  name: 'insurance.pdf',
  size: 1000,
  width: null,
  height: null,
  createdAt: AT,
  ...fields,
});

export const carEquipmentRow = (fields: Partial<CarEquipment> & { id: string }): CarEquipment => ({
  carId: 'car',
  kind: 'tyres',
  name: 'Alpin 6, winter',
  dotCode: null,
  reminderDistance: null,
  reminderAgeMonths: null,
  stints: [],
  mounted: false,
  distance: 0,
  ageMonths: null,
  due: null,
  createdAt: AT,
  updatedAt: AT,
  ...fields,
});
