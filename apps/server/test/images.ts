import sharp from 'sharp';

/** Test images generated on the fly, so no binary fixtures live in the repository. */
export const solidPng = (side = 64, color = '#8B5CF6') =>
  sharp({ create: { width: side, height: side, channels: 3, background: color } })
    .png()
    .toBuffer();

/** Random pixels compress badly: a big file from a modest image. */
export async function noisyPng(side: number): Promise<Buffer> {
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A JPEG carrying a camera, a copyright and GPS coordinates in EXIF, rotated by its orientation tag. */
export const jpegWithExif = () =>
  sharp({ create: { width: 80, height: 40, channels: 3, background: '#10B981' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'FotocameraSegreta', Copyright: 'Mario Rossi' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '9/1 11/1 0/1' },
    })
    .toBuffer();

export function formWith(files: Array<{ name?: string; data: Buffer | string; type?: string; filename?: string }>): FormData {
  const fd = new FormData();
  for (const f of files) {
    const bytes = typeof f.data === 'string' ? Buffer.from(f.data) : f.data;
    fd.append(f.name ?? 'file', new Blob([new Uint8Array(bytes)], { type: f.type ?? 'image/png' }), f.filename ?? 'logo.png');
  }
  return fd;
}
