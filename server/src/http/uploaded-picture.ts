import sharp, { type Metadata } from 'sharp';
import { InvalidInput } from '../errors/app-errors.js';

/** The formats people may upload (profile pictures, Visual Match), as sharp names what it decoded. */
const UPLOADABLE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * Larger pictures are refused before decoding (a small file can claim billions of pixels): every
 * picture Byline decodes, uploaded or copied from a network at import.
 */
export const MAX_PICTURE_PIXELS = 50_000_000;

export interface UploadedPictureMessages {
  /** The file is read, but is not one of the four formats. */
  type: string;
  /** Nothing sharp can read. */
  unreadable: string;
}

/**
 * What an uploaded file is, judged by its bytes: the declared Content-Type is only the sender's
 * word. libvips reads far more than the four formats the API promises (SVG through librsvg,
 * TIFF, HEIF/AVIF, PDF and more), and each is one more parser anyone who can upload reaches;
 * anything sharp does not read as JPEG, PNG, WebP or GIF is refused before it is decoded whole.
 */
export async function uploadedPictureMetadata(bytes: Buffer, messages: UploadedPictureMessages): Promise<Metadata> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS }).metadata();
  } catch {
    throw new InvalidInput(messages.unreadable, { field: 'file' });
  }
  if (!metadata.format || !UPLOADABLE_FORMATS.has(metadata.format)) throw new InvalidInput(messages.type, { field: 'file' });
  return metadata;
}
