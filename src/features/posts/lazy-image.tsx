// A post's picture (its image, a shared log's thumbnails) once its bytes are here: loaded lazily
// and decoded off the main thread, sized from the stored dimensions so the card does not jump.
export function LazyImage({
  src,
  alt,
  width,
  height,
}: {
  /** The picture's URL once known; nothing renders until then. */
  src: string | undefined;
  alt: string;
  width: number | null | undefined;
  height: number | null | undefined;
}) {
  return src ? (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={width ?? undefined}
      height={height ?? undefined}
    />
  ) : null;
}
