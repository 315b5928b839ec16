// The photo viewer: import it from here, not from the design system's barrel (it is only needed
// once a screen shows photos).
export { PhotoViewer, type PhotoViewerProps, type ViewerPhoto } from './photo-viewer';
export { PhotoButton } from './photo-button';
export { LazyPhotoViewer } from './lazy-photo-viewer';
export { PhotoGrid, photoRatio, type GridPhoto } from './photo-grid';
export { openMediaFile, usePhotoSource } from './photo-source';
