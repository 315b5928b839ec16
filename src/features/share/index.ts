// Share into Paddock (the manifest's share_target): the screen that offers a new post or a log of
// one of my cars, and what the composers' routes read of the kept share.
export { ShareScreen } from './share-screen';
export { forgetShare, sharedLines, sharedPostContent, useSharedItem } from './use-shared-item';
