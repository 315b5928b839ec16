// sharp (libvips) adds about 20 MB to the resident memory of the process as soon as it is loaded:
// it is loaded on the first image to judge or re-encode, not at start-up (idle memory ≤ 120 MB).
import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | null = null;

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
