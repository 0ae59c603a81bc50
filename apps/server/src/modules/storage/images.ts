import { formatNumber } from '@vetrina/shared/italian-format';
import type { FastifyRequest } from 'fastify';
import type { Sharp, default as SharpFactory } from 'sharp';
import { IMAGE_MIME_TYPES, LIMITS } from '@vetrina/shared';
import { AppError, badRequest } from '../../lib/errors.js';

export type ImageType = (typeof IMAGE_MIME_TYPES)[number];

export interface ImageUpload {
  /** The bytes as received (re-encode before storing: see reencodeImage). */
  buffer: Buffer;
  /** The type read from the content, never from the declared type or the file name. */
  type: ImageType;
  fieldname: string;
  filename: string;
}

// Spec §8 upload messages, word for word.
export const uploadMessages = {
  wrongType: `File type must be ${IMAGE_MIME_TYPES.join(', ')}`,
  tooLarge: (maxBytes: number) => `File is larger than ${maxBytes} bytes`,
  tooMany: 'Too many files',
  none: 'Nessun file ricevuto',
  notMultipart: 'Invia il file come multipart/form-data',
  unreadable: "L'immagine è danneggiata o non leggibile",
  /** `pixels` when known (from the header); rounded up so a refused image never reads as "25,0". */
  tooManyPixels: (pixels?: number) =>
    `L'immagine è troppo grande: al massimo ${LIMITS.imageMaxPixels / 1e6} megapixel` +
    (pixels ? ` (questa ne ha ${formatNumber(Math.ceil(pixels / 100_000) / 10, 1)})` : ''),
} as const;

let loaded: Promise<typeof SharpFactory> | null = null;
/**
 * sharp and libvips (~13 MB) are loaded with the first image, not at start: most instances serve
 * far more pages than uploads.
 *
 * One libvips thread per image. sharp's default is one per core (1 only on glibc without
 * jemalloc), so a single big decode could occupy every core and stall the event loop. Parallelism
 * comes from the image queue instead (image-queue.ts: up to cpus − 1 images side by side), so
 * image work never holds more than cpus − 1 cores, whatever the platform's allocator.
 */
export function loadSharp(): Promise<typeof SharpFactory> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}

/** The image type from the first bytes of the file (magic numbers), or null. */
export function detectImageType(buf: Buffer): ImageType | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const codeOf = (err: unknown) => (err as { code?: string })?.code ?? '';

/**
 * Reads every file of a multipart request into memory, enforcing the spec's upload rules on the
 * bytes themselves: at most `maxFiles` files, each at most `maxBytes`, each a real png/jpeg/webp.
 * Throws the spec's messages (400 type / count, 413 size) before anything is stored.
 */
export async function readImageUploads(req: FastifyRequest, opts: { maxBytes: number; maxFiles: number }): Promise<ImageUpload[]> {
  if (!req.isMultipart()) throw new AppError(415, 'unsupported_media_type', uploadMessages.notMultipart);
  const files: ImageUpload[] = [];
  try {
    const parts = req.parts({ limits: { fileSize: opts.maxBytes, files: opts.maxFiles, fields: 20, fieldSize: 64 * 1024, parts: opts.maxFiles + 20 } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (files.length >= opts.maxFiles) throw badRequest(uploadMessages.tooMany);
      const buffer = await part.toBuffer();
      files.push({ buffer, type: 'image/png', fieldname: part.fieldname, filename: part.filename });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = codeOf(err);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'payload_too_large', uploadMessages.tooLarge(opts.maxBytes));
    if (code === 'FST_FILES_LIMIT') throw badRequest(uploadMessages.tooMany);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError(415, 'unsupported_media_type', uploadMessages.notMultipart);
    // Broken multipart bodies, part/field limits, prototype tricks: the request is simply malformed.
    throw badRequest('Richiesta multipart non valida');
  }
  if (files.length === 0) throw badRequest(uploadMessages.none);
  for (const f of files) {
    // An empty part or a renamed text file: refuse it, whatever it claims to be.
    const type = detectImageType(f.buffer);
    if (!type) throw badRequest(uploadMessages.wrongType);
    f.type = type;
  }
  // Every file's pixel count is read before any is decoded: one oversized file refuses the whole request.
  for (const f of files) await assertImagePixels(f.buffer);
  return files;
}

/**
 * Refuses an image over LIMITS.imageMaxPixels from its header alone: sharp's metadata() reads the
 * dimensions without decoding a pixel, so a 168 KB file claiming 40 megapixels costs under a
 * millisecond instead of ~1 s of CPU and 63 MB. No pixel limit here: we want the real size.
 */
export async function assertImagePixels(buf: Buffer): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  const sharp = await loadSharp();
  try {
    ({ width, height } = await sharp(buf, { limitInputPixels: false }).metadata());
  } catch {
    throw badRequest(uploadMessages.unreadable);
  }
  if (!width || !height) throw badRequest(uploadMessages.unreadable);
  if (width * height > LIMITS.imageMaxPixels) throw badRequest(uploadMessages.tooManyPixels(width * height));
}

// Second line behind assertImagePixels: libvips itself refuses to decode anything larger.
const MAX_INPUT_PIXELS = LIMITS.imageMaxPixels;

async function decode(buf: Buffer) {
  if (!detectImageType(buf)) throw badRequest(uploadMessages.wrongType);
  const sharp = await loadSharp();
  // failOn 'warning' refuses truncated and corrupt files instead of rendering half an image.
  return sharp(buf, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
}

async function encode(decoded: Promise<Sharp>, resize: (p: Sharp) => Sharp): Promise<Buffer> {
  const pipeline = resize(await decoded);
  try {
    // sharp drops all metadata (EXIF, GPS, XMP, ICC) unless asked to keep it.
    return await pipeline.webp({ quality: 82, effort: 4 }).toBuffer();
  } catch (err) {
    if (/pixel limit/i.test((err as Error)?.message ?? '')) throw badRequest(uploadMessages.tooManyPixels());
    throw badRequest(uploadMessages.unreadable);
  }
}

/**
 * Re-encodes an uploaded image as webp: turned upright from its EXIF orientation, every metadata
 * block stripped, fitted inside `maxSide`×`maxSide` (never enlarged). Malformed images are refused,
 * so only bytes we produced ever reach a browser. CPU-heavy: callers run it inside
 * `imageQueue.run(storeId, …)` (image-queue.ts), like `thumbnail`.
 */
export function reencodeImage(buf: Buffer, opts: { maxSide: number }): Promise<Buffer> {
  return encode(decode(buf), (p) => p.resize({ width: opts.maxSide, height: opts.maxSide, fit: 'inside', withoutEnlargement: true }));
}

/** A small webp for grids and lists: fitted inside `side`×`side`, aspect ratio kept. */
export function thumbnail(buf: Buffer, side: number): Promise<Buffer> {
  return encode(decode(buf), (p) => p.resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }));
}

/** A webp exactly `width` pixels wide (height from the aspect ratio), from an image we produced (never enlarged). */
export function resizeToWidth(buf: Buffer, width: number): Promise<Buffer> {
  return encode(decode(buf), (p) => p.resize({ width, withoutEnlargement: true }));
}

/** Pixel size of an image we produced, read from its header (no decoding). */
export async function imageSize(buf: Buffer): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  const { width, height } = await sharp(buf).metadata();
  if (!width || !height) throw badRequest(uploadMessages.unreadable);
  return { width, height };
}
