import type { SignedUp } from './api.mjs';

/** A seeded member and the ids its screens open. */
export interface World {
  session: SignedUp;
  friendId: string;
  carId: string;
  logId: string;
  reminderId: string;
  postId: string;
  messageId: string;
  roomId: string;
  groupId: string;
}
export interface Screen {
  /** The router's path, as in src/routeTree.gen.ts. */
  path: string;
  signedOut?: boolean;
  address: (w: World) => string;
}
export function seedScreens(baseUrl: string): Promise<World>;
export const SCREENS: Screen[];
