/**
 * Gallery limits and texts (events spec §2 Gallery, §3 Gallery item, §4, §5 Gallery report, §8).
 * The server enforces them; the web client shows them before it uploads.
 */

/** Pictures: at most 15 MB and 40 megapixels. */
export const GALLERY_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const GALLERY_IMAGE_MAX_PIXELS = 40_000_000;
/** Videos: at most 200 MB. */
export const GALLERY_VIDEO_MAX_BYTES = 200 * 1024 * 1024;

/** The longest side of each re-encoded size of a picture: url (full), url_l (large, the full view), url_m (medium, the grid). */
export const GALLERY_IMAGE_SIZES = { url: 2560, url_l: 1280, url_m: 480 } as const;

export const GALLERY_IMAGE_FORMATS = ['jpeg', 'png', 'gif', 'webp', 'heic', 'avif'] as const;
export const GALLERY_VIDEO_FORMATS = ['mp4', 'webm', 'mov'] as const;
export type GalleryImageFormat = (typeof GALLERY_IMAGE_FORMATS)[number];
export type GalleryVideoFormat = (typeof GALLERY_VIDEO_FORMATS)[number];

/** What the file picker offers (the server still decides by content). */
export const GALLERY_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,image/heic,image/heif,image/avif,video/mp4,video/webm,video/quicktime';

/** The spec's three reasons; a description goes with 'other' only. */
export const GALLERY_REPORT_REASONS = ['inappropriate', 'privacy', 'other'] as const;
export type GalleryReportReason = (typeof GALLERY_REPORT_REASONS)[number];
export const GALLERY_REPORT_DESCRIPTION_MAX = 1000;

/** An upload not posted to a gallery within this time is removed with its files. */
export const GALLERY_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** One page of GET gallery/{eventId} (newest first; before=<id> for older ones). */
export const GALLERY_PAGE_SIZE = 300;

/** How many likers an item carries (likes_count has them all). */
export const GALLERY_LIKES_SHOWN = 50;

/** Spec texts (events §5, §8): these exact strings are requirements. */
export const GALLERY_MESSAGES = {
  alreadyReported: 'You already sent report for this image',
  privacyReason: "I'm in it, and don't want it shown",
  describeOther: 'Tell us what is wrong',
  uploadOnlyGuests: 'Only guests who are going or maybe, and the organiser, can add photos',
  uploadNotYours: 'Upload the file again',
  unsupportedType: 'Upload a JPEG, PNG, GIF, WebP or HEIC picture, or an MP4, WebM or QuickTime video',
  heicUnreadable: 'This HEIC picture could not be read here: save it as JPEG and try again',
  imageTooBig: 'A picture can be at most 15 MB',
  videoTooBig: 'A video can be at most 200 MB',
  tooManyPixels: 'The picture has too many pixels (at most 40 megapixels)',
  unreadable: 'The file could not be read: it may be damaged',
  empty: 'The file is empty',
} as const;

/** An upload's id as planns issues them and as its URLs name them (media_uploads.id's CHECK). */
export const UPLOAD_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
