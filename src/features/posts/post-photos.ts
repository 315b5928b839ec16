// A post's photos as this device holds them: `images`, or — on a row kept from before posts had
// several (an older server's answer, a mirror not refreshed yet) — its single `image`.
import type { AttachedImage, Post } from '@/contract/posts';

export function postPhotos(
  post: Pick<Post, 'image' | 'imageWidth' | 'imageHeight'> & { images?: AttachedImage[] | undefined },
): AttachedImage[] {
  if (post.images && post.images.length > 0) return post.images;
  if (!post.image) return [];
  return [
    {
      id: post.image.split('/').pop() ?? post.image,
      url: post.image,
      width: post.imageWidth,
      height: post.imageHeight,
    },
  ];
}
